import { assign, fromPromise, setup } from 'xstate'
import { failureStatus, isClientFailure } from '../shared/api-failure'

/**
 * Checking a held coupon for the product (product.md §4 Coupon in payment, §8 coupon validity), a child
 * of the checkout chart: checking ─▶ applied (its discounted price) | unavailable | failed.
 * Its output tells the checkout what to show: the applied message and the new price, the
 * unavailable-coupon flag (couponAvailable false or a 4xx), or the error page with the status.
 */

export type CouponCheckInput = { productId: string; couponCode: string }

export type CouponCheckOutput =
  | { outcome: 'applied'; couponCode: string; couponPrice: number }
  | { outcome: 'unavailable'; couponCode: string }
  | { outcome: 'failed'; code: number }

type CouponCheckContext = CouponCheckInput & { couponPrice: number; code: number }

export const couponCheckMachine = setup({
  types: { context: {} as CouponCheckContext, input: {} as CouponCheckInput, output: {} as CouponCheckOutput },
  guards: {
    isCouponAvailable: (_, p: { couponAvailable: boolean }) => p.couponAvailable,
    isClientError: ({ event }) => 'error' in event && isClientFailure(event.error),
  },
  actors: {
    validateCoupon: fromPromise<{ couponAvailable: boolean; couponPrice: number }, CouponCheckInput>(async () => { throw new Error('provide validateCoupon') }),
  },
}).createMachine({
  id: 'couponCheck',
  context: ({ input }) => ({ ...input, couponPrice: 0, code: 400 }),
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        src: 'validateCoupon',
        input: ({ context }) => ({ productId: context.productId, couponCode: context.couponCode }),
        onDone: [
          {
            guard: { type: 'isCouponAvailable', params: ({ event }) => event.output },
            target: 'applied',
            actions: assign({ couponPrice: ({ event }) => event.output.couponPrice }),
          },
          { target: 'unavailable' },
        ],
        onError: [
          { guard: 'isClientError', target: 'unavailable' },
          { target: 'failed', actions: assign({ code: ({ event }) => failureStatus(event.error) }) },
        ],
      },
    },
    applied: { type: 'final', output: ({ context }): CouponCheckOutput => ({ outcome: 'applied', couponCode: context.couponCode, couponPrice: context.couponPrice }) },
    unavailable: { type: 'final', output: ({ context }): CouponCheckOutput => ({ outcome: 'unavailable', couponCode: context.couponCode }) },
    failed: { type: 'final', output: ({ context }): CouponCheckOutput => ({ outcome: 'failed', code: context.code }) },
  },
  // The output of the final state reached (each one above says what the check found).
  output: ({ event }) => event.output as CouponCheckOutput,
})
