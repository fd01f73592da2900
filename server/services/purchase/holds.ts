import { and, eq, isNull, lte, or } from 'drizzle-orm'
import { apiErrors, chargeMessages } from '../../../contract/messages'
import type { ChargeRequest, ChargeResponse } from '../../../contract/calls'
import type { Tx } from '../../db/client'
import { memberCoupons, purchaseAttempts } from '../../db/schema'
import { addMinutes } from '../../domain/time'
import { invalid, conflict, serverErrors } from '../../domain/errors'
import type { Deps } from '../deps'
import { newTicketNumber } from '../../infra/ids'
import { lockMember } from '../../infra/member-lock'
import { bookSlot, releaseBooking } from '../booking/schedule'
import { supportTelFor } from '../booking/support-tel'
import { inFlight, owned, planOf, whereKey, type AttemptRow, type Claimed, type Plan, type ProductRow } from './attempts'
import type { TokenFacts } from './card-token'
import { leaseEnd, newLeaseOwner } from './lease'
import { validateAndPrice } from './pricing'

/** How long a purchase may hold its cells, coupon and token (its bookings' held_until); its lease is separate. */
export const HOLD_MINUTES = 10

const ticketPrefix = (t: ProductRow['productType']) => (t === 'INTERVIEW' ? 'M' : t === 'ADD' ? 'A' : t === 'TIP' ? 'T' : 'S')

/** Gives back the cells, the coupon and the token an attempt took. */
async function releaseHolds(tx: Tx, deps: Deps, a: AttemptRow) {
  await releaseBooking(tx, a.ticketNumber)
  if (a.couponCode) {
    await tx
      .update(memberCoupons)
      .set({ usedAt: null, usedTicketNumber: null })
      .where(and(eq(memberCoupons.memberId, a.memberId), eq(memberCoupons.couponCode, a.couponCode), eq(memberCoupons.usedTicketNumber, a.ticketNumber)))
  }
  if (a.cardToken) await deps.payment.releaseToken(tx, a.cardToken, `${a.memberId}:${a.idempotencyKey}`)
}

/**
 * Abandoned attempts of the member that never reached the provider (held, lease lapsed) give back
 * what they took: cells, coupon, token; they end failed. (The sweeper would too, later; the
 * member's next purchase should not wait for it.) Runs under the member lock; the update is
 * conditional on the lapse, so an owner that renewed its lease meanwhile keeps its attempt.
 */
async function releaseAbandoned(tx: Tx, deps: Deps, memberId: string, now: Date) {
  const stale = await tx
    .update(purchaseAttempts)
    .set({ status: 'failed', error: { status: 409, message: chargeMessages.attemptAbandoned }, updatedAt: now })
    .where(and(eq(purchaseAttempts.memberId, memberId), eq(purchaseAttempts.status, 'held'), or(isNull(purchaseAttempts.leaseUntil), lte(purchaseAttempts.leaseUntil, now))))
    .returning()
  for (const a of stale) await releaseHolds(tx, deps, a)
}

/**
 * Failure after the hold: release cells, coupon and token, and store the answer of the key — only
 * while `owner` still holds the attempt (false otherwise: whoever took it over decides).
 */
export async function fail(deps: Deps, a: AttemptRow, owner: string, error: { status: number; message: string }): Promise<boolean> {
  const now = deps.clock.now()
  const done = await deps.db.transaction(async (tx) => {
    const [row] = await tx.update(purchaseAttempts).set({ status: 'failed', error, updatedAt: now }).where(owned(a, owner)).returning()
    if (row) await releaseHolds(tx, deps, row)
    return Boolean(row)
  })
  return done
}

