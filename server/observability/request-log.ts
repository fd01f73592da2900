import type { Context, MiddlewareHandler } from 'hono'
import { requestId } from 'hono/request-id'
import { routePath } from 'hono/route'
import { log, requestContext } from './log'
import { metrics } from './metrics'

/**
 * What a request is logged and measured under: the pattern of the route that answered
 * (`/api/ticket-data`, `/sandbox/3ds/:tokenId`), never the raw path, which may hold a ticket number
 * or a token. The app's pages (the SPA's catch-all) are `(app)`, its files `/assets/*`, and a path
 * no route answered `(none)`.
 */
export function routeLabel(c: Context): string {
  let pattern: string
  try {
    pattern = routePath(c)
  } catch {
    pattern = '*'
  }
  if (pattern && pattern !== '*' && !pattern.endsWith('/*')) return pattern
  const path = c.req.path
  if (path === '/api' || path.startsWith('/api/') || path.startsWith('/sandbox/')) return '(none)'
  if (pattern === '*' && c.res.status !== 404) return path.startsWith('/assets/') ? '/assets/*' : '(app)'
  return '(none)'
}

/**
 * The request id: the caller's `X-Request-Id` when it is sane (word characters, `-` and `=`, at
 * most 64: the browser sends a UUID per call, src/api/client.ts), else a new UUID; echoed in the
 * response. Then one log line and one latency observation per request, every line logged while it
 * runs carrying the id.
 */
export function requestLogging(): MiddlewareHandler[] {
  return [
    requestId({ limitLength: 64 }),
    async (c, next) => {
      const started = performance.now()
      const id = c.get('requestId') as string
      await requestContext.run({ requestId: id }, async () => {
        await next()
        const route = routeLabel(c)
        const status = c.res.status
        const seconds = (performance.now() - started) / 1000
        metrics.requestSeconds.observe({ method: c.req.method, route, status: `${Math.floor(status / 100)}xx` }, seconds)
        log().info({ method: c.req.method, route, status, durationMs: Math.round(seconds * 10_000) / 10 }, 'request')
      })
    },
  ]
}
