import { DeskCouponSaveRequest, type DeskCoupon, type DeskCouponSaveRequest as SaveRequest } from '../../contract/desk/coupons'
import type { ProductType } from '../../contract/entities'
import { formErrors } from '../shared/form-errors'
import { jstDayEndToUnix, typedWholeNumber, unixToJstDay } from '../shared/jst-input'

/**
 * The coupon form (docs/product.md §3 Coupon: code, name, expiry, `availableProductList`; the
 * discount in yen; how many members may claim it), judged step by step with the request schema
 * the server validates with, so each message is the server's own.
 */

export type CouponFit = { productType: ProductType; minutesToSupport: number | null }

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
export type CouponErrors = Partial<Record<CouponField, string>>

export const emptyCouponValues: CouponValues = { couponCode: '', couponName: '', discountPrice: '', fits: [], expireDate: '', claimLimit: '' }

/** The save request of the form's values (`version` null: a new coupon). */
export function couponSaveRequest(values: CouponValues, version: number | null): SaveRequest {
  return {
    couponCode: values.couponCode.trim(),
    ...(version === null ? {} : { version }),
    couponName: values.couponName,
    discountPrice: typedWholeNumber(values.discountPrice),
    expire: jstDayEndToUnix(values.expireDate),
    availableProductList: values.fits,
    maxClaims: values.claimLimit.trim() === '' ? null : typedWholeNumber(values.claimLimit),
  }
}

export const couponValuesOf = (c: DeskCoupon): CouponValues => ({
  couponCode: c.couponCode,
  couponName: c.couponName,
  discountPrice: String(c.discountPrice),
  fits: c.availableProductList.map((f) => ({ productType: f.productType, minutesToSupport: f.minutesToSupport })),
  expireDate: unixToJstDay(c.expire),
  claimLimit: c.maxClaims === null ? '' : String(c.maxClaims),
})

const fieldOf: Record<string, CouponField> = {
  couponCode: 'couponCode',
  couponName: 'couponName',
  discountPrice: 'discountPrice',
  availableProductList: 'fits',
  expire: 'expireDate',
  maxClaims: 'claimLimit',
}

/** Every field's first message, `{}` when the request would pass. */
export function couponErrors(values: CouponValues): CouponErrors {
  const errors: CouponErrors = {}
  const byKey = formErrors<string>(DeskCouponSaveRequest, couponSaveRequest(values, null))
  for (const [key, message] of Object.entries(byKey)) if (fieldOf[key.split('.')[0]] && message) errors[fieldOf[key.split('.')[0]]] ??= message
  return errors
}

const stepFields = { basics: ['couponCode', 'couponName', 'discountPrice'], fit: ['fits', 'expireDate', 'claimLimit'] } as const
export type CouponStep = keyof typeof stepFields

export const stepHasErrors = (errors: CouponErrors, step: CouponStep) => stepFields[step].some((f) => errors[f])

/** Whether a field is entered on that step (each step shows only its own fields). */
export const isStepField = (step: CouponStep, field: CouponField) => (stepFields[step] as readonly CouponField[]).includes(field)

export const sameFit = (a: CouponFit, b: CouponFit) => a.productType === b.productType && a.minutesToSupport === b.minutesToSupport
