import { createHash, randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { and, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm'
import { apiErrors, chargeMessages } from '../../contract/messages'
import type { ChargeRequest, ChargeResponse } from '../../contract/calls'
import type { PaymentPort } from '../adapters/payment'
import type { StripePayment } from '../adapters/stripe-payment'
import type { Tx } from '../db/client'
import { coupons, memberCoupons, members, products, purchaseAttempts, purchases, reservationMenus, savedCards, staff, tickets } from '../db/schema'
import { addMinutes, parseReservationTime } from '../domain/time'
import { couponFits } from '../../contract/reservation-rules'
import { HttpError, badRequest, notFound, serverErrors, unauthorized } from '../http/errors'
import type { Deps, MemberRow } from '../http/handler'
import { newReceiptNumber, newTicketNumber } from './ids'
import { mails } from './mails'
import { bookSlot, confirmBooking, releaseBooking } from './schedule'
import { supportTelFor } from './support-tel'

/*
 * A purchase is one persisted state machine per (member, Idempotency-Key), issue 13:
 *
 *   (none | failed) ─claim─▶ held ─▶ charging ─▶ succeeded
 *                              └──────────┴──▶ failed (hold, coupon and token released)
 *
 * claim   one transaction under the member's row lock: the key's fingerprint is checked, the
 *         request validated and priced from the server's own product and coupon, and what the
 *         purchase will consume is taken — the cells (booking rows with held_until, under the
 *         unique (consultant, cell) constraint), the coupon, the new card token. A lost cell is
 *         STAFF_DENY here, before any money moves. The attempt keeps the validated request and
 *         the priced facts (`plan`): enough to record it without its request.
 * charge  the provider, outside any transaction, with the idempotency key `<member>:<key>`.
 * record  one transaction under the member's row lock: ticket, purchase, saved card, the hold
 *         becomes a booking, the attempt stores its answer.
 *
 * Who works an attempt holds its lease (issue 16, docs/decisions.md 51): `lease_owner`, renewed by
 * a heartbeat until `lease_until`. Every step after the claim (charging, record, fail) writes only
 * while the row still names its owner, so a process that lost its lease changes nothing. When a
 * lease lapses (its process died) the attempt is abandoned: the same key re-sent, to any replica,
 * takes the lease over at once and resumes — the provider answers the same charge for the same
 * key — and a key nobody re-sends is reconciled by a sweeper (services/purchase-sweeper.ts) that
 * asks the provider whether the charge exists: recorded if it does, failed and released if not.
 * The hold (expires_at, HOLD_MINUTES) stays what readers of cells and coupons go by: a paid
 * attempt keeps its cells while it is resumed or reconciled.
 *
 * The member row lock serialises every money write of one member and cancel-account
 * (services/cancel-account.ts waits while an attempt is unresolved).
 */

/** How long a purchase may hold its cells, coupon and token (its bookings' held_until); its lease is separate. */
export const HOLD_MINUTES = 10
/** How long a duplicate request waits for the first one of its key before giving up (409). */
const WAIT_MS = 30_000
const POLL_MS = 40

type ProductRow = typeof products.$inferSelect
type CouponRow = typeof coupons.$inferSelect
type AttemptRow = typeof purchaseAttempts.$inferSelect

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** JSON with object keys sorted: the same request always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

/** The request's fingerprint: its parsed body (defaults applied) and the member. */
export const fingerprintOf = (memberId: string, input: ChargeRequest) => createHash('sha256').update(`${memberId}\n${canonical(input)}`).digest('hex')

const isStripe = (p: PaymentPort): p is StripePayment => p.kind === 'stripe'

/** Locks the member row until the transaction ends; a cancelled member is 401. */
export async function lockMember(tx: Tx, memberId: string): Promise<MemberRow> {
  const [row] = await tx.select().from(members).where(eq(members.memberId, memberId)).for('update')
  if (!row) throw unauthorized()
  return row
}

/** spec §2 "Ticket menu": only products shown on the member page are on sale. */
export async function loadSaleProduct(db: Tx, productId: string): Promise<ProductRow> {
  const [p] = await db.select().from(products).where(and(eq(products.productId, productId), eq(products.showOnMypage, true)))
  if (!p) throw badRequest(serverErrors.productNotFound)
  return p
}


/** A held, unused, unexpired coupon that applies to the product; null otherwise. */
export async function usableCoupon(db: Tx, memberId: string, code: string, p: ProductRow, now: Date): Promise<CouponRow | null> {
  const [row] = await db
    .select()
    .from(memberCoupons)
    .innerJoin(coupons, eq(coupons.couponCode, memberCoupons.couponCode))
    .where(and(eq(memberCoupons.memberId, memberId), eq(memberCoupons.couponCode, code), isNull(memberCoupons.usedAt), gt(coupons.expire, now)))
  return row && couponFits(row.coupons, p) ? row.coupons : null
}

const unresolved = ['held', 'charging'] as const
const whereKey = (memberId: string, key: string) => and(eq(purchaseAttempts.memberId, memberId), eq(purchaseAttempts.idempotencyKey, key))
/** The attempt, while it is unresolved and `owner` still holds its lease. */
const owned = (a: { memberId: string; idempotencyKey: string }, owner: string) =>
  and(whereKey(a.memberId, a.idempotencyKey), eq(purchaseAttempts.leaseOwner, owner), inArray(purchaseAttempts.status, [...unresolved]))

/**
 * Attempts of this member not yet succeeded or failed: their tips and interviews count as taken,
 * and cancel-account waits for them. An abandoned one too — it may still be recorded (the sweeper
 * resolves it within its interval).
 */
const liveAttempts = (tx: Tx, memberId: string) =>
  tx.select().from(purchaseAttempts).where(and(eq(purchaseAttempts.memberId, memberId), inArray(purchaseAttempts.status, [...unresolved])))

/** Someone is working the attempt right now: its lease has not lapsed. */
const inFlight = (a: AttemptRow, now: Date) => (a.status === 'held' || a.status === 'charging') && a.leaseUntil !== null && a.leaseUntil.getTime() > now.getTime()

/** Is a purchase of this member still between its hold and its record? (cancel-account waits.) */
export async function hasLivePurchase(tx: Tx, memberId: string): Promise<boolean> {
  return (await liveAttempts(tx, memberId)).length > 0
}

/** `<host>:<pid>` of this process: the first part of every lease it takes. */
const PROCESS_TAG = `${hostname()}:${process.pid}`
/** A lease owner for one request or one sweep of this process. */
export const newLeaseOwner = () => `${PROCESS_TAG}:${randomBytes(4).toString('hex')}`
const leaseEnd = (deps: Deps) => new Date(deps.clock.now().getTime() + deps.config.purchaseLeaseMs)

/**
 * Renews the lease every third of its length while the owner works (a provider call may take long);
 * stops renewing once the attempt is resolved or taken over. Returns the stop function.
 */
function keepLease(deps: Deps, a: AttemptRow, owner: string): () => void {
  const timer = setInterval(() => {
    deps.db
      .update(purchaseAttempts)
      .set({ leaseUntil: leaseEnd(deps) })
      .where(owned(a, owner))
      .catch((e: Error) => console.error(`[checkout] lease renewal of ${a.idempotencyKey} failed: ${e.message}`))
  }, Math.max(200, Math.floor(deps.config.purchaseLeaseMs / 3)))
  timer.unref?.()
  return () => clearInterval(timer)
}

type Priced = {
  product: ProductRow
  start: Date | null
  staffId: string | null
  coupon: CouponRow | null
  amount: number
  parent: string | null
  source: { kind: 'saved'; ref: string } | { kind: 'token'; token: string; brand: string; last4: string } | null
  menu: ChargeRequest['reservationMenuList']
}

/**
 * Validate and price (spec §3 charge request, §4 Payment; issue 13 item 9). Runs under the member
 * lock, so the once-only rules (one tip per ticket, one free interview) also see the member's
 * purchases still in flight.
 */
async function validateAndPrice(tx: Tx, m: MemberRow, input: ChargeRequest, key: string, token: TokenFacts | null, now: Date): Promise<Priced> {
  const p = await loadSaleProduct(tx, input.productId)
  const live = (await liveAttempts(tx, m.memberId)).filter((a) => a.idempotencyKey !== key)

  let start: Date | null = null
  if (p.productType === 'SUPPORT') {
    start = parseReservationTime(input.reservationTime)
    if (!start) throw badRequest(serverErrors.reservationTimeInvalid)
  }

  // ADD (an extension) and TIP belong to one of the member's own SUPPORT tickets.
  let parent: string | null = null
  if (p.productType === 'ADD' || p.productType === 'TIP') {
    if (!input.parentTicketNumber) throw badRequest(serverErrors.parentTicketRequired)
    const [row] = await tx.select().from(tickets).where(and(eq(tickets.ticketNumber, input.parentTicketNumber), eq(tickets.memberId, m.memberId)))
    if (!row) throw notFound(serverErrors.ticketNotFound)
    if (row.productType !== 'SUPPORT' || row.amountRefunded > 0) throw badRequest(serverErrors.parentTicketInvalid)
    parent = row.ticketNumber
    if (p.productType === 'TIP') {
      // One tip per ticket (design.md "Rating"): a recorded one, or one being paid right now.
      const [tipped] = await tx.select({ n: tickets.ticketNumber }).from(tickets).where(and(eq(tickets.parentTicketNumber, parent), eq(tickets.productType, 'TIP')))
      if (tipped || live.some((a) => a.productType === 'TIP' && a.parentTicketNumber === parent)) throw badRequest(serverErrors.alreadyTipped)
    }
  }

  // spec §4 "First-time user": the free interview ticket is given once, to a member who has none.
  if (p.productType === 'INTERVIEW') {
    const [held] = await tx.select({ n: tickets.ticketNumber }).from(tickets).where(and(eq(tickets.memberId, m.memberId), eq(tickets.productType, 'INTERVIEW')))
    if (held || m.useFreeInterviewTime || live.some((a) => a.productType === 'INTERVIEW')) throw badRequest(serverErrors.interviewNotAvailable)
  }

  // reservationMenuList: items of the reservation-menu-list for this product's minutes, as listed.
  const menu = input.reservationMenuList
  if (menu.length > 0) {
    if (p.productType !== 'SUPPORT') throw badRequest(serverErrors.menuInvalid)
    const ids = [...new Set(menu.map((i) => i.menuId))]
    if (ids.length !== menu.length) throw badRequest(serverErrors.menuInvalid)
    const rows = await tx.select().from(reservationMenus).where(inArray(reservationMenus.menuId, ids))
    const byId = new Map(rows.map((r) => [r.menuId, r]))
    for (const item of menu) {
      const row = byId.get(item.menuId)
      if (!row || row.estimatedMinute !== p.minutesToSupport || item.estimatedMinute !== row.estimatedMinute || item.menuTitle !== row.menuTitle) {
        throw badRequest(serverErrors.menuInvalid)
      }
    }
  }

  const staffId = p.productType === 'SUPPORT' && input.staffId ? input.staffId : null
  if (staffId) {
    const [s] = await tx.select({ id: staff.staffId }).from(staff).where(eq(staff.staffId, staffId))
    if (!s) throw badRequest(apiErrors.staffDeny)
  }

  let coupon: CouponRow | null = null
  if (input.couponCode) {
    coupon = await usableCoupon(tx, m.memberId, input.couponCode, p, now)
    if (!coupon) throw badRequest(apiErrors.denyCoupon)
  }
  // Amounts come only from the server's product and coupon.
  const amount = Math.max(0, p.price - (coupon?.discountPrice ?? 0))

  let source: Priced['source'] = null
  if (input.cardId) {
    const [card] = await tx.select().from(savedCards).where(and(eq(savedCards.cardId, input.cardId), eq(savedCards.memberId, m.memberId)))
    if (!card) throw badRequest(serverErrors.cardNotFound)
    source = { kind: 'saved', ref: card.providerRef }
  } else if (input.cardToken && token) {
    source = { kind: 'token', token: input.cardToken, brand: token.brand, last4: token.last4 }
  } else if (amount > 0) {
    throw badRequest(serverErrors.paymentMethodRequired)
  }
  return { product: p, start, staffId, coupon, amount, parent, source, menu }
}

/**
 * A new card token pays only for the member who made it, once (issue 13 item 6). Stripe: the
 * PaymentMethod must be set up on the member's own Customer.
 */
export async function assertTokenUsable(deps: Deps, m: MemberRow, tokenId: string, useKey?: string) {
  const { payment } = deps
  if (isStripe(payment)) {
    const owner = await payment.customerOf(tokenId)
    if (!owner || owner !== m.stripeCustomerId) throw badRequest(serverErrors.tokenNotFound)
    return
  }
  const use = await payment.tokenUse(tokenId, m.memberId, useKey)
  if (use === 'missing' || use === 'foreign') throw badRequest(serverErrors.tokenNotFound)
  if (use === 'used') throw badRequest(serverErrors.tokenUsed)
}

const ticketPrefix = (t: ProductRow['productType']) => (t === 'INTERVIEW' ? 'M' : t === 'ADD' ? 'A' : t === 'TIP' ? 'T' : 'S')

type TokenFacts = { brand: string; last4: string }

/**
 * The new card's token, checked with the provider before the claim transaction (the provider's
 * own reads must not run inside it): the member's own, unused (or used by this very key), 3-D
 * Secure done. claimToken inside the transaction is what really takes it.
 */
async function checkToken(deps: Deps, m: MemberRow, input: ChargeRequest, useKey: string): Promise<TokenFacts | null> {
  if (input.cardId || !input.cardToken) return null
  await assertTokenUsable(deps, m, input.cardToken, useKey)
  const t = await deps.payment.inspectToken(input.cardToken)
  if (!t) throw badRequest(serverErrors.tokenNotFound)
  if (t.threeDSecure !== 'succeeded') throw badRequest(serverErrors.threeDSecureRequired)
  return { brand: t.brand, last4: t.last4 }
}

/**
 * The priced facts of an attempt, as stored on it (`plan`): what `record` needs besides the request
 * body, so a process that never saw the request can record it (services/purchase-sweeper.ts).
 * Card numbers never: a new card is its provider token, a saved card its provider reference.
 */
type Plan = {
  product: Pick<ProductRow, 'productId' | 'productType' | 'productName' | 'price' | 'minutesToSupport'>
  /** The reservation start (ISO instant) of a SUPPORT ticket. */
  start: string | null
  /** The consultant asked for (null: no preference) and the one whose cells are held. */
  staffId: string | null
  heldStaff: string | null
  parent: string | null
  source: Priced['source']
  menu: ChargeRequest['reservationMenuList']
  /** spec §9: the interview's phone number by the landing page the member signed up from. */
  interviewTel: string | null
}

type Work = { attempt: AttemptRow; plan: Plan; input: ChargeRequest; owner: string }

type Claimed = { kind: 'replay'; response: ChargeResponse } | { kind: 'wait' } | ({ kind: 'run' } & Work)

const planOf = (a: AttemptRow): Plan | null => (a.plan as Plan | null) ?? null

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

/** Step 1: under the member lock, bind the key, validate and price, hold what the purchase needs. */
async function claim(deps: Deps, memberId: string, key: string, fingerprint: string, input: ChargeRequest, token: TokenFacts | null): Promise<Claimed> {
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
      if (prev.fingerprint !== fingerprint) throw new HttpError(409, chargeMessages.idempotencyKeyReused)
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
      if (used.length === 0) throw badRequest(apiErrors.denyCoupon)
    }
    if (priced.source?.kind === 'token' && !(await payment.claimToken(tx, priced.source.token, memberId, useKey))) {
      throw badRequest(serverErrors.tokenUsed)
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
      request: input as unknown as Record<string, unknown>,
      plan: plan as unknown as Record<string, unknown>,
      mailSentAt: null,
      updatedAt: now,
    }
    const [attempt] = prev
      ? await tx.update(purchaseAttempts).set(values).where(whereKey(memberId, key)).returning()
      : await tx.insert(purchaseAttempts).values({ memberId, idempotencyKey: key, createdAt: now, ...values }).returning()
    return { kind: 'run', attempt, plan, input, owner }
  })
}

