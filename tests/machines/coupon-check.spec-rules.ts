// Spec rules of the coupon check, the checkout's child chart (product.md §4 Coupons at payment,
// §8 Coupon check): the held coupon is checked once for the product; couponAvailable true applies
// it at the answered price; couponAvailable false or a 4xx marks it unavailable; any other status
// sends the member to the error page with that status. Written against the call and the final
// output only — no state names.
import { couponCheckMachine } from '../../machines/checkout/coupon-check-machine'
import { ApiError } from '../../src/api/api-error'
import { expectSent, httpStatus, isClient, same, type ChartSpec, type SpecRules } from './observe'

const input = { productId: 'SUPPORT-60', couponCode: 'WELCOME500' }

export const rules: SpecRules = {
  afterStep({ event, after }) {
    const v: string[] = []
    if (event.type === 'xstate.init') {
      v.push(...expectSent(after, [{ call: 'validateCoupon', input }], 'the check asks once, for this product and coupon'))
      if (after.done) v.push('the check cannot end before the answer')
      return v
    }
    const r = after.reply
    if (r?.call !== 'validateCoupon') return v
    v.push(...expectSent(after, [], 'after the answer'))
    if (!after.done) return [...v, 'the answer ends the check']
    let want: unknown
    if (r.ok) {
      const answer = r.output as { couponAvailable: boolean; couponPrice: number }
      want = answer.couponAvailable ? { outcome: 'applied', couponCode: input.couponCode, couponPrice: answer.couponPrice } : { outcome: 'unavailable', couponCode: input.couponCode }
    } else {
      const status = httpStatus(r.error)
      want = isClient(status) ? { outcome: 'unavailable', couponCode: input.couponCode } : { outcome: 'failed', code: status }
    }
    if (!same(after.output, want)) v.push(`the check must end with ${JSON.stringify(want)}, not ${JSON.stringify(after.output)}`)
    return v
  },
}

export const spec: ChartSpec = {
  configs: [
    {
      machine: couponCheckMachine,
      input,
      events: {},
      outcomes: {
        validateCoupon: {
          done: [{ couponAvailable: true, couponPrice: 5000 }, { couponAvailable: false, couponPrice: 5500 }],
          // A 4xx at both ends of the range, the rate limit, and statuses that are not the member's fault.
          error: [new ApiError(400, 'DENY_COUPON'), new ApiError(499, 'x'), new ApiError(429, 'Too Many Requests'), new ApiError(500, 'boom'), new ApiError(503, 'down'), new TypeError('Failed to fetch')],
        },
      },
    },
  ],
  rules,
}
