import { sql } from 'drizzle-orm'
import type { Context } from 'hono'
import type { Db } from '../db/client'

/*
 * Liveness and readiness (docs/operations.md "Health and readiness"). `/api/health` answers as long
 * as the process runs its event loop: restart it when that fails. `/api/ready` says whether to send
 * it traffic: 503 while it starts (migrations, seeding: server/main.ts answers it then), while it
 * stops (SIGTERM), after its event loop was blocked (`event-loop`, the watchdog: it ends then), and
 * whenever the database does not answer a `SELECT 1` within two seconds.
 */

let stopping = false
let loopBlocked = false

/** SIGTERM: the balancer should send no more requests here. */
export const markStopping = () => {
  stopping = true
}

/**
 * The event loop was held longer than WATCHDOG_BLOCKED_MS (watchdog.ts): this process is not to be
 * trusted with traffic again, and ends (server/main.ts).
 */
export const markLoopBlocked = () => {
  loopBlocked = true
}

const READY_TIMEOUT_MS = 2000

const notReady = (c: Context, reason: string) => c.json({ ready: false, reason }, 503, { 'cache-control': 'no-store', 'retry-after': '1' })

export function readinessHandler(db: Db) {
  return async (c: Context) => {
    if (loopBlocked) return notReady(c, 'event-loop')
    if (stopping) return notReady(c, 'stopping')
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS)))
    const ok = await Promise.race([db.execute(sql`select 1`).then(() => true, () => false), timeout])
    clearTimeout(timer)
    if (!ok) return notReady(c, 'database')
    return c.json({ ready: true }, 200, { 'cache-control': 'no-store' })
  }
}