/**
 * Failure after the hold: release cells, coupon and token, and store the answer of the key — only
 * while `owner` still holds the attempt (false otherwise: whoever took it over decides).
 */
async function fail(deps: Deps, a: AttemptRow, owner: string, error: { status: number; message: string }): Promise<boolean> {
  const now = deps.clock.now()
  const done = await deps.db.transaction(async (tx) => {
    const [row] = await tx.update(purchaseAttempts).set({ status: 'failed', error, updatedAt: now }).where(owned(a, owner)).returning()
    if (row) await releaseHolds(tx, deps, row)
    return Boolean(row)
  })
  if (done) deps.caches.scheduleChanged()
  return done
}

const errorOf = (e: unknown) => (e instanceof HttpError ? { status: e.status, message: e.message } : { status: 500, message: 'Internal Server Error' })
const superseded = (e: unknown) => e instanceof HttpError && e.message === chargeMessages.attemptSuperseded

/** Step 3: under the member lock, turn the hold into the member's ticket and purchase. */
async function record(deps: Deps, w: Work, chargeId: string | null): Promise<ChargeResponse> {
  const { db, clock } = deps
  const { attempt: a, plan, input, owner } = w
  const now = clock.now()
  const p = plan.product
  const start = plan.start ? new Date(plan.start) : null
  return db.transaction(async (tx) => {
    await lockMember(tx, a.memberId)
    const [cur] = await tx.select().from(purchaseAttempts).where(whereKey(a.memberId, a.idempotencyKey)).for('update')
    if (cur?.status === 'succeeded') return cur.response as ChargeResponse
    if (!cur || (cur.status !== 'held' && cur.status !== 'charging') || cur.leaseOwner !== owner) {
      // Another request or the sweeper took this attempt over meanwhile: that one records it.
      throw new HttpError(409, chargeMessages.attemptSuperseded)
    }
    let staffId = plan.heldStaff
    if (start && (await confirmBooking(tx, a.ticketNumber)) === 0) {
      // The hold was void (past its expiry) and taken away: book again or give up.
      staffId = await bookSlot(tx, { start, minutes: p.minutesToSupport, staffId: plan.staffId, ticketNumber: a.ticketNumber, now })
    }
    const purchaseTime = new Date(Math.floor(now.getTime() / 1000) * 1000)
    const response: ChargeResponse = { ticketNumber: a.ticketNumber, receiptNumber: newReceiptNumber(), productType: p.productType, amount: a.amount, couponCode: a.couponCode }
    await tx.insert(tickets).values({
      ticketNumber: a.ticketNumber,
      memberId: a.memberId,
      productId: p.productId,
      productType: p.productType,
      productName: p.productName,
      price: p.price,
      minutesToSupport: p.minutesToSupport,
      isFreeTicket: a.amount === 0 && p.productType === 'INTERVIEW',
      reservationAt: start,
      staffId,
      supportType: p.productType === 'SUPPORT' ? (input.supportType ?? 'TEL') : null,
      supportStatus: p.productType === 'TIP' ? 'COMPLETED' : 'UNSUPPORTED',
      interviewTelNumber: plan.interviewTel,
      reservationMenuList: plan.menu,
      parentTicketNumber: plan.parent,
      counsellingComment: input.counsellingComment ?? null,
      contactDevice: input.contactDevice ?? null,
      contactOs: input.contactOs ?? null,
      remoteSupport: input.remoteSupport ?? null,
      purchaseTime,
    })
    await tx.insert(purchases).values({
      receiptNumber: response.receiptNumber,
      memberId: a.memberId,
      ticketNumber: a.ticketNumber,
      productType: p.productType,
      productName: p.productName,
      amount: a.amount,
      amountBeforeCoupon: p.price,
      couponCode: a.couponCode,
      purchaseTime,
      chargeId,
    })
    if (input.saveCard && plan.source?.kind === 'token') {
      const s = plan.source
      await tx.insert(savedCards).values({ cardId: `card_${randomBytes(10).toString('hex')}`, memberId: a.memberId, cardBrand: s.brand, cardLast4: s.last4, providerRef: s.token, createdAt: now })
    }
    await tx.update(purchaseAttempts).set({ status: 'succeeded', response, chargeId, updatedAt: now }).where(whereKey(a.memberId, a.idempotencyKey))
    return response
  })
}

