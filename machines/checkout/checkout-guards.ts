import type { ChargeAttemptResponse } from '../../contract/calls'
import { apiErrors } from '../../contract/messages'
import { failureMessage, failureStatus, isClientFailure } from '../shared/api-failure'
import type { CardPaymentOutput } from './card-payment-machine'
import type { ChargeOutput } from './charge-machine'
import { isNewCardReady, paysWithoutCard, type CheckoutContext, type CheckoutLoaded } from './checkout-context'
import { isConcernTooLong, type PreviousAttempt } from './checkout-rules'
import type { CouponCheckOutput } from './coupon-check-machine'

// The named conditions of the checkout chart (machines/checkout/checkout-machine.ts), pure reads of
// its context, of an event or of a child's output; the chart refers to them by name.

type Ctx = { context: CheckoutContext }
/** An actor's error event reaches a guard as an event of the chart's own type; read it as what it is. */
type AnyEvent = { event: object }

export const checkoutGuards = {
  hasStoredAttempt: (_: unknown, p: { attempt: PreviousAttempt | null }) => p.attempt !== null,
  wasPaid: (_: unknown, p: ChargeAttemptResponse) => p.status === 'SUCCEEDED' && p.result !== null,
  isStillCharging: (_: unknown, p: ChargeAttemptResponse) => p.status === 'PENDING',
  // Back from 3-D Secure and the server has not seen the key yet: finish and charge as before.
  isReturnNotYetCharged: ({ context }: Ctx, p: ChargeAttemptResponse) => context.resumed !== null && p.status === 'NONE',
  isRejoining: ({ context }: Ctx) => context.rejoining,
  isResumed: ({ context }: Ctx) => context.resumed !== null,
  // product.md §4: a SUPPORT product, not an immediate reservation, without the slot saved by /support/staff.
  lacksSavedSlot: ({ context }: Ctx, p: CheckoutLoaded) => p.chargeData.product.productType === 'SUPPORT' && !context.params.reserveNow && !p.hasSavedSlot,
  isStaffNotFound: ({ event }: AnyEvent) => 'error' in event && failureStatus(event.error) === 400 && failureMessage(event.error).includes(apiErrors.staffNotFound),
  isClientError: ({ event }: AnyEvent) => 'error' in event && isClientFailure(event.error),
  couponWasApplied: (_: unknown, p: CouponCheckOutput) => p.outcome === 'applied',
  couponWasRefused: (_: unknown, p: CouponCheckOutput) => p.outcome === 'unavailable',
  // Only an applied coupon can be taken off.
  hasAppliedCoupon: ({ context }: Ctx) => context.applied !== null,
  // product.md §4: enabled when the concern fits and either nothing needs a card (saved card, nothing
  // to pay) or the card elements are complete, the name is valid and nothing is in error.
  isReadyToPay: ({ context: c }: Ctx) => !isConcernTooLong(c.form.concernText) && (paysWithoutCard(c) || isNewCardReady(c)),
  // product.md §4 coupon in payment: a fitting held coupon that is not applied prompts before paying.
  mustOfferCoupon: ({ context: c }: Ctx) => c.coupons.length > 0 && c.applied === null,
  paysWithoutCard: ({ context: c }: Ctx) => paysWithoutCard(c),
  cardWasAccepted: (_: unknown, p: CardPaymentOutput) => p.outcome === 'finished',
  cardTokenRefused: (_: unknown, p: CardPaymentOutput) => p.outcome === 'tokenRefused',
  // What the charge child says became of the charge (./charge-machine.ts).
  wasCharged: (_: unknown, p: ChargeOutput) => p.outcome === 'charged',
  wasStaffDenied: (_: unknown, p: ChargeOutput) => p.outcome === 'staffDenied',
  wasCouponDenied: (_: unknown, p: ChargeOutput) => p.outcome === 'couponDenied',
  wasUnanswered: (_: unknown, p: ChargeOutput) => p.outcome === 'unanswered',
}
