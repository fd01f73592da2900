import Stripe from 'stripe'
import type { ChargeLookup, ChargeResult, PaymentPort, RefundResult } from './payment'

/**
 * The Stripe half of the payment port (docs/design.md "Payments and 3-D Secure"), selected with
 * PAYMENT_PROVIDER=stripe and STRIPE_SECRET_KEY:
 *  - the token is a PaymentMethod id (created in the browser by the card elements);
 *  - 3-D Secure: a SetupIntent for that PaymentMethod, confirmed with a return_url; when Stripe
 *    asks for a challenge the browser goes to `next_action.redirect_to_url.url`;
 *  - each member has one Stripe Customer (members.stripe_customer_id); the SetupIntent runs on it,
 *    so a succeeded SetupIntent leaves the card attached there and chargeable off-session later;
 *  - tdsFinish / inspectToken read the PaymentMethod's latest SetupIntent;
 *  - charge confirms a PaymentIntent off-session with the purchase's idempotency key. HTTP 429 is
 *    passed on (the SDK's own retries are off) so the client's retry policy (product.md §9) applies.
 *    The PaymentIntent carries the key in its metadata (`purchase_key`) so that
 *  - findCharge can find it again by search (docs/decisions.md 51) when the process that charged
 *    died before it recorded the purchase.
 */
export type StripePayment = PaymentPort & {
  kind: 'stripe'
  /**
   * The member's Stripe Customer, created once: the idempotency key is the member id, so two
   * concurrent first calls get the same Customer back.
   */
  createCustomer: (member: { memberId: string; email: string }) => Promise<string>
  /**
   * Creates and confirms an off-session SetupIntent for the PaymentMethod on the member's Customer
   * (a succeeded SetupIntent attaches the card to it, so a saved card can be charged later).
   * `redirectUrl` is null when no challenge is needed; a refused card is `ok: false`.
   */
  startThreeDSecure: (paymentMethodId: string, returnUrl: string, customerId?: string) => Promise<SetupResult>
  /** The Customer the PaymentMethod belongs to (its latest SetupIntent's, else its own), null when none. */
  customerOf: (paymentMethodId: string) => Promise<string | null>
}

export type SetupResult = { ok: true; redirectUrl: string | null } | { ok: false; status: 402 | 429; message: string }

type HttpClient = NonNullable<ConstructorParameters<typeof Stripe>[1]>['httpClient']

/** A Stripe client for the adapter; tests give a recorded-response http client. */
export function createStripeClient(secretKey: string, httpClient?: HttpClient): Stripe {
  return new Stripe(secretKey, { maxNetworkRetries: 0, ...(httpClient ? { httpClient } : {}) })
}

// product.md §2: the six brands, as the rest of the app names them.
const brandNames: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  jcb: 'JCB',
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
}

type ErrorLike = { type?: string; statusCode?: number; code?: string; message?: string }
/**
 * Stripe's search is eventually consistent ("under normal operating conditions, data is searchable
 * in less than a minute"; propagation can lag during outages): a PaymentIntent created within this
 * window and not found yet may still appear, so its absence is `unknown`, not `none`.
 */
export const STRIPE_SEARCH_LAG_MS = 5 * 60_000

/** A value inside a search query's single quotes. */
const searchValue = (s: string) => s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")

const isStripeError = (e: unknown): e is ErrorLike => typeof e === 'object' && e !== null && 'type' in e && String((e as ErrorLike).type).startsWith('Stripe')

