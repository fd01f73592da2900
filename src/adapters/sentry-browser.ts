import { dedupeIntegration, init, linkedErrorsIntegration, withScope, captureException, type ErrorEvent } from '@sentry/react'
import { scrub } from '../../contract/personal-data'
import type { ErrorReportsConfig } from './error-reporting'

// Loaded on the first error only (src/adapters/error-reporting.ts): Sentry's browser SDK, errors
// only — no tracing, no replay, no breadcrumbs (they would carry what members typed and where).

/** Query strings (reset codes, tokens) and anything of a person taken out of an event. */
function scrubEvent(event: ErrorEvent): ErrorEvent {
  if (event.request) {
    delete event.request.headers
    delete event.request.cookies
    delete event.request.data
    delete event.request.query_string
    if (event.request.url) event.request.url = event.request.url.split(/[?#]/)[0]
  }
  delete event.user
  return JSON.parse(scrub(JSON.stringify(event))) as ErrorEvent
}

export function startSentry(config: ErrorReportsConfig) {
  init({
    dsn: config.dsn,
    release: config.release,
    environment: config.environment,
    // The page's own listeners hand errors over (error-reporting.ts): none of the SDK's.
    defaultIntegrations: false,
    integrations: [dedupeIntegration(), linkedErrorsIntegration()],
    beforeSend: scrubEvent,
    beforeBreadcrumb: () => null,
  })
  return (q: { error: unknown; context?: Record<string, string>; requestId?: string }) =>
    withScope((scope) => {
      if (q.requestId) scope.setTag('request_id', q.requestId)
      if (q.context) for (const [k, v] of Object.entries(q.context)) scope.setTag(k, v)
      scope.setTag('path', location.pathname)
      captureException(q.error)
    })
}
