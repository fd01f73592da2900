import type { CheckoutLoaded } from '../../machines/checkout/checkout-machine'
import type { CheckoutParams, StoredAttempt } from '../../machines/checkout/checkout-rules'
import type { ChargeResponse } from '../../contract/calls'
import type { Coupon } from '../../contract/entities'

// Shared data of the checkout chart tests.

export const params: CheckoutParams = {
  productId: 'SUPPORT-60',
  reserveNow: false,
  staffId: 'STAFF-01',
  parentTicketNumber: null,
  reservationTime: 'SUPPORT-20300101-10-00',
  supportType: null,
}

export const coupon: Coupon = {
  couponCode: 'WELCOME500',
  couponName: '新規会員500円OFFクーポン',
  expire: 1_900_000_000,
  availableProductList: [{ productType: 'SUPPORT', minutesToSupport: null }],
  discountPrice: 500,
}

const product = { productId: 'SUPPORT-60', productType: 'SUPPORT' as const, productName: '60分サポートチケット', minutesToSupport: 60, price: 5500 }
const base = { availableCardBrandList: ['Visa' as const], staff: null }

/** A new-card purchase with one fitting coupon. */
export const loaded: CheckoutLoaded = { chargeData: { ...base, product, creditcard: null }, coupons: [coupon], email: 'demo@example.com', hasSavedSlot: true }
/** A member with a saved card and a fitting coupon. */
export const loadedSaved: CheckoutLoaded = {
  chargeData: { ...base, product, creditcard: { cardBrand: 'Visa', cardLast4: '4242', cardId: 'card_1' } },
  coupons: [coupon],
  email: 'demo@example.com',
  hasSavedSlot: true,
}
/** A SUPPORT purchase opened without the slot saved by /support/staff. */
export const loadedNoSlot: CheckoutLoaded = { ...loaded, hasSavedSlot: false }
/** The free interview: nothing to pay. */
export const loadedFree: CheckoutLoaded = {
  chargeData: { ...base, product: { productId: 'INTERVIEW-30', productType: 'INTERVIEW', productName: '無料電話相談（問診）', minutesToSupport: 30, price: 0 }, creditcard: null },
  coupons: [],
  email: 'demo@example.com',
  hasSavedSlot: false,
}

export const attempt: StoredAttempt = {
  handoff: params,
  payload: {
    productId: 'SUPPORT-60', cardId: '', cardToken: 'tok_1', saveCard: true, parentTicketNumber: null, staffId: 'STAFF-01', couponCode: null,
    reservationTime: 'SUPPORT-20300101-10-00', reservationMenuList: [], supportType: 'TEL', reserveNow: false, counsellingComment: null,
    contactDevice: null, contactOs: null, remoteSupport: null,
  },
  state: { concernText: '', device: null, os: null, remoteSupport: null, supportType: 'TEL', saveCard: true },
  token: 'tok_1',
  buyType: 'SUPPORT',
  idempotencyKey: 'seed-1',
}

export const response: ChargeResponse = { ticketNumber: 'S0001', receiptNumber: 'R0001', productType: 'SUPPORT', amount: 5500, couponCode: null }
