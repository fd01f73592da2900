// Generated-path tests of the checkout's child machines: the card payment (token → 3-D Secure →
// finishing, or the return from 3-D Secure), the coupon check and the charge (with its retries).
import { cardPaymentMachine } from '../../machines/checkout/card-payment-machine'
import { couponCheckMachine } from '../../machines/checkout/coupon-check-machine'
import { ApiError } from '../../src/api/api-error'
import { describeModel, type ModelConfig } from './model'
import { attempt } from './checkout-fixtures'
import { spec as chargeSpec } from './charge.spec-rules'

const card = (returnedToken: string | null): ModelConfig => ({
  machine: cardPaymentMachine,
  input: { holderName: 'TARO YAMADA', attempt, returnedToken },
  events: {},
  outcomes: {
    createToken: { done: ['tok_new'], error: [new Error('カード番号が正しくありません。')] },
    startThreeDSecure: { done: [undefined], error: [new Error('redirect failed')] },
    finishThreeDSecure: { done: ['tok_new'], error: [new ApiError(400, 'THREE_D_SECURE_FAILED')] },
  },
})
describeModel([card(null), card('tok_1')], {}, { transientStates: ['cardPayment.starting'] })

const coupon: ModelConfig = {
  machine: couponCheckMachine,
  input: { productId: 'SUPPORT-60', couponCode: 'WELCOME500' },
  events: {},
  outcomes: {
    validateCoupon: { done: [{ couponAvailable: true, couponPrice: 5000 }, { couponAvailable: false, couponPrice: 5500 }], error: [new ApiError(400, 'x'), new ApiError(503, 'down')] },
  },
}
describeModel(coupon)

// The charge: every answer, 429 retried after 1 s, 2 s and 4 s with the same key, a fourth 429 a failure.
describeModel(chargeSpec.configs[0])
