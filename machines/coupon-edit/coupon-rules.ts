/**
 * The coupon form's rules, step by step (docs/product.md §3 Coupon: code, name, expiry,
 * `availableProductList`; the discount in yen; how many members may claim it). The server checks
 * the same bounds; these decide when the operator may go on to the next step.
 */

export const COUPON_CODE_MAX = 32
export const COUPON_NAME_MAX = 50
export const COUPON_DISCOUNT_MAX = 1_000_000
export const COUPON_CLAIM_LIMIT_MAX = 1_000_000

export type CouponFit = { productType: string; minutesToSupport: number | null }

export type CouponValues = {
  couponCode: string
  couponName: string
  /** Yen, as typed. */
  discountPrice: string
  /** Which products the coupon fits (`availableProductList`). */
  fits: CouponFit[]
  /** The last day it can be used, `YYYY-MM-DD` (Japan), as a date input gives it. */
  expireDate: string
  /** How many members may claim it, as typed; '' for no limit. */
  claimLimit: string
}

export type CouponField = keyof CouponValues
export type CouponErrorCode = 'required' | 'codeShape' | 'tooLong' | 'notWhole' | 'outOfRange' | 'noFit' | 'dateShape' | 'pastDate'
export type CouponErrors = Partial<Record<CouponField, CouponErrorCode>>

export const emptyCouponValues: CouponValues = { couponCode: '', couponName: '', discountPrice: '', fits: [], expireDate: '', claimLimit: '' }

const halfWidth = (s: string) => s.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/[,，\s]/g, '')

/** A whole number typed in a field (full-width digits and separators allowed), NaN otherwise. */
export const wholeNumber = (text: string): number => (/^\d+$/.test(halfWidth(text)) ? Number(halfWidth(text)) : NaN)

const whole = (text: string, max: number, optional = false): CouponErrorCode | undefined => {
  if (halfWidth(text) === '') return optional ? undefined : 'required'
  const n = wholeNumber(text)
  if (!Number.isInteger(n)) return 'notWhole'
  return n < 1 || n > max ? 'outOfRange' : undefined
}

/** Step 1: what the coupon is. */
export function basicsErrors(values: CouponValues): CouponErrors {
  const errors: CouponErrors = {}
  const code = values.couponCode.trim()
  if (!code) errors.couponCode = 'required'
  else if (code.length > COUPON_CODE_MAX) errors.couponCode = 'tooLong'
  else if (!/^[A-Za-z0-9_-]+$/.test(code)) errors.couponCode = 'codeShape'
  const name = values.couponName.trim()
  if (!name) errors.couponName = 'required'
  else if (name.length > COUPON_NAME_MAX) errors.couponName = 'tooLong'
  const discount = whole(values.discountPrice, COUPON_DISCOUNT_MAX)
  if (discount) errors.discountPrice = discount
  return errors
}

/** Step 2: what it fits, until when, for how many. `today` is Japan's `YYYY-MM-DD`. */
export function fitErrors(values: CouponValues, today: string): CouponErrors {
  const errors: CouponErrors = {}
  if (values.fits.length === 0) errors.fits = 'noFit'
  if (!values.expireDate) errors.expireDate = 'required'
  else if (!/^\d{4}-\d{2}-\d{2}$/.test(values.expireDate)) errors.expireDate = 'dateShape'
  else if (values.expireDate < today) errors.expireDate = 'pastDate'
  const limit = whole(values.claimLimit, COUPON_CLAIM_LIMIT_MAX, true)
  if (limit) errors.claimLimit = limit
  return errors
}

export const sameFit = (a: CouponFit, b: CouponFit) => a.productType === b.productType && a.minutesToSupport === b.minutesToSupport
