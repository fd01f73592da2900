// Spec rules of the card payment, the checkout's child chart (product.md §4 Payment, §8 3-D Secure
// finish and token errors): a new card is made a token with 3-D Secure; the attempt (with that
// token) is saved before the browser leaves for the provider; back from it (or with no challenge)
// the 3-D Secure finish call is made with the token, and its success hands the token on for the
// charge. A refused token ends with the provider's message (shown in a dialog); a failed redirect
// or finish ends as a payment problem with the saved attempt cleared. Back from 3-D Secure the
// chart resumes at the finish with the stored token and makes no new one.
import { cardPaymentMachine } from '../../machines/checkout/card-payment-machine'
import { ApiError } from '../../src/api/api-error'
import { actions, calls, expectSent, same, type ChartSpec, type Observation, type SpecRules } from './observe'
import { attempt } from './checkout-fixtures'

const HOLDER = 'TARO YAMADA'

const tokenOf = (trail: Observation[], returned: string | null): string | null => {
  if (returned) return returned
  const made = trail.find((o) => o.reply?.call === 'createToken' && o.reply.ok)
  return made ? (made.reply!.output as string) : null
}

const rulesFor = (returned: string | null): SpecRules => ({
  afterStep({ event, after, trail }) {
    const v: string[] = []
    const r = after.reply
    if (event.type === 'xstate.init') {
      if (returned) v.push(...expectSent(after, [{ call: 'finishThreeDSecure', input: { token: returned } }], 'back from 3-D Secure: finish with the stored token, no new token'))
      else v.push(...expectSent(after, [{ call: 'createToken', input: { holderName: HOLDER } }], 'a new card: one token with the holder name'))
      if (actions(after, 'saveAttempt').length) v.push('nothing is saved before there is a token')
      return v
    }
    if (r?.call === 'createToken') {
      if (r.ok) {
        const token = r.output as string
        const saved = actions(after, 'saveAttempt')
        if (saved.length !== 1) v.push('the attempt is saved (with its token) before the browser leaves for 3-D Secure')
        else {
          const kept = (saved[0].params as { attempt: { token: string; payload: { cardToken: string } } }).attempt
          if (kept.token !== token || kept.payload.cardToken !== token) v.push(`the saved attempt must carry the new token ${token}`)
        }
        v.push(...expectSent(after, [{ call: 'startThreeDSecure', input: { token } }], 'then the 3-D Secure page with that token'))
      } else {
        v.push(...expectSent(after, [], 'a refused card'))
        if (!same(after.output, { outcome: 'tokenRefused', message: (r.error as Error).message })) v.push(`a refused card ends with the provider's message, not ${JSON.stringify(after.output)}`)
        if (actions(after, 'saveAttempt').length || actions(after, 'clearAttempt').length) v.push('a refused card saves and clears nothing')
      }
    } else if (r?.call === 'startThreeDSecure') {
      if (r.ok) v.push(...expectSent(after, [{ call: 'finishThreeDSecure', input: { token: tokenOf(trail, returned) } }], 'no challenge needed: finish with the token'))
      else {
        if (!same(after.output, { outcome: 'failed' })) v.push('a failed redirect is a payment problem')
        if (actions(after, 'clearAttempt').length !== 1) v.push('a failed redirect clears the saved attempt')
      }
    } else if (r?.call === 'finishThreeDSecure') {
      v.push(...expectSent(after, [], 'after the finish'))
      if (r.ok) {
        if (!same(after.output, { outcome: 'finished', token: tokenOf(trail, returned) })) v.push(`a finished check hands the token on for the charge, not ${JSON.stringify(after.output)}`)
        if (actions(after, 'clearAttempt').length) v.push('the attempt stays until the charge')
      } else {
        if (!same(after.output, { outcome: 'failed' })) v.push('a failed finish is a payment problem')
        if (actions(after, 'clearAttempt').length !== 1) v.push('a failed finish clears the saved attempt')
      }
    }
    // One call at a time, and each at most once.
    for (const call of ['createToken', 'startThreeDSecure', 'finishThreeDSecure']) {
      const made = trail.reduce((n, o) => n + calls(o, call).length, 0)
      if (made > 1) v.push(`${call} is called ${made} times`)
    }
    return v
  },
})

const card = (returnedToken: string | null) => ({
  machine: cardPaymentMachine,
  input: { holderName: HOLDER, attempt, returnedToken },
  events: {},
  outcomes: {
    createToken: { done: ['tok_new'], error: [new Error('カード番号が正しくありません。')] },
    startThreeDSecure: { done: [undefined], error: [new Error('redirect failed')] },
    finishThreeDSecure: { done: ['tok_new'], error: [new ApiError(400, 'THREE_D_SECURE_FAILED'), new ApiError(500, 'boom')] },
  },
})

// One rule set for both entries: which one this path is on is told by the chart's input (the
// token stored before the redirect), never by what the chart did with it.
const fresh = rulesFor(null)
const back = rulesFor('tok_1')
export const rules: SpecRules = {
  afterStep: (s) => ((s.trail[0].context as { returnedToken: string | null }).returnedToken ? back : fresh).afterStep!(s),
}

export const spec: ChartSpec = { configs: [card(null), card('tok_1')], rules }
