import { hostname } from 'node:os'
import { and, inArray, like } from 'drizzle-orm'
import type { Db } from '../db/client'
import { purchaseAttempts } from '../db/schema'

/**
 * A stopping process gives up the purchase leases it still holds (docs/operations.md "Stopping",
 * docs/decisions.md 51): the attempts it could not finish within its grace period lapse at once,
 * so the next sweep of another replica — or the member's own retry of the key — reconciles them
 * with the provider instead of waiting a whole lease. The owner is cleared too: every write of the
 * attempt's step still running here is conditional on its owner, so it can change nothing after
 * this, and a charge taken meanwhile is recorded by whoever takes the attempt over.
 *
 * A lease owner is `<host>:<pid>:<random>` (server/services/purchase/lease.ts).
 */
export async function releaseProcessLeases(db: Db, now: Date, tag = `${hostname()}:${process.pid}`): Promise<number> {
  const released = await db
    .update(purchaseAttempts)
    .set({ leaseOwner: null, leaseUntil: now })
    .where(and(inArray(purchaseAttempts.status, ['held', 'charging']), like(purchaseAttempts.leaseOwner, `${tag.replace(/[\\%_]/g, '\\$&')}:%`)))
    .returning({ key: purchaseAttempts.idempotencyKey })
  return released.length
}