/**
 * Step 3 and what follows it, for a request and for the sweeper alike: record, or give the money
 * back and release; then the purchase mail, once.
 */
async function finish(deps: Deps, w: Work, chargeId: string | null): Promise<ChargeResponse> {
  const { attempt: a } = w
  let response: ChargeResponse
  try {
    response = await record(deps, w, chargeId)
  } catch (e) {
    if (superseded(e)) {
      // Taken over while we charged. Whoever has it charges with the same key and records; but if
      // it concluded "no charge" before ours landed (the sweeper asked the provider too early),
      // the money we hold would belong to no purchase: give it back.
      const [cur] = await deps.db.select().from(purchaseAttempts).where(whereKey(a.memberId, a.idempotencyKey))
      if (cur?.status === 'succeeded') return cur.response as ChargeResponse
      if (cur?.status === 'failed' && chargeId) await deps.payment.refund(chargeId).catch((r: Error) => console.error(`[checkout] refund of ${chargeId} failed: ${r.message}`))
      throw e
    }
    // Nothing was recorded: give the money back, then release what the attempt held.
    if (chargeId) await deps.payment.refund(chargeId)
    await fail(deps, a, w.owner, errorOf(e))
    throw e
  }
  if (w.plan.start) deps.caches.scheduleChanged()
  await sendPurchaseMail(deps, a.memberId, a.idempotencyKey)
  return response
}

