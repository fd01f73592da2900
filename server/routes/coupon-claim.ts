import type { PartialHandlers } from '../http/handler'
import { claimCoupon } from '../services/member/coupon-claim'

// The coupon-claim flow (machines/coupon-claim): a coupon link adds the coupon to the member.

export const couponClaimHandlers: PartialHandlers<'get-coupon'> = {
  async 'get-coupon'({ input, deps, me }) {
    return claimCoupon(deps, me().memberId, input.couponCode)
  },
}
