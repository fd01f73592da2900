import type { MiddlewareHandler } from 'hono'
import { requestMessages } from '../../contract/validation-messages'
import { log } from '../observability/log'
import { routeLabel } from '../observability/request-log'

/*
 * The deadline of every request (docs/operations.md "Deadlines and the watchdog", decision 111): a
 * request not answered within it is answered 503 `{ message }` (Japanese, `Retry-After: 1`) at
 * once, whatever its handler still waits for. The handler is not stopped (JavaScript cannot stop
 * an async function from outside); what it waits for is bounded on its own — PostgreSQL cancels a
 * statement after STATEMENT_TIMEOUT_MS (server/db/client.ts), and an event loop held by
 * computation is the watchdog's (server/observability/watchdog.ts) — so the caller is answered in
 * time and the work left behind ends by itself. Its later answer or failure goes nowhere: the
 * caller has been answered.
 */

/**
 * The calls that wait on purpose — on the payment provider, or (cancel-account, a charge's same
 * key) up to 30 s for a purchase in flight — have PAYMENT_DEADLINE_MS: answered 503 before their
 * own wait ends, the caller would be told to retry while the work left behind still commits (a
 * charge's lease resumes it, decision 51; an account closed after a "try again").
 */
const PAYMENT_PATHS = new Set(['/api/charge', '/api/tdsFinish', '/api/stripe/setup-intents', '/api/cancel-account'])

export function requestDeadline(limits: { requestDeadlineMs: number; paymentDeadlineMs: number }): MiddlewareHandler {
  return async (c, next) => {
    const ms = PAYMENT_PATHS.has(c.req.path) ? limits.paymentDeadlineMs : limits.requestDeadlineMs
    let timer: ReturnType<typeof setTimeout> | undefined
    const expired = new Promise<'expired'>((resolve) => {
      timer = setTimeout(() => resolve('expired'), ms)
    })
    const handled = next().then(() => 'answered' as const)
    const first = await Promise.race([handled, expired]).finally(() => clearTimeout(timer))
    if (first === 'answered') return
    // The route's pattern, never the path (it may hold a ticket number or a token: docs/operations.md "Logs").
    const route = routeLabel(c)
    handled.catch((err: unknown) => log().warn({ err, route }, 'a request past its deadline failed afterwards'))
    log().warn({ route, deadlineMs: ms }, 'request deadline passed: answered 503')
    c.res = c.json({ message: requestMessages.deadlineExceeded }, 503, { 'retry-after': '1', 'cache-control': 'no-store' })
  }
}
