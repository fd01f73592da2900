import { AsyncLocalStorage } from 'node:async_hooks'
import type { Clock } from '../domain/time'

/**
 * The one clock of the server, movable per request where test routes are on (docs/decisions.md 81):
 * a browser test sends `x-test-now: <ISO instant>` and everything that request does — the member's
 * reads and writes, the jobs `POST /api/__test/jobs/run-due` runs, the mails they send — reads that
 * instant from `clock.now()`, while the other tests sharing the stack keep the real time. Only
 * server/app.ts sets it, and only with ENABLE_TEST_ROUTES=1, which production refuses
 * (docs/operations.md "Refused in production"): there the header is ignored.
 */
const moved = new AsyncLocalStorage<number>()

/** `base` unless the current request moved the time; then that instant. */
export const movableByRequest = (base: Clock): Clock => ({
  now: () => {
    const at = moved.getStore()
    return at === undefined ? base.now() : new Date(at)
  },
})

export const TEST_NOW_HEADER = 'x-test-now'

/** Runs `work` with the time moved to `header`'s instant (ignored when absent or not an instant). */
export function atRequestedTime<T>(header: string | undefined, work: () => Promise<T>): Promise<T> {
  const at = header ? Date.parse(header) : NaN
  return Number.isFinite(at) ? moved.run(at, work) : work()
}
