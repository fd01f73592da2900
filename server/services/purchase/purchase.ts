import { chargeMessages } from '../../../contract/messages'
import type { ChargeRequest, ChargeResponse } from '../../../contract/calls'
import { purchaseAttempts } from '../../db/schema'
import { conflict, paymentRefusal } from '../../domain/errors'
import type { Deps, MemberRow } from '../deps'
import { owned, type Claimed, type Work } from './attempts'
import { checkToken } from './card-token'
import { fingerprintOf } from './fingerprint'
import { claim, fail } from './holds'
import { keepLease } from './lease'
import { errorOf, finish } from './record'

/*
 * A purchase is one persisted state machine per (member, Idempotency-Key) (docs/decisions.md 32):
 *
 *   (none | failed) ─claim─▶ held ─▶ charging ─▶ succeeded
 *                              └──────────┴──▶ failed (hold, coupon and token released)
 *
 * claim   (holds.ts) one transaction under the member's row lock: the key's fingerprint is checked
 *         (fingerprint.ts), the request validated and priced from the server's own product and
 *         coupon (pricing.ts), and what the purchase will consume is taken — the cells (booking
 *         rows with held_until, under the unique (consultant, cell) constraint), the coupon, the
 *         new card token (card-token.ts). A lost cell is STAFF_DENY here, before any money moves.
 *         The attempt keeps the validated request and the priced facts (`plan`, attempts.ts):
 *         enough to record it without its request.
 * charge  (this file) the provider, outside any transaction, with the idempotency key
 *         `<member>:<key>`.
 * record  (record.ts) one transaction under the member's row lock: ticket, purchase, saved card,
 *         the hold becomes a booking, the attempt stores its answer; then the mail (mail.ts).
 *
 * Who works an attempt holds its lease (lease.ts, docs/decisions.md 51). When a lease lapses (its
 * process died) the attempt is abandoned: the same key re-sent, to any replica, takes the lease
 * over at once and resumes — the provider answers the same charge for the same key — and a key
 * nobody re-sends is reconciled by the sweeper (jobs/purchase-sweep.ts, reconcile.ts), which
 * asks the provider whether the charge exists: recorded if it does, failed and released if not.
 * The hold (expires_at, HOLD_MINUTES) stays what readers of cells and coupons go by: a paid
 * attempt keeps its cells while it is resumed or reconciled. Its outcome: status.ts.
 *
 * The member row lock (infra/member-lock.ts) serialises every money write of one member and
 * cancel-account (services/member/cancel-account.ts waits while an attempt is unresolved).
 */

/** How long a duplicate request waits for the first one of its key before giving up (409). */
const WAIT_MS = 30_000
const POLL_MS = 40

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Step 2 (charge) and 3, while the owner keeps its lease. */
async function work(deps: Deps, w: Work): Promise<ChargeResponse> {
  const { attempt, plan, owner } = w
  const stop = keepLease(deps, attempt, owner)
  try {
    let chargeId: string | null = null
    if (attempt.amount > 0 && plan.source) {
      // From here on the provider may hold money for this key: an attempt abandoned in `charging`
      // is asked about (sweeper) or charged again with the same key (resume), never just dropped.
      const [moved] = await deps.db.update(purchaseAttempts).set({ status: 'charging', updatedAt: deps.clock.now() }).where(owned(attempt, owner)).returning()
      if (!moved) throw conflict(chargeMessages.attemptSuperseded)
      let r
      try {
        r = await deps.payment.charge({ source: plan.source.kind === 'saved' ? plan.source.ref : plan.source.token, amount: attempt.amount, idempotencyKey: `${attempt.memberId}:${attempt.idempotencyKey}` })
      } catch (e) {
        // No answer from the provider: release and fail. The same key re-sent runs again and the
        // provider, idempotent per key, answers the charge it may have made meanwhile.
        await fail(deps, attempt, owner, errorOf(e))
        throw e
      }
      if (!r.ok) {
        await fail(deps, attempt, owner, { status: r.status, message: r.message })
        throw paymentRefusal(r)
      }
      chargeId = r.chargeId
    }
    return await finish(deps, w, chargeId)
  } finally {
    stop()
  }
}

/**
 * `charge` (docs/product.md §7): one purchase attempt per Idempotency-Key. Same key and body: the
 * first answer (a duplicate sent meanwhile waits for it, or resumes it when its process died);
 * same key, other body: 409; a failed attempt (429, declined) may be re-sent with the same key and
 * body.
 */
export async function purchase(deps: Deps, member: MemberRow, key: string, input: ChargeRequest): Promise<ChargeResponse> {
  const fingerprint = fingerprintOf(member.memberId, input)
  const token = await checkToken(deps, member, input, `${member.memberId}:${key}`)
  const deadline = Date.now() + WAIT_MS
  let claimed: Claimed
  for (;;) {
    claimed = await claim(deps, member.memberId, key, fingerprint, input, token)
    if (claimed.kind !== 'wait') break
    if (Date.now() > deadline) throw conflict(chargeMessages.attemptInProgress)
    await sleep(POLL_MS)
  }
  if (claimed.kind === 'replay') return claimed.response
  return work(deps, claimed)
}
