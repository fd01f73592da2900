import type { ErrorEvent, EventHint } from '@sentry/node'
import { currentRequestId, log, scrub } from './log'

/*
 * Error reports of the server (docs/operations.md "Error reports"): Sentry's Node SDK when
 * SENTRY_DSN is set, loaded only then; without a DSN the SDK is never imported and an error is a
 * log line only. Every event carries the request id (tag `request_id`) and passes through the same
 * scrub as the log lines: no e-mail address, token, card or phone number leaves the process.
 */

type SentryNode = typeof import('@sentry/node')

let sentry: SentryNode | null = null

/** Everything of an event that is text, scrubbed; the request's body, cookies and headers dropped. */
function scrubEvent<E extends ErrorEvent>(event: E): E {
  if (event.request) {
    delete event.request.data
    delete event.request.cookies
    delete event.request.headers
    delete event.request.query_string
    if (event.request.url) event.request.url = event.request.url.split('?')[0]
  }
  delete event.user
  return JSON.parse(scrub(JSON.stringify(event))) as E
}

export async function initErrorReports(opts: { dsn: string | undefined; release: string; environment: string }): Promise<boolean> {
  if (!opts.dsn) return false
  const Sentry = await import('@sentry/node')
  Sentry.init({
    dsn: opts.dsn,
    release: opts.release,
    environment: opts.environment,
    // Errors only: no tracing, no automatic instrumentation of modules.
    defaultIntegrations: false,
    integrations: [
      Sentry.linkedErrorsIntegration(),
      Sentry.dedupeIntegration(),
      Sentry.functionToStringIntegration(),
      Sentry.nodeContextIntegration(),
      Sentry.onUncaughtExceptionIntegration(),
      Sentry.onUnhandledRejectionIntegration(),
    ],
    beforeSend: (event: ErrorEvent, _hint: EventHint) => scrubEvent(event),
    beforeBreadcrumb: () => null,
  })
  sentry = Sentry
  return true
}

/** An unexpected error of a request (its 500): a log line, and an event when reports are on. */
export function reportServerError(error: unknown, where: { method: string; route: string }): void {
  log().error({ err: error, ...where }, 'unhandled error')
  if (!sentry) return
  const requestId = currentRequestId()
  sentry.withScope((scope) => {
    if (requestId) scope.setTag('request_id', requestId)
    scope.setTag('route', where.route)
    scope.setTag('method', where.method)
    sentry!.captureException(error)
  })
}

/** Sends what is queued (before the process exits). */
export async function flushErrorReports(timeoutMs = 2000): Promise<void> {
  await sentry?.flush(timeoutMs)
}