/** Step 2 (charge) and 3, while the owner keeps its lease. */
async function work(deps: Deps, w: Work): Promise<ChargeResponse> {
  const { attempt, plan, owner } = w
  const stop = keepLease(deps, attempt, owner)
  try {
    // The held cells show as taken in the next schedule answer (docs/decisions.md 17).
    if (plan.start) deps.caches.scheduleChanged()
    let chargeId: string | null = null
    if (attempt.amount > 0 && plan.source) {
      // From here on the provider may hold money for this key: an attempt abandoned in `charging`
      // is asked about (sweeper) or charged again with the same key (resume), never just dropped.
      const [moved] = await deps.db.update(purchaseAttempts).set({ status: 'charging', updatedAt: deps.clock.now() }).where(owned(attempt, owner)).returning()
      if (!moved) throw new HttpError(409, chargeMessages.attemptSuperseded)
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
        throw new HttpError(r.status, r.message)
      }
      chargeId = r.chargeId
    }
    return await finish(deps, w, chargeId)
  } finally {
    stop()
  }
}

/**
 * The purchase mail of a succeeded attempt, at most once: whoever marks it sent first sends it
 * (the request that recorded it, or a sweeper when that process died before mailing). Built from
 * the recorded ticket and purchase, so it reads the same whoever sends it.
 */
