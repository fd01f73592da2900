import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import { apiErrors } from '../../src/contract/messages'
import type { ChargeResponse } from '../../src/contract/calls'
import type { PaymentPort, SandboxPayment } from '../adapters/payment'
import type { StripePayment } from '../adapters/stripe-payment'
import type { Config } from '../config'
import type { Tx } from '../db/client'
import { chargeRequests, coupons, memberCoupons, members, products, purchases, savedCards, staff, tickets } from '../db/schema'
import { parseReservationTime } from '../domain/time'
import { HttpError, badRequest, notFound, serverErrors } from '../http/errors'
import type { Deps, MemberRow, PartialHandlers } from '../http/handler'
import { mails } from '../services/mails'
import { bookSlot } from '../services/schedule'
import { newReceiptNumber, newTicketNumber } from '../services/ids'
import { toStaffProfile } from '../services/tickets'
import { randomBytes } from 'node:crypto'
import { INTERVIEW_TEL } from '../db/seed/members'

const brands = ['Visa', 'MasterCard', 'JCB', 'American Express', 'Diners Club', 'Discover'] as const

type ProductRow = typeof products.$inferSelect
type CouponRow = typeof coupons.$inferSelect

async function loadProduct(db: Tx, productId: string): Promise<ProductRow> {
  const [p] = await db.select().from(products).where(eq(products.productId, productId))
  if (!p) throw badRequest(serverErrors.productNotFound)
  return p
}

const fits = (c: CouponRow, p: ProductRow) =>
  c.availableProductList.some((a) => a.productType === p.productType && (a.minutesToSupport === null || a.minutesToSupport === p.minutesToSupport))

/** A held, unused, unexpired coupon that applies to the product; null otherwise. */
async function usableCoupon(db: Tx, member: MemberRow, code: string, p: ProductRow, now: Date): Promise<CouponRow | null> {
  const [row] = await db
    .select()
    .from(memberCoupons)
    .innerJoin(coupons, eq(coupons.couponCode, memberCoupons.couponCode))
    .where(and(eq(memberCoupons.memberId, member.memberId), eq(memberCoupons.couponCode, code), isNull(memberCoupons.usedAt), gt(coupons.expire, now)))
  return row && fits(row.coupons, p) ? row.coupons : null
}

const isSandbox = (p: { kind: string }): p is SandboxPayment => p.kind === 'sandbox'
const isStripe = (p: PaymentPort): p is StripePayment => p.kind === 'stripe'

/** The member's Stripe Customer id, created and stored on first use (one per member). */
async function stripeCustomer(deps: Deps, payment: StripePayment, member: MemberRow): Promise<string> {
  const { db } = deps
  if (member.stripeCustomerId) return member.stripeCustomerId
  const created = await payment.createCustomer({ memberId: member.memberId, email: member.email })
  // A concurrent first call stored one already: keep that (Stripe answered it the same Customer).
  await db.update(members).set({ stripeCustomerId: created }).where(and(eq(members.memberId, member.memberId), isNull(members.stripeCustomerId)))
  // assertOwnToken compares with the cached row's stripeCustomerId: the next call must see it.
  deps.caches.memberChanged(member.memberId)
  const [row] = await db.select({ id: members.stripeCustomerId }).from(members).where(eq(members.memberId, member.memberId))
  return row?.id ?? created
}

/**
 * Stripe mode: a PaymentMethod is usable only by the member whose Customer it was set up on, so a
 * leaked pm_… id cannot be finished or charged by someone else. The sandbox has no owners.
 */
async function assertOwnToken(payment: PaymentPort, member: MemberRow, tokenId: string) {
  if (!isStripe(payment)) return
  const owner = await payment.customerOf(tokenId)
  if (!owner || owner !== member.stripeCustomerId) throw badRequest(serverErrors.tokenNotFound)
}

/** Stripe sends the browser back here after the challenge: only the app's own origin (or loopback). */
function allowedReturnUrl(raw: string, config: Config): boolean {
  try {
    const u = new URL(raw)
    const loopback = u.hostname === '127.0.0.1' || u.hostname === 'localhost'
    return u.origin === new URL(config.appOrigin).origin || loopback
  } catch {
    return false
  }
}

