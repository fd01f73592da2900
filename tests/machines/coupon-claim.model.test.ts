// Generated-path tests of the coupon claim chart: every state and transition, replayed live.
import { ApiError } from '../../src/api/api-error'
import { couponClaimMachine } from '../../machines/coupon-claim/coupon-claim-machine'
import { describeModel } from './model'

describeModel({
  machine: couponClaimMachine,
  events: {
    'link.open': [
      { couponCode: 'WELCOME500', signedIn: true },
      { couponCode: null, signedIn: true },
      { couponCode: 'WELCOME500', signedIn: false },
    ],
  },
  outcomes: {
    claimCoupon: { done: [{ alreadyCompleted: false }, { alreadyCompleted: true }], error: [new ApiError(400, 'COUPON_ALREADY_OBTAINED')] },
  },
  serialize: (s) => JSON.stringify(s.value),
})
