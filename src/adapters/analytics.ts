import { loadScript } from './load-script'

/** Analytics port (product.md §7: events on date change, rating, cancellation and charge). */
export type AnalyticsPort = {
  pageView(path: string): void
  event(name: string, params?: Record<string, string | number | boolean>): void
}

type Gtag = (...args: unknown[]) => void

/**
 * After the first page is live: when the browser is idle, or 3 s at the latest. gtag.js is ≈ 150 KB
 * of third-party script whose evaluation on a phone is a long task of its own; the queue keeps
 * every event sent before it arrives (docs/performance.md "After the first interaction").
 */
function whenIdle(run: () => void) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 3000 })
  else setTimeout(run, 1000)
}

/** The gtag.js queue, created once; the real script, fetched when the browser is idle, drains it. */
export function gtagQueue(gaId: string): Gtag {
  const w = window as Window & { dataLayer?: unknown[]; gtag?: Gtag }
  if (!w.gtag) {
    w.dataLayer = w.dataLayer ?? []
    w.gtag = function gtag() {
      // gtag.js reads the `arguments` object itself, not an array.
      // eslint-disable-next-line prefer-rest-params
      w.dataLayer!.push(arguments)
    }
    w.gtag('js', new Date())
    w.gtag('config', gaId, { send_page_view: false })
    whenIdle(() => void loadScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(gaId)}`).catch(() => {}))
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