export const paymentHandlers: PartialHandlers<'charge-data' | 'coupon-valid' | 'charge' | 'tdsFinish' | 'sandbox/tokens' | 'stripe/setup-intents'> = {
  async 'charge-data'({ input, deps, me }) {
    const m = me()
    const p = await loadProduct(deps.db, input.productId)
    let staffProfile = null
    if (input.staffId) {
      const [s] = await deps.db.select().from(staff).where(eq(staff.staffId, input.staffId))
      if (!s) throw badRequest(apiErrors.staffNotFound)
      staffProfile = toStaffProfile(s)
    }
    const [card] = await deps.db.select().from(savedCards).where(eq(savedCards.memberId, m.memberId)).orderBy(desc(savedCards.createdAt)).limit(1)
    return {
      product: { productId: p.productId, productType: p.productType, productName: p.productName, minutesToSupport: p.minutesToSupport, price: p.price },
      creditcard: card ? { cardBrand: card.cardBrand, cardLast4: card.cardLast4, cardId: card.cardId } : null,
      availableCardBrandList: [...brands],
      staff: staffProfile,
    }
  },

  async 'coupon-valid'({ input, deps, me }) {
    const m = me()
    const p = await loadProduct(deps.db, input.productId)
    const c = await usableCoupon(deps.db, m, input.couponCode, p, deps.clock.now())
    return { couponAvailable: c !== null, price: p.price, couponPrice: c ? Math.max(0, p.price - c.discountPrice) : p.price }
  },

  async tdsFinish({ input, deps, me }) {
    const m = me()
    await assertOwnToken(deps.payment, m, input.tokenId)
    const r = await deps.payment.finishThreeDSecure(input.tokenId)
    if (!r.ok) throw badRequest(serverErrors.threeDSecureFailed)
    return { status: 200 as const, data: { data: { id: r.id } } }
  },

  async 'sandbox/tokens'({ input, deps }) {
    if (!isSandbox(deps.payment)) throw notFound()
    const r = await deps.payment.createToken(input)
    if (!r.ok) throw badRequest(r.message)
    return { tokenId: r.tokenId, threeDSecure: r.threeDSecure, card: r.card }
  },

  /**
   * Stripe's 3-D Secure start (design.md "Payments"): the PaymentMethod goes onto the member's
   * Customer through an off-session SetupIntent confirmed with the return URL; the browser follows
   * `redirectUrl` to the bank, or goes straight on to tdsFinish when there is no challenge.
   */
  async 'stripe/setup-intents'({ input, deps, me }) {
    const m = me()
    if (!isStripe(deps.payment)) throw notFound()
    if (!allowedReturnUrl(input.returnUrl, deps.config)) throw badRequest('returnUrl must be on the app origin')
    const customerId = await stripeCustomer(deps, deps.payment, m)
    const r = await deps.payment.startThreeDSecure(input.paymentMethodId, input.returnUrl, customerId)
    if (!r.ok) throw new HttpError(r.status, r.message)
    return { redirectUrl: r.redirectUrl }
  },

  /**
   * 1. a key seen before answers its stored result; 2. everything is checked before money moves;
   * 3. the provider charges (idempotent per key; 429 passes through for the client's retry);
   * 4. one transaction records ticket, booking, coupon use, purchase and the key — concurrent
   *    requests with the same key wait on the key's primary key and then answer the stored result;
   *    a booking lost to a race refunds the charge and answers STAFF_DENY / STAFF_ASSING_DENY.
   */
  async charge({ input, deps, me, header }) {
    const m = me()
    const { db, clock, payment } = deps
    const key = header('idempotency-key')?.trim()
    if (!key || key.length > 200) throw badRequest(serverErrors.idempotencyKeyRequired)
    const stored = async () => {
      const [row] = await db.select().from(chargeRequests).where(and(eq(chargeRequests.memberId, m.memberId), eq(chargeRequests.idempotencyKey, key)))
      return row ? (row.response as ChargeResponse) : null
    }
    const previous = await stored()
    if (previous) return previous

    const now = clock.now()
    const p = await loadProduct(db, input.productId)
    let start: Date | null = null
    if (p.productType === 'SUPPORT') {
      start = parseReservationTime(input.reservationTime)
      if (!start) throw badRequest(serverErrors.reservationTimeInvalid)
    }
    if (p.productType === 'TIP' && !input.parentTicketNumber) throw badRequest(serverErrors.parentTicketRequired)
    if (input.parentTicketNumber) {
      const [parent] = await db.select().from(tickets).where(and(eq(tickets.ticketNumber, input.parentTicketNumber), eq(tickets.memberId, m.memberId)))
      if (!parent) throw notFound(serverErrors.ticketNotFound)
    }
    const staffId = input.staffId ? input.staffId : null
    if (staffId) {
      const [s] = await db.select().from(staff).where(eq(staff.staffId, staffId))
      if (!s) throw badRequest(apiErrors.staffDeny)
    }
    let coupon: CouponRow | null = null
    if (input.couponCode) {
      coupon = await usableCoupon(db, m, input.couponCode, p, now)
      if (!coupon) throw badRequest(apiErrors.denyCoupon)
    }
    const amount = Math.max(0, p.price - (coupon?.discountPrice ?? 0))

    // The payment source: a saved card or a new token that passed 3-D Secure.
    let source: string | null = null
    let newCard: { brand: string; last4: string } | null = null
    if (input.cardId) {
      const [card] = await db.select().from(savedCards).where(and(eq(savedCards.cardId, input.cardId), eq(savedCards.memberId, m.memberId)))
      if (!card) throw badRequest(serverErrors.cardNotFound)
      source = card.providerRef
    } else if (input.cardToken) {
      await assertOwnToken(payment, m, input.cardToken)
      const t = await payment.inspectToken(input.cardToken)
      if (!t) throw badRequest(serverErrors.tokenNotFound)
      if (t.threeDSecure !== 'succeeded') throw badRequest(serverErrors.threeDSecureRequired)
      source = input.cardToken
      newCard = t
    } else if (amount > 0) {
      throw badRequest(serverErrors.paymentMethodRequired)
    }

    let chargeId: string | null = null
    if (amount > 0 && source) {
      const r = await payment.charge({ source, amount, idempotencyKey: `${m.memberId}:${key}` })
      if (!r.ok) throw new HttpError(r.status, r.message)
      chargeId = r.chargeId
    }

    const ticketNumber = newTicketNumber(p.productType === 'INTERVIEW' ? 'M' : p.productType === 'ADD' ? 'A' : p.productType === 'TIP' ? 'T' : 'S')
    const response: ChargeResponse = { ticketNumber, receiptNumber: newReceiptNumber(), productType: p.productType, amount, couponCode: coupon?.couponCode ?? null }
    let outcome: { replay: ChargeResponse | null; staffId: string | null }
    try {
      outcome = await db.transaction(async (tx) => {
        const claimed = await tx
          .insert(chargeRequests)
          .values({ memberId: m.memberId, idempotencyKey: key, response, createdAt: now })
          .onConflictDoNothing()
          .returning({ key: chargeRequests.idempotencyKey })
        if (claimed.length === 0) {
          const [row] = await tx.select().from(chargeRequests).where(and(eq(chargeRequests.memberId, m.memberId), eq(chargeRequests.idempotencyKey, key)))
          return { replay: (row?.response as ChargeResponse | undefined) ?? response, staffId: null }
        }
        await tx.insert(tickets).values({
          ticketNumber,
          memberId: m.memberId,
          productId: p.productId,
          productType: p.productType,
          productName: p.productName,
          price: p.price,
          minutesToSupport: p.minutesToSupport,
          isFreeTicket: amount === 0 && p.productType === 'INTERVIEW',
          reservationAt: start,
          supportType: p.productType === 'SUPPORT' ? (input.supportType ?? 'TEL') : null,
          supportStatus: p.productType === 'TIP' ? 'COMPLETED' : 'UNSUPPORTED',
          interviewTelNumber: p.productType === 'INTERVIEW' ? INTERVIEW_TEL : null,
          reservationMenuList: input.reservationMenuList,
          parentTicketNumber: input.parentTicketNumber ?? null,
          counsellingComment: input.counsellingComment ?? null,
          contactDevice: input.contactDevice ?? null,
          contactOs: input.contactOs ?? null,
          remoteSupport: input.remoteSupport ?? null,
          purchaseTime: new Date(Math.floor(now.getTime() / 1000) * 1000),
        })
        let booked: string | null = null
        if (start) {
          booked = await bookSlot(tx, { start, minutes: p.minutesToSupport, staffId, ticketNumber, now })
          await tx.update(tickets).set({ staffId: booked }).where(eq(tickets.ticketNumber, ticketNumber))
        }
        if (coupon) {
          const used = await tx
            .update(memberCoupons)
            .set({ usedAt: now, usedTicketNumber: ticketNumber })
            .where(and(eq(memberCoupons.memberId, m.memberId), eq(memberCoupons.couponCode, coupon.couponCode), isNull(memberCoupons.usedAt)))
            .returning({ c: memberCoupons.couponCode })
          if (used.length === 0) throw badRequest(apiErrors.denyCoupon)
        }
        await tx.insert(purchases).values({
          receiptNumber: response.receiptNumber,
          memberId: m.memberId,
          ticketNumber,
          productType: p.productType,
          productName: p.productName,
          amount,
          amountBeforeCoupon: p.price,
          couponCode: coupon?.couponCode ?? null,
          purchaseTime: new Date(Math.floor(now.getTime() / 1000) * 1000),
          chargeId,
        })
        if (input.saveCard && newCard && source) {
          await tx.insert(savedCards).values({ cardId: `card_${randomBytes(10).toString('hex')}`, memberId: m.memberId, cardBrand: newCard.brand, cardLast4: newCard.last4, providerRef: source, createdAt: now })
        }
        return { replay: null, staffId: booked }
      })
    } catch (e) {
      if (chargeId) await payment.refund(chargeId)
      throw e
    }
    // The booked cells must show as taken in the next schedule answer (docs/decisions.md 17).
    if (outcome.staffId) deps.caches.scheduleChanged()
    if (outcome.replay) return outcome.replay
    let staffNickname: string | null = null
    if (outcome.staffId) {
      const [s] = await db.select().from(staff).where(eq(staff.staffId, outcome.staffId))
      staffNickname = s?.staffNickname ?? null
    }
    await mails.purchase(deps.mailer, m.email, {
      productName: p.productName,
      amount,
      ticketNumber,
      reservationAt: start,
      staffNickname,
      interviewTel: p.productType === 'INTERVIEW' ? INTERVIEW_TEL : null,
    })
    return response
  },
}
