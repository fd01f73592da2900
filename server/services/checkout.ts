import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm'
import { apiErrors, chargeMessages } from '../../src/contract/messages'
import type { ChargeRequest, ChargeResponse } from '../../src/contract/calls'
import type { PaymentPort } from '../adapters/payment'
import type { StripePayment } from '../adapters/stripe-payment'
import type { Tx } from '../db/client'
import { coupons, memberCoupons, members, products, purchaseAttempts, purchases, reservationMenus, savedCards, staff, tickets } from '../db/schema'
import { addMinutes, parseReservationTime } from '../domain/time'
import { couponFits } from '../../src/contract/reservation-rules'
import { HttpError, badRequest, notFound, serverErrors, unauthorized } from '../http/errors'
import type { Deps, MemberRow } from '../http/handler'
import { newReceiptNumber, newTicketNumber } from './ids'
import { mails } from './mails'
import { bookSlot, confirmBooking, releaseBooking } from './schedule'
import { supportTelFor } from './support-tel'

/*
 * A purchase is one persisted state machine per (member, Idempotency-Key), issue 13:
 *
 *   (none | failed | abandoned) ─claim─▶ held ─▶ charging ─▶ succeeded
 *                                          └──────────┴──▶ failed (hold, coupon and token released)
 *
 * claim   one transaction under the member's row lock: the key's fingerprint is checked, the
 *         request validated and priced from the server's own product and coupon, and what the
 *         purchase will consume is taken — the cells (booking rows with held_until, under the
 *         unique (consultant, cell) constraint), the coupon, the new card token. A lost cell is
 *         STAFF_DENY here, before any money moves.
 * charge  the provider, outside any transaction, with the idempotency key `<member>:<key>`.
 * record  one transaction under the member's row lock: ticket, purchase, saved card, the hold
 *         becomes a booking, the attempt stores its answer.
 *
 * The member row lock serialises every money write of one member and cancel-account
 * (services/cancel-account.ts waits while an attempt is in flight). An attempt whose process died
 * is "abandoned" once expires_at passes: its holds are void for every reader (loadDay, bookSlot),
 * and the same key re-sent resumes it — the provider answers the same charge for the same key.
 */

/** How long a purchase may hold its cells, coupon and token before it counts as abandoned. */
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

/** Attempts of this member still running (not abandoned): their tips and interviews count as taken. */
const liveAttempts = (tx: Tx, memberId: string, now: Date) =>
  tx
    .select()
    .from(purchaseAttempts)
    .where(and(eq(purchaseAttempts.memberId, memberId), inArray(purchaseAttempts.status, ['held', 'charging']), gt(purchaseAttempts.expiresAt, now)))

const inFlight = (a: AttemptRow, now: Date) => (a.status === 'held' || a.status === 'charging') && a.expiresAt.getTime() > now.getTime()

