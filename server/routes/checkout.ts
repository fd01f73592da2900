import { and, desc, eq, isNull } from 'drizzle-orm'
import { apiErrors } from '../../contract/messages'
import type { PaymentPort, SandboxPayment } from '../adapters/payment'
import type { StripePayment } from '../adapters/stripe-payment'
import type { Config } from '../config'
import { members, savedCards, staff } from '../db/schema'
import { HttpError, badRequest, notFound, serverErrors } from '../http/errors'
import type { Deps, MemberRow, PartialHandlers } from '../http/handler'
import { assertTokenUsable, attemptOutcome, loadSaleProduct, purchase, usableCoupon } from '../services/checkout'
import { toStaffProfile } from '../services/tickets'

const brands = ['Visa', 'MasterCard', 'JCB', 'American Express', 'Diners Club', 'Discover'] as const

const isSandbox = (p: { kind: string }): p is SandboxPayment => p.kind === 'sandbox'
const isStripe = (p: PaymentPort): p is StripePayment => p.kind === 'stripe'

/** The member's Stripe Customer id, created and stored on first use (one per member). */
async function stripeCustomer(deps: Deps, payment: StripePayment, member: MemberRow): Promise<string> {
  const { db } = deps
  if (member.stripeCustomerId) return member.stripeCustomerId
  const created = await payment.createCustomer({ memberId: member.memberId, email: member.email })
  // A concurrent first call stored one already: keep that (Stripe answered it the same Customer).
  await db.update(members).set({ stripeCustomerId: created }).where(and(eq(members.memberId, member.memberId), isNull(members.stripeCustomerId)))
  // assertTokenUsable compares with the cached row's stripeCustomerId: the next call must see it.
  deps.caches.memberChanged(member.memberId)
  const [row] = await db.select({ id: members.stripeCustomerId }).from(members).where(eq(members.memberId, member.memberId))
  return row?.id ?? created
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

export const checkoutHandlers: PartialHandlers<'charge-data' | 'coupon-valid' | 'charge' | 'charge-attempt' | 'tdsFinish' | 'sandbox/tokens' | 'stripe/setup-intents'> = {
  async 'charge-data'({ input, deps, me }) {
    const m = me()
    // Only products on sale, as charge itself (issue 13 item 9).
    const p = await loadSaleProduct(deps.db, input.productId)
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
    const p = await loadSaleProduct(deps.db, input.productId)
    const c = await usableCoupon(deps.db, m.memberId, input.couponCode, p, deps.clock.now())
    return { couponAvailable: c !== null, price: p.price, couponPrice: c ? Math.max(0, p.price - c.discountPrice) : p.price }
  },

  async tdsFinish({ input, deps, me }) {
    const m = me()
    // Another member's token, or one already used, is not finished for this caller (issue 13 item 6).
    await assertTokenUsable(deps, m, input.tokenId)
    const r = await deps.payment.finishThreeDSecure(input.tokenId)
    if (!r.ok) throw badRequest(serverErrors.threeDSecureFailed)
    return { status: 200 as const, data: { data: { id: r.id } } }
  },

  async 'sandbox/tokens'({ input, deps, me }) {
    const m = me()
    if (!isSandbox(deps.payment)) throw notFound()
    const r = await deps.payment.createToken(input, m.memberId)
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

  /** The purchase machine (services/checkout.ts): parse the key, run the attempt, answer. */
  async charge({ input, deps, me, header }) {
    const m = me()
    const key = header('idempotency-key')?.trim()
    if (!key || key.length > 200) throw badRequest(serverErrors.idempotencyKeyRequired)
    return purchase(deps, m, key, input)
  },

  async 'charge-attempt'({ input, deps, me }) {
    return attemptOutcome(deps, me(), input.idempotencyKey)
  },
}
