import { lastRequestId } from '../api/request-id'

/** Error-reporting port (product.md §1: an error-reporting service exists). */
export type ErrorReporter = {
  report(error: unknown, context?: Record<string, string>): void
}

export const consoleErrorReporter: ErrorReporter = {
  report: (error, context) => console.error('[error]', error, context ?? {}),
}

export type ErrorReportsConfig = { dsn: string; release: string; environment: string }

type Queued = { error: unknown; context?: Record<string, string>; requestId?: string }

/**
 * Sentry (docs/operations.md "Error reports"), for a build with `VITE_SENTRY_DSN`. The SDK is not
 * in the bundle members load: it is imported on the first error only (src/adapters/sentry-browser.ts,
 * a chunk of its own), so a page without errors never downloads it. Two small listeners catch what
 * nobody caught — an error thrown in a handler or a timer, a rejected promise — and the router
 * reports what a view threw (src/app/router.ts). Each report carries the id of the last API call.
 */
function createSentryErrorReporter(config: ErrorReportsConfig, target: Pick<Window, 'addEventListener'> = window): ErrorReporter {
  const queue: Queued[] = []
  let send: ((q: Queued) => void) | null = null
  let loading = false
  const load = () => {
    if (loading) return
    loading = true
    import('./sentry-browser')
      .then(({ startSentry }) => {
        send = startSentry(config)
        for (const q of queue.splice(0)) send(q)
      })
      .catch((e: unknown) => console.error('[error] the error-reporting SDK did not load', e))
  }
  const reporter: ErrorReporter = {
    report(error, context) {
      const q = { error, context, requestId: lastRequestId() }
      console.error('[error]', error, context ?? {})
      if (send) send(q)
      else {
        queue.push(q)
        load()
      }
    },
  }
  target.addEventListener('error', (e) => reporter.report((e as ErrorEvent).error ?? (e as ErrorEvent).message, { where: 'window.onerror' }))
  target.addEventListener('unhandledrejection', (e) => reporter.report((e as PromiseRejectionEvent).reason, { where: 'unhandledrejection' }))
  return reporter
}

export function createErrorReporter(options: { errorReports?: ErrorReportsConfig }): ErrorReporter {
  // The build's own value, replaced by the bundler: a build without a DSN has neither the listeners
  // nor the SDK's chunk.
  if (!import.meta.env.VITE_SENTRY_DSN) return consoleErrorReporter
  return options.errorReports && typeof window !== 'undefined' ? createSentryErrorReporter(options.errorReports) : consoleErrorReporter
}