/** Step 1: under the member lock, bind the key, validate and price, hold what the purchase needs. */
export async function claim(deps: Deps, memberId: string, key: string, fingerprint: string, input: ChargeRequest, token: TokenFacts | null): Promise<Claimed> {
  const { db, clock, payment } = deps
  const now = clock.now()
  const useKey = `${memberId}:${key}`
  const owner = newLeaseOwner()
  return db.transaction(async (tx) => {
    const m = await lockMember(tx, memberId)
    await releaseAbandoned(tx, deps, memberId, now)
    const [prev] = await tx.select().from(purchaseAttempts).where(whereKey(memberId, key))
    if (prev) {
      // Stripe's rule: a key stands for one request, whatever became of it.
      if (prev.fingerprint !== fingerprint) throw conflict(chargeMessages.idempotencyKeyReused)
      if (prev.status === 'succeeded') return { kind: 'replay', response: prev.response as ChargeResponse }
      if (inFlight(prev, now)) return { kind: 'wait' }
      const plan = planOf(prev)
      if (prev.status === 'charging' && plan) {
        // Abandoned while charging (its owner's lease lapsed): take it over as it stands — holds,
        // plan and ticket number — and ask the provider again with the same key. Conditional on
        // the lapse: a sweeper (or another request) that took it first wins, and this one waits.
        const [taken] = await tx
          .update(purchaseAttempts)
          .set({ leaseOwner: owner, leaseUntil: leaseEnd(deps) })
          .where(and(whereKey(memberId, key), eq(purchaseAttempts.status, 'charging'), or(isNull(purchaseAttempts.leaseUntil), lte(purchaseAttempts.leaseUntil, now))))
          .returning()
        return taken ? { kind: 'run', attempt: taken, plan, input, owner } : { kind: 'wait' }
      }
      // failed (a 429, a declined card…), or abandoned with nothing to resume: the same request
      // runs again on the same key (the provider answers a charge it made for the key meanwhile).
    }
    if (prev && prev.status !== 'failed') await releaseHolds(tx, deps, prev)
    const priced = await validateAndPrice(tx, m, input, key, token, now)
    const ticketNumber = prev?.ticketNumber ?? newTicketNumber(ticketPrefix(priced.product.productType))
    const expiresAt = addMinutes(now, HOLD_MINUTES)
    let heldStaff: string | null = null
    if (priced.start) {
      heldStaff = await bookSlot(tx, { start: priced.start, minutes: priced.product.minutesToSupport, staffId: priced.staffId, ticketNumber, now, heldUntil: expiresAt })
    }
    if (priced.coupon) {
      const used = await tx
        .update(memberCoupons)
        .set({ usedAt: now, usedTicketNumber: ticketNumber })
        .where(and(eq(memberCoupons.memberId, memberId), eq(memberCoupons.couponCode, priced.coupon.couponCode), isNull(memberCoupons.usedAt)))
        .returning({ c: memberCoupons.couponCode })
      if (used.length === 0) throw invalid(apiErrors.denyCoupon)
    }
    if (priced.source?.kind === 'token' && !(await payment.claimToken(tx, priced.source.token, memberId, useKey))) {
      throw invalid(serverErrors.tokenUsed)
    }
    const { productId, productType, productName, price, minutesToSupport } = priced.product
    const plan: Plan = {
      product: { productId, productType, productName, price, minutesToSupport },
      start: priced.start?.toISOString() ?? null,
      staffId: priced.staffId,
      heldStaff,
      parent: priced.parent,
      source: priced.source,
      menu: priced.menu,
      interviewTel: productType === 'INTERVIEW' ? supportTelFor(deps.config, m.lpSource) : null,
    }
    const values = {
      fingerprint,
      status: 'held' as const,
      productId,
      productType,
      parentTicketNumber: priced.parent,
      ticketNumber,
      amount: priced.amount,
      couponCode: priced.coupon?.couponCode ?? null,
      cardToken: priced.source?.kind === 'token' ? priced.source.token : null,
      chargeId: null,
      response: null,
      error: null,
      expiresAt,
      leaseOwner: owner,
      leaseUntil: leaseEnd(deps),
      request: input,
      plan,
      mailSentAt: null,
      updatedAt: now,
    }
    const [attempt] = prev
      ? await tx.update(purchaseAttempts).set(values).where(whereKey(memberId, key)).returning()
      : await tx.insert(purchaseAttempts).values({ memberId, idempotencyKey: key, createdAt: now, ...values }).returning()
    return { kind: 'run', attempt, plan, input, owner }
  })
}
