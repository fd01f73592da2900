import type { ChargeDataResponse, ChargePayload } from '../../contract/calls'
import type { ContactDevice, ContactOs, Coupon, RemoteSupport, SupportType } from '../../contract/entities'
import type { CheckoutDraft } from '../../contract/purchase-handoff'
import { buildChargeRequest, emptyForm, isHolderNameValid, osOptions, type CheckoutForm, type CheckoutParams, type PreviousAttempt, type StoredAttempt } from './checkout-rules'

// Context and events of the checkout chart (machines/checkout/checkout-machine.ts).

export type CheckoutLoaded = {
  chargeData: ChargeDataResponse
  /** Held coupons that fit the product. */
  coupons: Coupon[]
  email: string
  /** /support/staff saved the slot for this product (`mypage.purchaseState`). */
  hasSavedSlot: boolean
}
/** `draft`: the form as the member left it on an earlier visit of this purchase (戻る keeps the concern text). */
export type CheckoutInput = { params: CheckoutParams; keySeed: string; draft?: CheckoutDraft['state'] | null }
/** Before the load (restoring, asking about a stored attempt, loading) `chargeData` is null. */
export type CheckoutContext = CheckoutInput & Omit<CheckoutLoaded, 'chargeData'> & {
  chargeData: ChargeDataResponse | null
  form: CheckoutForm
  resumed: StoredAttempt | null
  applied: { couponCode: string; couponPrice: number } | null
  couponNotice: 'applied' | 'unavailable' | 'denied' | null
  tokenError: string | null
  payload: ChargePayload | null
  /** The coupon being validated. */
  pendingCoupon: string | null
  token: string | null
  idempotencyKey: string
  attempts: number
  /** A reload found this attempt still being charged: charge again with its key once loaded. */
  rejoining: boolean
}
export type CheckoutEvent =
  | { type: 'concern.change'; value: string }
  | { type: 'device.change'; value: ContactDevice | null }
  | { type: 'os.change'; value: ContactOs | null }
  | { type: 'remoteSupport.change'; value: RemoteSupport | null }
  | { type: 'supportType.change'; value: SupportType }
  | { type: 'holderName.change'; value: string }
  | { type: 'holderName.blur' }
  | { type: 'card.change'; element: 'number' | 'expiry' | 'cvc'; complete: boolean; error?: string | null }
  | { type: 'savedCard.toggle'; use: boolean }
  | { type: 'saveCard.toggle'; save: boolean }
  | { type: 'coupon.select'; couponCode: string }
  /** Take the applied coupon off (「使わない」). */
  | { type: 'coupon.clear' }
  | { type: 'pay.submit' }
  | { type: 'prompt.useCoupon' }
  | { type: 'prompt.skip' }
  | { type: 'prompt.close' }
  | { type: 'tokenError.dismiss' }

/** The form fields an event changes (product.md §2 "/buy details", §3 Choices, §5 holder name). */
export function formPatch(c: CheckoutContext, e: CheckoutEvent): Partial<CheckoutForm> {
  switch (e.type) {
    case 'concern.change': return { concernText: e.value }
    // product.md §3: changing the device resets the OS.
    case 'device.change': return { device: e.value, os: null }
    case 'os.change': return { os: e.value && c.form.device && osOptions[c.form.device].includes(e.value) ? e.value : null }
    case 'remoteSupport.change': return { remoteSupport: e.value }
    case 'supportType.change': return { supportType: e.value }
    // product.md §5 holder name: checked on blur; a change only clears the error.
    case 'holderName.change': return { holderName: e.value, holderNameError: false }
    case 'holderName.blur': return { holderNameError: !isHolderNameValid(c.form.holderName) }
    case 'card.change': return { card: { ...c.form.card, [e.element]: e.complete }, cardError: e.error ?? null }
    case 'savedCard.toggle': return { useSavedCard: e.use && (c.chargeData?.creditcard ?? null) !== null }
    case 'saveCard.toggle': return { saveCard: e.save }
    default: return {}
  }
}

export const initialCheckoutContext = (input: CheckoutInput): CheckoutContext => ({
  ...input,
  chargeData: null,
  coupons: [],
  email: '',
  hasSavedSlot: false,
  form: { ...emptyForm(input.params.supportType), ...input.draft },
  resumed: null,
  applied: null,
  couponNotice: null,
  tokenError: null,
  payload: null,
  pendingCoupon: null,
  token: null,
  idempotencyKey: '',
  attempts: 0,
  rejoining: false,
})


/**
 * The charge data of a loaded checkout: every step from `ready` on has it (a payment, the attempt
 * stored or charged); asking before the load is a defect of the chart.
 */
export function loadedData(c: CheckoutContext): ChargeDataResponse {
  if (!c.chargeData) throw new Error('checkout: charge-data is not loaded yet')
  return c.chargeData
}

/** What is left to pay: the coupon price once a coupon is applied (0 before the load). */
export const amountDue = (c: CheckoutContext) => c.applied?.couponPrice ?? c.chargeData?.product.price ?? 0

/** The attempt as kept in session storage (product.md §3 list), before the redirect or the charge. */
export const storedAttempt = (c: CheckoutContext): StoredAttempt => ({
  handoff: c.params,
  payload: c.payload!,
  token: c.token,
  buyType: loadedData(c).product.productType,
  idempotencyKey: c.idempotencyKey,
  state: { concernText: c.form.concernText, device: c.form.device, os: c.form.os, remoteSupport: c.form.remoteSupport, supportType: c.form.supportType, saveCard: c.form.saveCard },
})

/** The attempt taken up again (Back from 3-D Secure, a reload) was paid with a new card, not the saved one. */
export const usedNewCard = (c: CheckoutContext): boolean => c.token !== null || (c.payload !== null && c.payload.cardId === '' && c.payload.cardToken !== '')

/** product.md §4: nothing to pay (free interview, 100 % coupon) or the saved card chosen: no token, no 3-D Secure. */
export const paysWithoutCard = (c: CheckoutContext): boolean => amountDue(c) === 0 || (c.form.useSavedCard && (c.chargeData?.creditcard ?? null) !== null)

/** product.md §4: the three card elements complete, the holder name valid, no element or name in error. */
export const isNewCardReady = ({ form: f }: CheckoutContext): boolean =>
  f.card.number && f.card.expiry && f.card.cvc && isHolderNameValid(f.holderName) && !f.holderNameError && !f.cardError

/** A new purchase attempt: its idempotency key (one per attempt, kept across the redirect) and its charge request. */
export const startedAttempt = (c: CheckoutContext): Partial<CheckoutContext> => ({
  attempts: c.attempts + 1,
  idempotencyKey: `${c.keySeed}-${c.attempts + 1}`,
  payload: buildChargeRequest(c.params, loadedData(c), c.form, c.applied?.couponCode ?? null),
  token: null,
  tokenError: null,
})

/** The stored attempt taken up again: its hand-off, payload, key and form; `resumed` when back from 3-D Secure. */
export function restoredAttempt(c: CheckoutContext, previous: PreviousAttempt | null): Partial<CheckoutContext> {
  if (!previous) return {}
  const { attempt: s, returnedFrom3ds } = previous
  return { resumed: returnedFrom3ds ? s : null, params: s.handoff, payload: s.payload, token: s.token, idempotencyKey: s.idempotencyKey, form: { ...c.form, ...s.state } }
}
