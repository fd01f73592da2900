import { requestMessages } from '../../contract/validation-messages'
import type { PaymentPort, SandboxPayment } from '../adapters/payment'
import type { StripePayment } from '../adapters/stripe-payment'
import type { Config } from '../config'
import { invalid, notFound, paymentRefusal, serverErrors } from '../domain/errors'
import type { PartialHandlers } from '../http/handler'
import { assertTokenUsable } from '../services/purchase/card-token'
import { chargeData, stripeCustomer } from '../services/purchase/charge-data'
import { quoteCoupon } from '../services/purchase/pricing'
import { purchase } from '../services/purchase/purchase'
import { attemptOutcome } from '../services/purchase/status'

/** The longest Idempotency-Key `charge` keeps (the SPA sends a UUID). */
const IDEMPOTENCY_KEY_MAX = 200

const isSandbox = (p: { kind: string }): p is SandboxPayment => p.kind === 'sandbox'
const isStripe = (p: PaymentPort): p is StripePayment => p.kind === 'stripe'

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
    return chargeData(deps, me(), input.productId, input.staffId, input.parentTicketNumber)
  },

  async 'coupon-valid'({ input, deps, me }) {
    return quoteCoupon(deps.db, me(), input.productId, input.couponCode, deps.clock.now())
  },

  async tdsFinish({ input, deps, me }) {
    const m = me()
    // Another member's token, or one already used, is not finished for this caller.
    await assertTokenUsable(deps, m, input.tokenId)
    const r = await deps.payment.finishThreeDSecure(input.tokenId)
    if (!r.ok) throw invalid(serverErrors.threeDSecureFailed)
    return { status: 200 as const, data: { data: { id: r.id } } }
  },

  async 'sandbox/tokens'({ input, deps, me }) {
    const m = me()
    if (!isSandbox(deps.payment)) throw notFound()
    const r = await deps.payment.createToken(input, m.memberId)
    if (!r.ok) throw invalid(r.message)
    return { tokenId: r.tokenId, threeDSecure: r.threeDSecure, card: r.card }
  },

  /**
   * Stripe's 3-D Secure start (docs/design.md "Payments"): the PaymentMethod goes onto the member's
   * Customer through an off-session SetupIntent confirmed with the return URL; the browser follows
   * `redirectUrl` to the bank, or goes straight on to tdsFinish when there is no challenge.
   */
  async 'stripe/setup-intents'({ input, deps, me }) {
    const m = me()
    if (!isStripe(deps.payment)) throw notFound()
    if (!allowedReturnUrl(input.returnUrl, deps.config)) throw invalid('returnUrl must be on the app origin')
    const customerId = await stripeCustomer(deps, deps.payment, m)
    const r = await deps.payment.startThreeDSecure(input.paymentMethodId, input.returnUrl, customerId)
    if (!r.ok) throw paymentRefusal(r)
    return { redirectUrl: r.redirectUrl }
  },

  /** The purchase (services/purchase/purchase.ts): parse the key, run the attempt, answer. */
  async charge({ input, deps, me, header }) {
    const m = me()
    const key = header('idempotency-key')?.trim()
    if (!key) throw invalid(serverErrors.idempotencyKeyRequired)
    if (key.length > IDEMPOTENCY_KEY_MAX) throw invalid(requestMessages.idempotencyKeyTooLong(IDEMPOTENCY_KEY_MAX))
    // Two Idempotency-Key headers reach us joined with a comma (RFC 9110 §5.3): the key names one
    // purchase, so a request naming two is refused rather than taken as a third key.
    if (key.includes(',')) throw invalid(requestMessages.idempotencyKeyTwice)
    return purchase(deps, m, key, input)
  },

  async 'charge-attempt'({ input, deps, me }) {
    return attemptOutcome(deps, me(), input.idempotencyKey)
  },
}
