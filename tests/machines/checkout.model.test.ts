// Generated-path tests of the checkout chart: every state and transition, replayed live,
// including every answer of the charge child (its retries: checkout-children.model.test.ts), resume from the stored attempt, a reload of an attempt
// already sent (paid, still charging, unknown, failed) and ignored pay clicks.
import { createMachine } from 'xstate'
import { checkoutMachine, initialCheckoutContext } from '../../machines/checkout/checkout-machine'
import type { StoredAttempt } from '../../machines/checkout/checkout-rules'
import { ApiError } from '../../src/api/api-error'
import { describe, expect, it } from 'vitest'
import { allTransitions, coverageReport, generatePaths, replay, type ModelConfig } from './model'
import { attempt, loaded, loadedFree, loadedNoSlot, loadedSaved, params, response } from './checkout-fixtures'

// The graph traversal does not hand `input` to every initial snapshot it makes, so the model runs
// the same chart with its context already built from the input.
const machine = createMachine({ ...checkoutMachine.config, context: initialCheckoutContext({ params, keySeed: 'seed' }) }, checkoutMachine.implementations as never)

const config: ModelConfig = {
  machine,
  events: {
    'concern.change': [{ value: 'x'.repeat(501) }, { value: 'PCが遅い' }],
    'device.change': [{ value: 'PC' }],
    'os.change': [{ value: 'WINDOWS' }],
    'remoteSupport.change': [{ value: 'WISH' }],
    'supportType.change': [{ value: 'ONLINE' }],
    'holderName.change': [{ value: 'TARO YAMADA' }, { value: 'taro' }],
    'holderName.blur': [{}],
    'card.change': [{ element: 'number', complete: true }, { element: 'expiry', complete: true }, { element: 'cvc', complete: true }],
    'savedCard.toggle': [{ use: true }],
    'saveCard.toggle': [{ save: false }],
    'coupon.select': [{ couponCode: 'WELCOME500' }],
    'coupon.clear': [{}],
    'pay.submit': [{}],
    'prompt.useCoupon': [{}],
    'prompt.skip': [{}],
    'prompt.close': [{}],
    'tokenError.dismiss': [{}],
  },
  outcomes: {
    readStoredAttempt: { done: [null, { attempt: attempt satisfies StoredAttempt, returnedFrom3ds: true }, { attempt, returnedFrom3ds: false }] },
    readAttemptOutcome: {
      done: [{ status: 'SUCCEEDED', result: response }, { status: 'PENDING', result: null }, { status: 'NONE', result: null }, { status: 'FAILED', result: null }],
      error: [new ApiError(500, 'boom')],
    },
    loadCheckout: { done: [loaded, loadedSaved, loadedFree, loadedNoSlot], error: [new ApiError(400, 'Staff Not Found.'), new ApiError(404, 'product'), new ApiError(500, 'boom')] },
    // The child machines as the checkout sees them: their outputs (their own paths: checkout-children.model.test.ts).
    couponCheck: {
      done: [{ outcome: 'applied', couponCode: 'WELCOME500', couponPrice: 5000 }, { outcome: 'unavailable', couponCode: 'WELCOME500' }, { outcome: 'failed', code: 503 }],
      error: [new Error('coupon check broke')],
    },
    cardPayment: {
      done: [{ outcome: 'finished', token: 'tok_1' }, { outcome: 'tokenRefused', message: 'カード番号が正しくありません。' }, { outcome: 'failed' }],
      error: [new Error('card payment broke')],
    },
    charge: {
      done: [{ outcome: 'charged', response }, { outcome: 'staffDenied', message: 'STAFF_DENY' }, { outcome: 'couponDenied' }, { outcome: 'unanswered' }, { outcome: 'failed' }],
      error: [new Error('charge broke')],
    },
  },
  // What changes what can happen next, per state: before ready whether an attempt is resumed; in
  // ready how paying is possible and the coupon; in the prompt whether a token is needed.
  // Everything else is merged so the graph stays small.
  serialize: (s) => {
    const c = s.context
    if (s.matches('restoring') || s.matches('checkingPrevious') || s.matches('loading')) return JSON.stringify([s.value, c.resumed !== null, c.rejoining])
    if (!s.matches('ready') && !s.matches('couponPrompt')) return JSON.stringify(s.value)
    const f = c.form
    const noToken = (c.applied?.couponPrice ?? c.chargeData.product.price) === 0 || (f.useSavedCard && c.chargeData.creditcard !== null)
    if (s.matches('couponPrompt')) return JSON.stringify([s.value, noToken])
    const parts = Number(f.card.number) + Number(f.card.expiry) + Number(f.card.cvc)
    const name = f.holderNameError ? 'error' : f.holderName === 'TARO YAMADA' ? 'valid' : 'invalid'
    const variant = c.chargeData.creditcard ? 'saved' : c.chargeData.product.price === 0 ? 'free' : 'new'
    return JSON.stringify([s.value, variant, parts, name, f.concernText.length > 500, f.useSavedCard, c.coupons.length > 0 && c.applied === null])
  },
  // The harness sees an eventless step only when its target is rested in; this one ends in the
  // other named decision, which paths pass through to charging or payingByCard.
  exclusions: { 'checkout.checkingCouponOffer always': 'ends in the transient choosingPayment (walked by every pay without a fitting coupon)' },
  limit: 100000,
}

const { paths, coverage } = generatePaths(config)
const { states, transitions: walked } = coverage

describe('checkout chart, generated paths', () => {
  for (const path of paths) {
    const events = path.steps.slice(1).map((s) => String((s.event as { type: string }).type).replace(/^xstate\.(done|error)\.actor\.\d+\.checkout\.([^.]+).*/, '$1:$2')).join(' → ')
    it(`reaches ${JSON.stringify(path.state.value)} via ${events || 'start'}`, async () => {
      await replay(config, path)
    })
  }
  it('visits 100% of transitions', () => {
    const report = coverageReport(config, { states, transitions: walked })
    console.log(`[coverage] checkout: states ${report.states}, transitions ${report.transitions} of ${allTransitions(machine).length}, ${paths.length} paths`)
    expect(report.uncovered, 'transitions no generated path takes').toEqual([])
    // The named decisions are passed through, never rested in.
    expect(report.unvisitedStates).toEqual(['checkout.checkingCouponOffer', 'checkout.choosingPayment'])
  })
})