/** Is a purchase of this member still between its hold and its record? (cancel-account waits.) */
export async function hasLivePurchase(tx: Tx, memberId: string, now: Date): Promise<boolean> {
  return (await liveAttempts(tx, memberId, now)).length > 0
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
  const live = (await liveAttempts(tx, m.memberId, now)).filter((a) => a.idempotencyKey !== key)

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

type Claimed =
  | { kind: 'replay'; response: ChargeResponse }
  | { kind: 'wait' }
  | { kind: 'run'; attempt: AttemptRow; priced: Priced; heldStaff: string | null }

/**
 * Abandoned attempts of the member that never reached the provider (held, past expires_at) give
 * back what they took: cells, coupon, token; they end failed. (Their cells are void for readers
 * already; this frees the coupon and the token too.) Runs under the member lock.
 */
async function releaseAbandoned(tx: Tx, deps: Deps, memberId: string, now: Date) {
  const stale = await tx
    .select()
    .from(purchaseAttempts)
    .where(and(eq(purchaseAttempts.memberId, memberId), eq(purchaseAttempts.status, 'held'), lte(purchaseAttempts.expiresAt, now)))
  for (const a of stale) await releaseHolds(tx, deps, a)
  if (stale.length > 0) {
    await tx
      .update(purchaseAttempts)
      .set({ status: 'failed', error: { status: 409, message: chargeMessages.attemptAbandoned }, updatedAt: now })
      .where(and(eq(purchaseAttempts.memberId, memberId), inArray(purchaseAttempts.idempotencyKey, stale.map((a) => a.idempotencyKey))))
  }
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
  return db.transaction(async (tx) => {
    const m = await lockMember(tx, memberId)
    await releaseAbandoned(tx, deps, memberId, now)
    const [prev] = await tx.select().from(purchaseAttempts).where(and(eq(purchaseAttempts.memberId, memberId), eq(purchaseAttempts.idempotencyKey, key)))
    if (prev) {
      // Stripe's rule: a key stands for one request, whatever became of it.
      if (prev.fingerprint !== fingerprint) throw new HttpError(409, chargeMessages.idempotencyKeyReused)
      if (prev.status === 'succeeded') return { kind: 'replay', response: prev.response as ChargeResponse }
      if (inFlight(prev, now)) return { kind: 'wait' }
      // failed (a 429, a declined card…) or abandoned: the same request runs again on the same key.
    }
    // A resumed attempt (abandoned while charging) may still hold its cells, coupon and token: start clean.
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
    const values = {
      fingerprint,
      status: 'held' as const,
      productId: priced.product.productId,
      productType: priced.product.productType,
      parentTicketNumber: priced.parent,
      ticketNumber,
      amount: priced.amount,
      couponCode: priced.coupon?.couponCode ?? null,
      cardToken: priced.source?.kind === 'token' ? priced.source.token : null,
      chargeId: null,
      response: null,
      error: null,
      expiresAt,
      updatedAt: now,
    }
    const [attempt] = prev
      ? await tx.update(purchaseAttempts).set(values).where(and(eq(purchaseAttempts.memberId, memberId), eq(purchaseAttempts.idempotencyKey, key))).returning()
      : await tx.insert(purchaseAttempts).values({ memberId, idempotencyKey: key, createdAt: now, ...values }).returning()
    return { kind: 'run', attempt, priced, heldStaff }
  })
}

/** Failure after the hold: release cells, coupon and token, and store the answer of the key. */
async function fail(deps: Deps, a: AttemptRow, error: { status: number; message: string }) {
  const now = deps.clock.now()
  await deps.db.transaction(async (tx) => {
    await releaseHolds(tx, deps, a)
    await tx
      .update(purchaseAttempts)
      .set({ status: 'failed', error, updatedAt: now })
      .where(and(eq(purchaseAttempts.memberId, a.memberId), eq(purchaseAttempts.idempotencyKey, a.idempotencyKey)))
  })
  deps.caches.scheduleChanged()
}

const errorOf = (e: unknown) => (e instanceof HttpError ? { status: e.status, message: e.message } : { status: 500, message: 'Internal Server Error' })

/** Step 3: under the member lock, turn the hold into the member's ticket and purchase. */
async function record(deps: Deps, a: AttemptRow, priced: Priced, heldStaff: string | null, chargeId: string | null, input: ChargeRequest, interviewTel: string | null): Promise<ChargeResponse> {
  const { db, clock } = deps
  const now = clock.now()
  const p = priced.product
  return db.transaction(async (tx) => {
    await lockMember(tx, a.memberId)
    const [cur] = await tx
      .select()
      .from(purchaseAttempts)
      .where(and(eq(purchaseAttempts.memberId, a.memberId), eq(purchaseAttempts.idempotencyKey, a.idempotencyKey)))
      .for('update')
    if (cur?.status === 'succeeded') return cur.response as ChargeResponse
    if (!cur || (cur.status !== 'held' && cur.status !== 'charging') || cur.expiresAt.getTime() !== a.expiresAt.getTime()) {
      // Another request resumed this abandoned attempt meanwhile: that one records it.
      throw new HttpError(409, chargeMessages.attemptSuperseded)
    }
    let staffId = heldStaff
    if (priced.start && (await confirmBooking(tx, a.ticketNumber)) === 0) {
      // The hold was void (abandoned past its expiry) and taken away: book again or give up.
      staffId = await bookSlot(tx, { start: priced.start, minutes: p.minutesToSupport, staffId: priced.staffId, ticketNumber: a.ticketNumber, now })
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
      reservationAt: priced.start,
      staffId,
      supportType: p.productType === 'SUPPORT' ? (input.supportType ?? 'TEL') : null,
      supportStatus: p.productType === 'TIP' ? 'COMPLETED' : 'UNSUPPORTED',
      interviewTelNumber: interviewTel,
      reservationMenuList: priced.menu,
      parentTicketNumber: priced.parent,
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
    if (input.saveCard && priced.source?.kind === 'token') {
      const s = priced.source
      await tx.insert(savedCards).values({ cardId: `card_${randomBytes(10).toString('hex')}`, memberId: a.memberId, cardBrand: s.brand, cardLast4: s.last4, providerRef: s.token, createdAt: now })
    }
    await tx
      .update(purchaseAttempts)
      .set({ status: 'succeeded', response, chargeId, updatedAt: now })
      .where(and(eq(purchaseAttempts.memberId, a.memberId), eq(purchaseAttempts.idempotencyKey, a.idempotencyKey)))
    return response
  })
}

/**
 * `charge` (spec §7): one purchase attempt per Idempotency-Key. Same key and body: the first
 * answer (a duplicate sent meanwhile waits for it); same key, other body: 409; a failed attempt
 * (429, declined) may be re-sent with the same key and body.
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
  const { attempt, priced, heldStaff } = claimed
  // spec §9: the interview's phone number by the landing page the member signed up from.
  const interviewTel = priced.product.productType === 'INTERVIEW' ? supportTelFor(deps.config, member.lpSource) : null
  // The held cells show as taken in the next schedule answer (docs/decisions.md 17).
  if (priced.start) deps.caches.scheduleChanged()

  let chargeId: string | null = null
  if (attempt.amount > 0 && priced.source) {
    await deps.db
      .update(purchaseAttempts)
      .set({ status: 'charging', updatedAt: deps.clock.now() })
      .where(and(eq(purchaseAttempts.memberId, attempt.memberId), eq(purchaseAttempts.idempotencyKey, key)))
    let r
    try {
      r = await deps.payment.charge({ source: priced.source.kind === 'saved' ? priced.source.ref : priced.source.token, amount: attempt.amount, idempotencyKey: `${member.memberId}:${key}` })
    } catch (e) {
      // No answer from the provider: release and fail. The same key re-sent runs again and the
      // provider, idempotent per key, answers the charge it may have made meanwhile.
      await fail(deps, attempt, errorOf(e))
      throw e
    }
    if (!r.ok) {
      await fail(deps, attempt, { status: r.status, message: r.message })
      throw new HttpError(r.status, r.message)
    }
    chargeId = r.chargeId
  }

  let response: ChargeResponse
  try {
    response = await record(deps, attempt, priced, heldStaff, chargeId, input, interviewTel)
  } catch (e) {
    if (e instanceof HttpError && e.message === chargeMessages.attemptSuperseded) throw e
    // Nothing was recorded: give the money back, then release what the attempt held.
    if (chargeId) await deps.payment.refund(chargeId)
    await fail(deps, attempt, errorOf(e))
    throw e
  }
  if (priced.start) deps.caches.scheduleChanged()

  let staffNickname: string | null = null
  if (heldStaff) {
    const [s] = await deps.db.select({ n: staff.staffNickname }).from(staff).where(eq(staff.staffId, heldStaff))
    staffNickname = s?.n ?? null
  }
  await mails.purchase(deps.mailer, member.email, {
    productName: priced.product.productName,
    amount: attempt.amount,
    ticketNumber: attempt.ticketNumber,
    reservationAt: priced.start,
    staffNickname,
    supportType: priced.product.productType === 'SUPPORT' ? (input.supportType ?? 'TEL') : null,
    coupon: priced.coupon,
    interviewTel,
  })
  return response
}

/** `charge-attempt`: what became of the member's attempt with this key (issue 12 item 5). */
export async function attemptOutcome(deps: Deps, member: MemberRow, key: string) {
  const [a] = await deps.db
    .select()
    .from(purchaseAttempts)
    .where(and(eq(purchaseAttempts.memberId, member.memberId), eq(purchaseAttempts.idempotencyKey, key)))
  if (!a) return { status: 'NONE' as const, result: null }
  if (a.status === 'succeeded') return { status: 'SUCCEEDED' as const, result: a.response as ChargeResponse }
  if (inFlight(a, deps.clock.now())) return { status: 'PENDING' as const, result: null }
  return { status: 'FAILED' as const, result: null }
}
