import { loadScript } from './load-script'

/** Analytics port (product.md §7: events on date change, rating, cancellation and charge). */
export type AnalyticsPort = {
  pageView(path: string): void
  event(name: string, params?: Record<string, string | number | boolean>): void
}

type Gtag = (...args: unknown[]) => void

/** The gtag.js queue, created once; the real script drains it when it arrives. */
export function gtagQueue(gaId: string): Gtag {
  const w = window as unknown as { dataLayer?: unknown[]; gtag?: Gtag }
  if (!w.gtag) {
    w.dataLayer = w.dataLayer ?? []
    w.gtag = function gtag() {
      // gtag.js reads the `arguments` object itself, not an array.
      // eslint-disable-next-line prefer-rest-params
      w.dataLayer!.push(arguments)
    }
    w.gtag('js', new Date())
    w.gtag('config', gaId, { send_page_view: false })
    void loadScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(gaId)}`).catch(() => {})
  }
  return w.gtag
}

export function createGtagAnalytics(gaId: string): AnalyticsPort {
  const gtag = gtagQueue(gaId)
  return {
    pageView: (path) => gtag('event', 'page_view', { page_path: path }),
    event: (name, params) => gtag('event', name, params ?? {}),
  }
}

export const consoleAnalytics: AnalyticsPort = {
  pageView: (path) => console.debug('[analytics] page_view', path),
  event: (name, params) => console.debug('[analytics]', name, params ?? {}),
}

/** product.md §9: analytics tag scripts load only in production builds. */
export function createAnalytics(options: { production: boolean; gaId?: string }): AnalyticsPort {
  return options.production && options.gaId ? createGtagAnalytics(options.gaId) : consoleAnalytics
}