export function createStripePayment(stripe: Stripe, currency = 'jpy'): StripePayment {
  const latestSetup = async (paymentMethodId: string) => {
    const list = await stripe.setupIntents.list({ payment_method: paymentMethodId, limit: 1 })
    return list.data[0] ?? null
  }
  return {
    kind: 'stripe',
    async createCustomer({ memberId, email }) {
      const customer = await stripe.customers.create({ email, metadata: { memberId } }, { idempotencyKey: `customer:${memberId}` })
      return customer.id
    },
    async startThreeDSecure(paymentMethodId, returnUrl, customerId) {
      let si
      try {
        si = await stripe.setupIntents.create({
          payment_method: paymentMethodId,
          ...(customerId ? { customer: customerId } : {}),
          usage: 'off_session',
          confirm: true,
          return_url: returnUrl,
        })
      } catch (e) {
        if (!isStripeError(e)) throw e
        if (e.statusCode === 429 || e.type === 'StripeRateLimitError') return { ok: false, status: 429, message: 'RATE_LIMITED' }
        if (e.type === 'StripeCardError' || e.statusCode === 402) return { ok: false, status: 402, message: 'CARD_DECLINED' }
        throw e
      }
      if (si.status === 'succeeded') return { ok: true, redirectUrl: null }
      const url = si.status === 'requires_action' ? si.next_action?.redirect_to_url?.url : null
      // requires_payment_method after confirm: the card was refused while setting it up.
      if (!url) return { ok: false, status: 402, message: 'CARD_DECLINED' }
      return { ok: true, redirectUrl: url }
    },
    async customerOf(paymentMethodId) {
      try {
        const si = await latestSetup(paymentMethodId)
        const fromSetup = typeof si?.customer === 'string' ? si.customer : (si?.customer?.id ?? null)
        if (fromSetup) return fromSetup
        const pm = await stripe.paymentMethods.retrieve(paymentMethodId)
        return typeof pm.customer === 'string' ? pm.customer : (pm.customer?.id ?? null)
      } catch (e) {
        // An id Stripe does not know (400 / 404 resource_missing) belongs to nobody.
        if (isStripeError(e) && (e.statusCode === 404 || e.statusCode === 400)) return null
        throw e
      }
    },
    async inspectToken(tokenId) {
      let pm
      try {
        pm = await stripe.paymentMethods.retrieve(tokenId)
      } catch (e) {
        if (isStripeError(e) && e.statusCode === 404) return null
        throw e
      }
      const si = await latestSetup(tokenId)
      const threeDSecure = si?.status === 'succeeded' ? 'succeeded' : !si || si.status === 'requires_action' || si.status === 'processing' ? 'pending' : 'failed'
      return { brand: brandNames[pm.card?.brand ?? ''] ?? pm.card?.brand ?? 'unknown', last4: pm.card?.last4 ?? '', threeDSecure }
    },
    async finishThreeDSecure(tokenId) {
      const si = await latestSetup(tokenId)
      return si?.status === 'succeeded' ? { ok: true, id: tokenId } : { ok: false }
    },
    async charge({ source, amount, idempotencyKey }): Promise<ChargeResult> {
      try {
        const pm = await stripe.paymentMethods.retrieve(source)
        const customer = typeof pm.customer === 'string' ? pm.customer : pm.customer?.id
        const pi = await stripe.paymentIntents.create(
          { amount, currency, payment_method: source, confirm: true, off_session: true, metadata: { purchase_key: idempotencyKey }, ...(customer ? { customer } : {}) },
          { idempotencyKey },
        )
        if (pi.status === 'succeeded') return { ok: true, chargeId: pi.id }
        // Off-session: a bank asking for authentication again, or a card refused.
        if (pi.status === 'requires_action') return { ok: false, status: 402, message: 'AUTHENTICATION_REQUIRED' }
        return { ok: false, status: 402, message: 'CARD_DECLINED' }
      } catch (e) {
        if (!isStripeError(e)) throw e
        if (e.statusCode === 429 || e.type === 'StripeRateLimitError') return { ok: false, status: 429, message: 'RATE_LIMITED' }
        if (e.type === 'StripeCardError' || e.statusCode === 402) return { ok: false, status: 402, message: e.code === 'authentication_required' ? 'AUTHENTICATION_REQUIRED' : 'CARD_DECLINED' }
        throw e
      }
    },
    async refund(chargeId) {
      await stripe.refunds.create({ payment_intent: chargeId })
    },
    // A Refund of part of the PaymentIntent, keyed so a retried request answers the same Refund
    // (Stripe keeps idempotency keys for 24 hours; the desk's refund row keeps ours for ever).
    async refundCharge({ chargeId, amount, idempotencyKey }): Promise<RefundResult> {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: chargeId, amount, reason: 'requested_by_customer', metadata: { refund_key: idempotencyKey } },
          { idempotencyKey: `refund:${idempotencyKey}` },
        )
        if (refund.status === 'failed' || refund.status === 'canceled') return { ok: false, status: 402, message: 'REFUND_FAILED' }
        return { ok: true, refundId: refund.id }
      } catch (e) {
        if (!isStripeError(e)) throw e
        if (e.statusCode === 429 || e.type === 'StripeRateLimitError') return { ok: false, status: 429, message: 'RATE_LIMITED' }
        // Stripe answers 400 for more than what is left (amount_too_large, charge_already_refunded)
        // and 409/400 for a key reused with other parameters (idempotency_error).
        if (e.type === 'StripeIdempotencyError' || e.code === 'idempotency_key_in_use') return { ok: false, status: 409, message: 'IDEMPOTENCY_KEY_REUSED' }
        if (e.statusCode === 400 || e.statusCode === 402) return { ok: false, status: 402, message: e.code === 'charge_already_refunded' || e.code === 'amount_too_large' ? 'AMOUNT_EXCEEDS_CHARGE' : 'REFUND_FAILED' }
        throw e
      }
    },
    // Not exercised here (no Stripe account on this machine): typed against the SDK and written
    // from Stripe's search query language (https://docs.stripe.com/search#query-fields-for-payment-intents).
    async findCharge(idempotencyKey, since): Promise<ChargeLookup> {
      const found = await stripe.paymentIntents.search({ query: `metadata['purchase_key']:'${searchValue(idempotencyKey)}'`, limit: 10 })
      const paid = found.data.find((pi) => pi.status === 'succeeded')
      if (paid) return { state: 'succeeded', chargeId: paid.id }
      // Still moving (processing, requires_capture…): ask again later. Refused or cancelled: none.
      if (found.data.some((pi) => pi.status === 'processing' || pi.status === 'requires_capture' || pi.status === 'requires_confirmation')) return { state: 'unknown' }
      if (found.data.length > 0) return { state: 'none' }
      return Date.now() - since.getTime() < STRIPE_SEARCH_LAG_MS ? { state: 'unknown' } : { state: 'none' }
    },
    // Ownership of a PaymentMethod is its Customer (customerOf, checked by the purchase service);
    // a PaymentMethod set up on the member's own Customer may pay again, as a saved card does.
    tokenUse: async () => 'ok',
    claimToken: async () => true,
    releaseToken: async () => {},
  }
}
