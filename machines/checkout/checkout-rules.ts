import type { ChargeDataResponse, ChargePayload } from '../../contract/calls'
import type { ContactDevice, ContactOs, ProductType, RemoteSupport, SupportType } from '../../contract/entities'
import { CONCERN_MAX } from '../../contract/fields'
import { couponFits } from '../../contract/reservation-rules'
import type { CheckoutDraft, PurchaseAttempt, PurchaseHandoff } from '../../contract/purchase-handoff'

// Pure rules of the checkout chart (product.md §2 "/buy details", §3 charge request, §4 Payment, §5).

export const HOLDER_NAME_MAX = 45

/** product.md §9 charge retry "max 3": retries after the first try (only on HTTP 429), 1 s, 2 s, 4 s. */
export const MAX_CHARGE_RETRIES = 3

/** product.md §5: required, ≤ 45, half-width roman letters, one half-width space between the two names. */
export const isHolderNameValid = (name: string) => name.length <= HOLDER_NAME_MAX && /^[A-Za-z]+ [A-Za-z]+$/.test(name)

export const isConcernTooLong = (text: string) => text.length > CONCERN_MAX

/** product.md §3 Choices: OS options per device. */
export const osOptions: Record<ContactDevice, ContactOs[]> = {
  PC: ['WINDOWS', 'MAC'],
  SMARTPHONE: ['ANDROID', 'IOS'],
  TABLET: ['ANDROID', 'IOS'],
}

/** A held coupon fits a product: the rule of contract/reservation-rules.ts, the one the charge applies. */
export { couponFits }

/** What /buy was opened with: the purchase hand-off (contract/purchase-handoff.ts). */
export type CheckoutParams = PurchaseHandoff

export type CheckoutForm = {
  concernText: string
  device: ContactDevice | null
  os: ContactOs | null
  remoteSupport: RemoteSupport | null
  supportType: SupportType
  holderName: string
  holderNameError: boolean
  card: { number: boolean; expiry: boolean; cvc: boolean }
  /** A card element's own error (incomplete or invalid number…), shown under it. */
  cardError: string | null
  useSavedCard: boolean
  saveCard: boolean
}

export const emptyForm = (supportType: SupportType | null): CheckoutForm => ({
  concernText: '',
  device: null,
  os: null,
  remoteSupport: null,
  supportType: supportType ?? 'TEL',
  holderName: '',
  holderNameError: false,
  card: { number: false, expiry: false, cvc: false },
  cardError: null,
  useSavedCard: false,
  // Saving the card is an explicit choice, unticked until the member ticks it.
  saveCard: false,
})

/** product.md §3 Choices: the device, OS and remote-support selects show for SUPPORT purchases only. */
export const showsDeviceChoices = (productType: ProductType) => productType === 'SUPPORT'

/** product.md §2: the support-method choice shows only when not an immediate reservation and not INTERVIEW/TIP/ADD. */
export const showsSupportMethod = (productType: ProductType, reserveNow: boolean) => !reserveNow && productType === 'SUPPORT'

/** product.md §3: the type alone for INTERVIEW/TIP/ADD, else SUPPORT-YYYYMMDD-HH-MM. */
export function chargeReservationTime(productType: ProductType, reservationTime: string | null): string {
  return productType === 'SUPPORT' ? (reservationTime ?? 'SUPPORT') : productType
}

/** The charge request of product.md §3, without the card token (added once the token exists). */
export function buildChargeRequest(
  params: CheckoutParams,
  chargeData: ChargeDataResponse,
  form: CheckoutForm,
  couponCode: string | null,
): ChargePayload {
  const type = chargeData.product.productType
  const savedCardId = form.useSavedCard && chargeData.creditcard ? chargeData.creditcard.cardId : ''
  return {
    productId: params.productId,
    cardId: savedCardId,
    cardToken: '',
    saveCard: !savedCardId && form.saveCard,
    parentTicketNumber: params.parentTicketNumber,
    staffId: params.staffId,
    couponCode,
    reservationTime: chargeReservationTime(type, params.reservationTime),
    reservationMenuList: [],
    supportType: type === 'SUPPORT' ? (params.reserveNow && params.supportType ? params.supportType : form.supportType) : null,
    reserveNow: params.reserveNow,
    counsellingComment: type === 'SUPPORT' && form.concernText ? form.concernText : null,
    // product.md §3 Choices: device, OS and remote support belong to SUPPORT purchases only.
    contactDevice: type === 'SUPPORT' ? form.device : null,
    contactOs: type === 'SUPPORT' ? form.os : null,
    remoteSupport: type === 'SUPPORT' ? form.remoteSupport : null,
  }
}

/** How long a draft of the form (the concern text and choices) is taken up again. */
export const DRAFT_MS = 60 * 60_000

/** The draft's form fields when it belongs to this purchase (same product and parent ticket) and is recent, else null. */
export function draftFor(draft: CheckoutDraft | null, params: CheckoutParams, now: number): CheckoutDraft['state'] | null {
  if (!draft || draft.productId !== params.productId || draft.parentTicketNumber !== params.parentTicketNumber) return null
  return now - draft.savedAt >= 0 && now - draft.savedAt < DRAFT_MS ? draft.state : null
}

/**
 * The attempt kept in session storage across the 3-D Secure redirect and for a reload (contract),
 * its payload as the client writes it (the server's parse brands the ids).
 */
export type StoredAttempt = Omit<PurchaseAttempt, 'payload'> & { payload: ChargePayload }

/** A stored attempt this page load belongs to, and whether it is the return from 3-D Secure. */
export type PreviousAttempt = { attempt: StoredAttempt; returnedFrom3ds: boolean }

/**
 * How long a reload or Back may pick up a stored attempt: long enough for a
 * reload or Back after paying, short enough that a deliberate second extension (ADD) of the same
 * ticket soon after shows the form again.
 */
export const PREVIOUS_ATTEMPT_MS = 10 * 60_000

/**
 * Does this /buy page load belong to the stored attempt? The 3-D Secure return with its token
 * does; otherwise the same product, parent ticket and (when the page knows one) slot, stored
 * within PREVIOUS_ATTEMPT_MS — a reload or Back of the purchase just paid, not a new one.
 */
export function previousAttempt(stored: StoredAttempt | null, params: CheckoutParams, returnedToken: string | null, now: number): PreviousAttempt | null {
  if (!stored) return null
  if (returnedToken) return stored.token === returnedToken ? { attempt: stored, returnedFrom3ds: true } : null
  const fresh = stored.savedAt !== undefined && now - stored.savedAt >= 0 && now - stored.savedAt < PREVIOUS_ATTEMPT_MS
  const same =
    stored.handoff.productId === params.productId &&
    stored.handoff.parentTicketNumber === params.parentTicketNumber &&
    (params.reservationTime === null || params.reservationTime === stored.handoff.reservationTime)
  return fresh && same ? { attempt: stored, returnedFrom3ds: false } : null
}
