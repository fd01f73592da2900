import type { ChargeResponse } from '../../../contract/calls'
import { purchaseAttempts } from '../../db/schema'
import type { Deps, MemberRow } from '../deps'
import { whereKey } from './attempts'

/** `charge-attempt`: what became of the member's attempt with this key (docs/api.md). */
export async function attemptOutcome(deps: Deps, member: MemberRow, key: string) {
  const [a] = await deps.db.select().from(purchaseAttempts).where(whereKey(member.memberId, key))
  if (!a) return { status: 'NONE' as const, result: null }
  if (a.status === 'succeeded') return { status: 'SUCCEEDED' as const, result: a.response as ChargeResponse }
  // Unresolved, worked now or abandoned: it ends succeeded or failed (resumed or reconciled).
  if (a.status === 'held' || a.status === 'charging') return { status: 'PENDING' as const, result: null }
  return { status: 'FAILED' as const, result: null }
}
