import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { purchaseAttempts } from '../../db/schema'
import type { Deps } from '../deps'
import { owned, type AttemptRow } from './attempts'
import { log } from '../../observability/log'

// Who works an attempt holds its lease (docs/decisions.md 51): `lease_owner`, renewed by a
// heartbeat until `lease_until`. Every step after the claim writes only while the row still names
// its owner, so a process that lost its lease changes nothing.

/** `<host>:<pid>` of this process: the first part of every lease it takes. */
const PROCESS_TAG = `${hostname()}:${process.pid}`

/** A lease owner for one request or one sweep of this process. */
export const newLeaseOwner = () => `${PROCESS_TAG}:${randomBytes(4).toString('hex')}`

export const leaseEnd = (deps: Deps) => new Date(deps.clock.now().getTime() + deps.config.purchaseLeaseMs)

/**
 * Renews the lease every third of its length while the owner works (a provider call may take long);
 * stops renewing once the attempt is resolved or taken over. Returns the stop function.
 */
export function keepLease(deps: Deps, a: AttemptRow, owner: string): () => void {
  const timer = setInterval(() => {
    deps.db
      .update(purchaseAttempts)
      .set({ leaseUntil: leaseEnd(deps) })
      .where(owned(a, owner))
      .catch((e: Error) => log().warn({ err: e, idempotencyKey: a.idempotencyKey }, 'checkout: lease renewal failed'))
  }, Math.max(200, Math.floor(deps.config.purchaseLeaseMs / 3)))
  timer.unref?.()
  return () => clearInterval(timer)
}
