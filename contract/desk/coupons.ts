import * as v from 'valibot'
import { CouponProduct, ProductType } from '../entities'
import { LABEL_MAX } from '../fields'
import { deskMessages as dm } from '../desk-messages'
import type { StaffRegistry } from '../staff-calls'
import { int, paged, Paging, strict, text, UnixSeconds, Version } from './common'

// The operator's desk, coupons (docs/product.md §3 Coupon; claim link /get-coupon?couponCode=…):
// its schemas and its part of the registry, which contract/desk-calls.ts composes into `deskCalls`.

export const COUPON_NAME_MAX = LABEL_MAX
export const DISCOUNT_MAX = 1_000_000
export const MAX_CLAIMS_MAX = 1_000_000
/** Coupon codes go into the claim link `/get-coupon?couponCode=…`: URL-safe characters only. */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

export const CouponState = v.picklist(['ACTIVE', 'FULL', 'EXPIRED', 'STOPPED'], dm.statusInvalid)
export const DeskCoupon = v.object({
  couponCode: v.string(),
  couponName: v.string(),
  discountPrice: v.number(),
  /** Unix seconds. */
  expire: v.number(),
  availableProductList: v.array(CouponProduct),
  /** null: no limit. */
  maxClaims: v.nullable(v.number()),
  claimCount: v.number(),
  useCount: v.number(),
  stoppedAt: v.nullable(v.number()),
  state: CouponState,
  /** `/get-coupon?couponCode=…` (path and query; the page puts the app's origin in front). */
  claimPath: v.string(),
  version: v.number(),
})
export type DeskCoupon = v.InferOutput<typeof DeskCoupon>

export const DeskCouponsRequest = strict({ state: v.optional(CouponState), ...Paging })
export const DeskCouponsResponse = paged(DeskCoupon)

export const CouponCodeField = v.pipe(v.string(dm.couponCodeInvalid), v.trim(), v.regex(COUPON_CODE_PATTERN, dm.couponCodeInvalid))
export const DeskCouponProduct = strict({
  productType: v.picklist(ProductType.options, dm.productTypeInvalid),
  /** null: any minutes of that type. */
  minutesToSupport: v.nullable(int(0, 600, dm.minutesInvalid)),
})
/** Without `version`: a new coupon (its code must be new). With `version`: an edit (the code is its key and never changes). */
export const DeskCouponSaveRequest = strict({
  couponCode: CouponCodeField,
  version: v.optional(Version),
  couponName: text(COUPON_NAME_MAX, dm.couponNameRequired, dm.couponNameTooLong),
  discountPrice: int(1, DISCOUNT_MAX, dm.discountInvalid),
  expire: UnixSeconds,
  availableProductList: v.pipe(v.array(DeskCouponProduct, dm.productsRequired), v.minLength(1, dm.productsRequired), v.maxLength(20, dm.productsRequired)),
  maxClaims: v.optional(v.nullable(int(1, MAX_CLAIMS_MAX, dm.maxClaimsInvalid)), null),
})
export type DeskCouponSaveRequest = v.InferOutput<typeof DeskCouponSaveRequest>
export const DeskCouponResponse = v.object({ coupon: DeskCoupon })
export const DeskCouponStopRequest = strict({ couponCode: CouponCodeField, version: Version })

export const DeskCouponClaim = v.object({
  memberId: v.string(),
  /** 姓 名 of the member. */
  memberName: v.string(),
  email: v.string(),
  claimedAt: v.number(),
  usedAt: v.nullable(v.number()),
  usedTicketNumber: v.nullable(v.string()),
})
export const DeskCouponClaimsRequest = strict({ couponCode: CouponCodeField, ...Paging })
export const DeskCouponClaimsResponse = paged(DeskCouponClaim)

/** The claim link of a coupon (docs/product.md §2 /get-coupon), path and query. */
export const couponClaimPath = (couponCode: string) => `/get-coupon?couponCode=${encodeURIComponent(couponCode)}`

export const couponCalls = {
  'desk-coupons': { method: 'GET', role: 'operator', request: DeskCouponsRequest, response: DeskCouponsResponse },
  'desk-coupon-save': { method: 'POST', role: 'operator', request: DeskCouponSaveRequest, response: DeskCouponResponse },
  'desk-coupon-stop': { method: 'POST', role: 'operator', request: DeskCouponStopRequest, response: DeskCouponResponse },
  'desk-coupon-claims': { method: 'GET', role: 'operator', request: DeskCouponClaimsRequest, response: DeskCouponClaimsResponse },
} as const satisfies StaffRegistry
