// Spec rules of the coupon claim chart (product.md §4 /get-coupon, §8 get-coupon failure):
// no code → error 404; signed out → /login; otherwise claim and go home (goHome reads the
// member's data again); a failed claim → error getCoupon; a coupon already held stays.
import { couponClaimMachine } from '../../machines/coupon-claim/coupon-claim-machine'
import { ApiError } from '../../src/api/api-error'
import { expectCan, expectGoes, expectSent, leavingEnds, type ChartSpec, type Observation, type SpecRules } from './observe'

const opened = (trail: Observation[]) => trail.find((o) => o.event.type === 'link.open')?.event as { couponCode: string | null; signedIn: boolean } | undefined

export const rules: SpecRules = {
  invariant: (o) => leavingEnds(o, { staysAtEnd: true }),
  afterStep({ event, after, trail }) {
    const v: string[] = []
    const r = after.reply
    if (event.type === 'xstate.init') return [...expectSent(after, [], 'before the link opens'), ...expectCan(after, ['link.open'], ['link.open'], 'before the link opens')]
    if (event.type === 'link.open') {
      const { couponCode, signedIn } = event as unknown as { couponCode: string | null; signedIn: boolean }
      if (!couponCode) v.push(...expectGoes(after, [{ action: 'goToNotFound', params: undefined }], 'a link without a code'), ...expectSent(after, [], 'a link without a code'))
      else if (!signedIn) v.push(...expectGoes(after, [{ action: 'goToLogin', params: undefined }], 'signed out'), ...expectSent(after, [], 'signed out'))
      else v.push(...expectSent(after, [{ call: 'claimCoupon', input: { couponCode } }], 'the claim'), ...expectGoes(after, [], 'while claiming'))
    } else if (r?.call === 'claimCoupon') {
      const held = r.ok && (r.output as { alreadyCompleted?: boolean }).alreadyCompleted === true
      if (!r.ok) v.push(...expectGoes(after, [{ action: 'goToClaimError', params: undefined }], 'a failed claim (error getCoupon)'), ...expectSent(after, [], 'a failed claim'))
      else if (held) {
        v.push(...expectGoes(after, [], 'a coupon already held (the page says it is yours)'), ...expectSent(after, [], 'a coupon already held'))
        if (!after.done) v.push('a coupon already held ends the claim on its page')
      } else {
        v.push(...expectGoes(after, [{ action: 'goHome', params: undefined }], 'after the claim'), ...expectSent(after, [], 'after the claim'))
        if (opened(trail)?.couponCode == null) v.push('a claim without a code')
      }
    }
    if (event.type !== 'xstate.init') v.push(...expectCan(after, [], ['link.open'], 'once the link is opened'))
    return v
  },
}

export const spec: ChartSpec = {
  configs: [
    {
      machine: couponClaimMachine,
      events: {
        'link.open': [
          { couponCode: 'WELCOME500', signedIn: true },
          { couponCode: null, signedIn: true },
          { couponCode: '', signedIn: true },
          { couponCode: 'WELCOME500', signedIn: false },
        ],
      },
      outcomes: {
        claimCoupon: { done: [{ alreadyCompleted: false }, { alreadyCompleted: true }], error: [new ApiError(400, 'COUPON_ALREADY_OBTAINED'), new ApiError(500, 'boom')] },
      },
      serialize: (s) => JSON.stringify(s.value),
    },
  ],
  rules,
}