export async function sendPurchaseMail(deps: Deps, memberId: string, key: string): Promise<boolean> {
  const { db } = deps
  const [a] = await db
    .update(purchaseAttempts)
    .set({ mailSentAt: deps.clock.now() })
    .where(and(whereKey(memberId, key), eq(purchaseAttempts.status, 'succeeded'), isNull(purchaseAttempts.mailSentAt)))
    .returning()
  if (!a) return false
  const [row] = await db
    .select({ t: tickets, email: members.email, staffNickname: staff.staffNickname })
    .from(tickets)
    .innerJoin(members, eq(members.memberId, tickets.memberId))
    .leftJoin(staff, eq(staff.staffId, tickets.staffId))
    .where(eq(tickets.ticketNumber, a.ticketNumber))
  if (!row) return false
  const [coupon] = a.couponCode ? await db.select().from(coupons).where(eq(coupons.couponCode, a.couponCode)) : []
  const t = row.t
  await mails.purchase(deps.mailer, row.email, {
    productName: t.productName,
    amount: a.amount,
    ticketNumber: t.ticketNumber,
    reservationAt: t.reservationAt,
    staffNickname: t.reservationAt ? (row.staffNickname ?? null) : null,
    supportType: t.supportType,
    coupon: coupon ?? null,
    interviewTel: t.interviewTelNumber,
  })
  return true
}

