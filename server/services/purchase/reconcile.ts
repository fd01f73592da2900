import { chargeMessages } from '../../../contract/messages'
import type { ChargeRequest } from '../../../contract/calls'
import type { Deps } from '../deps'
import { planOf, type AttemptRow } from './attempts'
import { fail } from './holds'
import { keepLease } from './lease'
import { finish, superseded } from './record'
import { log } from '../../observability/log'

export type Reconciled = 'recorded' | 'failed' | 'unknown' | 'lost'

/**
 * The sweeper's half (jobs/purchase-sweep.ts): an abandoned attempt it has just taken the
 * lease of, as `owner`. Held: the provider was never asked — fail and release. Charging: ask the
 * provider about the key; a charge found is recorded exactly as the request would have, none is
 * failed and released, and a provider that cannot tell yet leaves it for the next sweep.
 */
export async function reconcileAbandoned(deps: Deps, attempt: AttemptRow, owner: string): Promise<Reconciled> {
  const plan = planOf(attempt)
  const input = attempt.request as ChargeRequest | null
  const stop = keepLease(deps, attempt, owner)
  try {
    const abandoned = { status: 409, message: chargeMessages.attemptAbandoned }
    if (attempt.status === 'held') return (await fail(deps, attempt, owner, abandoned)) ? 'failed' : 'lost'
    const found = await deps.payment.findCharge(`${attempt.memberId}:${attempt.idempotencyKey}`, attempt.updatedAt)
    if (found.state === 'none') return (await fail(deps, attempt, owner, abandoned)) ? 'failed' : 'lost'
    if (found.state === 'unknown' || !plan || !input) {
      // Asked again once this lease lapses (an attempt from before plans were stored waits for an operator).
      if (!plan || !input) log().error({ memberId: attempt.memberId, idempotencyKey: attempt.idempotencyKey }, 'sweeper: attempt was charged but has no stored plan')
      return 'unknown'
    }
    try {
      await finish(deps, { attempt, plan, input, owner }, found.chargeId)
      return 'recorded'
    } catch (e) {
      if (superseded(e)) return 'lost'
      return 'failed'
    }
  } finally {
    stop()
  }
}
