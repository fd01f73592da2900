import { and, eq, inArray, isNull, lte } from 'drizzle-orm'
import { purchaseAttempts } from '../db/schema'
import type { Deps } from '../services/deps'
import { log as logger } from '../observability/log'
import { metrics } from '../observability/metrics'
import { newLeaseOwner } from '../services/purchase/lease'
import { sendPurchaseMail } from '../services/purchase/mail'
import { reconcileAbandoned, type Reconciled } from '../services/purchase/reconcile'
import type { JobDefinition } from './engine'

/**
 * The purchase sweeper (docs/decisions.md 51), a job of the engine (decision 80). Each sweep
 * takes the leases of abandoned attempts — held or charging, lease lapsed — with
 * `FOR UPDATE SKIP LOCKED`, so replicas sweeping at once share the work instead of queueing on
 * it, and reconciles them with the provider (services/purchase/reconcile.ts). It also
 * sends the purchase mail of a recorded purchase whose process died before mailing it.
 */

const BATCH = 20

export type SweepResult = Record<Reconciled, number> & { mailed: number }

/** One sweep: as many batches as there are abandoned attempts. */
export async function sweepPurchases(deps: Deps): Promise<SweepResult> {
  const result: SweepResult = { recorded: 0, failed: 0, unknown: 0, lost: 0, mailed: 0 }
  for (;;) {
    const owner = newLeaseOwner()
    const now = deps.clock.now()
    const until = new Date(now.getTime() + deps.config.purchaseLeaseMs)
    const taken = await deps.db.transaction(async (tx) => {
      const stale = await tx
        .select()
        .from(purchaseAttempts)
        .where(and(inArray(purchaseAttempts.status, ['held', 'charging']), lte(purchaseAttempts.leaseUntil, now)))
        .orderBy(purchaseAttempts.leaseUntil)
        .limit(BATCH)
        .for('update', { skipLocked: true })
      const rows = []
      for (const a of stale) {
        const [row] = await tx
          .update(purchaseAttempts)
          .set({ leaseOwner: owner, leaseUntil: until })
          .where(and(eq(purchaseAttempts.memberId, a.memberId), eq(purchaseAttempts.idempotencyKey, a.idempotencyKey)))
          .returning()
        rows.push(row)
      }
      return rows
    })
    for (const a of taken) {
      try {
        result[await reconcileAbandoned(deps, a, owner)]++
      } catch (e) {
        result.unknown++
        logger().error({ err: e, memberId: a.memberId, idempotencyKey: a.idempotencyKey }, 'sweeper: reconciliation failed')
      }
    }
    if (taken.length < BATCH) break
  }
  // Recorded, not mailed, and its recorder silent for a whole lease: it died before mailing.
  const quiet = new Date(deps.clock.now().getTime() - deps.config.purchaseLeaseMs)
  const unmailed = await deps.db
    .select({ memberId: purchaseAttempts.memberId, key: purchaseAttempts.idempotencyKey })
    .from(purchaseAttempts)
    .where(and(eq(purchaseAttempts.status, 'succeeded'), isNull(purchaseAttempts.mailSentAt), lte(purchaseAttempts.updatedAt, quiet)))
    .limit(BATCH)
  for (const u of unmailed) if (await sendPurchaseMail(deps, u.memberId, u.key)) result.mailed++
  // What the sweep changed reaches the other replicas' caches (the app flushes after each request).
  await deps.caches.flush()
  return result
}

/**
 * The sweep as a job of the engine (server/jobs/engine.ts): as often as PURCHASE_SWEEP_MS says
 * (0: never), one run per interval across the replicas. Runs at once are harmless besides: each
 * takes only the attempts nobody else has locked.
 */
export const purchaseSweepJob = {
  name: 'purchase-sweep',
  schedule: (config) => (config.purchaseSweepMs > 0 ? { everyMs: config.purchaseSweepMs } : null),
  retryLimit: 0,
  run: async (deps) => {
    const r = await sweepPurchases(deps)
    for (const [result, n] of Object.entries(r)) if (n > 0) metrics.sweeperReconciliations.inc({ result }, n)
    if (r.recorded + r.failed + r.unknown + r.mailed > 0) logger().info(`[sweeper] abandoned purchases: ${JSON.stringify(r)}`)
    return r
  },
} satisfies JobDefinition