/**
 * `charge` (spec §7): one purchase attempt per Idempotency-Key. Same key and body: the first
 * answer (a duplicate sent meanwhile waits for it, or resumes it when its process died); same
 * key, other body: 409; a failed attempt (429, declined) may be re-sent with the same key and body.
 */
export async function purchase(deps: Deps, member: MemberRow, key: string, input: ChargeRequest): Promise<ChargeResponse> {
  const fingerprint = fingerprintOf(member.memberId, input)
  const token = await checkToken(deps, member, input, `${member.memberId}:${key}`)
  const deadline = Date.now() + WAIT_MS
  let claimed: Claimed
  for (;;) {
    claimed = await claim(deps, member.memberId, key, fingerprint, input, token)
    if (claimed.kind !== 'wait') break
    if (Date.now() > deadline) throw new HttpError(409, chargeMessages.attemptInProgress)
    await sleep(POLL_MS)
  }
  if (claimed.kind === 'replay') return claimed.response
  return work(deps, claimed)
}

export type Reconciled = 'recorded' | 'failed' | 'unknown' | 'lost'

/**
 * The sweeper's half (services/purchase-sweeper.ts): an abandoned attempt it has just taken the
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
      if (!plan || !input) console.error(`[sweeper] attempt ${attempt.memberId}:${attempt.idempotencyKey} was charged but has no stored plan`)
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

/** `charge-attempt`: what became of the member's attempt with this key (issue 12 item 5). */
export async function attemptOutcome(deps: Deps, member: MemberRow, key: string) {
  const [a] = await deps.db
    .select()
    .from(purchaseAttempts)
    .where(and(eq(purchaseAttempts.memberId, member.memberId), eq(purchaseAttempts.idempotencyKey, key)))
  if (!a) return { status: 'NONE' as const, result: null }
  if (a.status === 'succeeded') return { status: 'SUCCEEDED' as const, result: a.response as ChargeResponse }
  // Unresolved, worked now or abandoned: it ends succeeded or failed (resumed or reconciled).
  if (a.status === 'held' || a.status === 'charging') return { status: 'PENDING' as const, result: null }
  return { status: 'FAILED' as const, result: null }
}
