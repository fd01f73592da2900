import { amountDue } from './checkout-context'
import type { CheckoutSnapshot } from './checkout-machine'

type Snapshot = CheckoutSnapshot

/**
 * What /buy shows, asked of the checkout chart (docs/decisions.md 45): the views read these
 * selectors, which read the chart's tags and context — never its state names, so the chart can
 * be reshaped without touching a view.
 */
export const checkoutView = {
  /** No form to offer yet (restoring, asking the server about a stored attempt, loading) or leaving for another page. */
  isLoading: (s: Snapshot) => s.hasTag('loading') || s.hasTag('leaving'),
  /** A payment, a coupon check or a lookup is running: the form's controls wait. */
  isBusy: (s: Snapshot) => s.hasTag('busy'),
  /**
   * The processing dialog: the charge (or the lookup of a sent one) runs, or the member is on the
   * way to the complete page. (The card child's own `processing` tag is read from its snapshot.)
   */
  isProcessing: (s: Snapshot) => s.hasTag('processing') || s.hasTag('completing'),
  isCheckingCoupon: (s: Snapshot) => s.hasTag('checkingCoupon'),
  /** A fitting held coupon is offered before paying (product.md §4). */
  isOfferingCoupon: (s: Snapshot) => s.hasTag('couponPrompt'),
  showsPaymentProblem: (s: Snapshot) => s.hasTag('paymentProblem'),
  canPay: (s: Snapshot) => s.can({ type: 'pay.submit' }),
  /** What is left to pay (the coupon price once applied); 0 before the product is loaded. */
  amountDue: (s: Snapshot) => amountDue(s.context),
}
