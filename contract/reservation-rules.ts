import type { CouponProduct, ProductType, SupportStatus } from './entities'

// Business rules that both sides apply, written once: the server refuses with
// them, the screens show or hide with them. Pure, no clock of their own, no js-joda.

// ---- the 30-minute cut-off

/** product.md §5, §9: a reservation can be made or changed only more than 30 minutes before it starts. */
export const CHANGE_CUTOFF_MINUTES = 30
const CHANGE_CUTOFF_MS = CHANGE_CUTOFF_MINUTES * 60_000

const epochMs = (t: Date | number) => (typeof t === 'number' ? t : t.getTime())

/**
 * The reservation starting at `reservationAt` (a Date or epoch ms) is still more than 30 minutes
 * ahead of `now` (strictly): it may be changed, and a slot starting then may be booked.
 */
export const canChangeReservation = (reservationAt: Date | number, now: Date): boolean => epochMs(reservationAt) - now.getTime() > CHANGE_CUTOFF_MS

/** A ticket as both sides see it for a date change (the server's row, the client's Ticket). */
export type ChangeableTicket = {
  productType: ProductType
  supportStatus: SupportStatus
  amountRefunded: number
  /** The reservation start (Date or epoch ms); null without a date. */
  reservationAt: Date | number | null
}

/**
 * product.md §6 / docs/design.md: why the reservation of `t` cannot be changed at `now`, or null when it can.
 * `notChangeable`: not an UNSUPPORTED SUPPORT ticket with a date and no refund; `tooLate`: within
 * the 30-minute cut-off (or past). The server answers each with its message; the home hides the
 * change button for both.
 */
export function reservationChangeRefusal(t: ChangeableTicket, now: Date): 'notChangeable' | 'tooLate' | null {
  if (t.productType !== 'SUPPORT' || t.supportStatus !== 'UNSUPPORTED' || t.amountRefunded > 0 || t.reservationAt === null) return 'notChangeable'
  return canChangeReservation(t.reservationAt, now) ? null : 'tooLate'
}

// ---- time bands

export type Band = 'morning' | 'afternoon' | 'evening'

/** product.md §9: 9–13, 13–17, 17–21 (slot hours 9–12, 13–16, 17–20). */
export const bandHours: Record<Band, number[]> = {
  morning: [9, 10, 11, 12],
  afternoon: [13, 14, 15, 16],
  evening: [17, 18, 19, 20],
}
export const bands: Band[] = ['morning', 'afternoon', 'evening']

/** The first slot starts at 09:00 … */
export const FIRST_SLOT_HOUR = bandHours.morning[0]
/** … and the last one ends at 21:00: the bands are the business hours. */
export const LAST_SLOT_END_HOUR = bandHours.evening[bandHours.evening.length - 1] + 1

/** The band holding an hour (product.md §9), or null outside every band. */
export const bandOfHour = (hour: number): Band | null => bands.find((b) => bandHours[b].includes(hour)) ?? null

// ---- coupon fit

/**
 * A coupon applies to a product when one of its entries names the product's type and, if the entry
 * sets minutes, the product's minutes (product.md §4 Payment). The checkout offers only fitting coupons;
 * the charge and coupon-valid refuse the others.
 */
export const couponFits = (
  coupon: { availableProductList: readonly CouponProduct[] },
  product: { productType: ProductType; minutesToSupport: number },
): boolean =>
  coupon.availableProductList.some((a) => a.productType === product.productType && (a.minutesToSupport === null || a.minutesToSupport === product.minutesToSupport))
