import { assign, fromPromise, setup } from 'xstate'

/**
 * Coupon claim from a link (product.md §4 "/get-coupon", §8 "Get-coupon failure").
 *
 * idle ─link.open─▶ checking ─[hasNoCode]───▶ toNotFound (goToNotFound: /error?code=404)
 *          ─[isSignedOut]─▶ toLogin (goToLogin, which returns here after login)
 *          ─────────────▶ claiming ──done──▶ toHome (goHome: the member's data read again, coupons included)
 *                          claiming ──error──▶ toClaimError (goToClaimError: /error?code=getCoupon)
 *                          claiming ──done [isAlreadyHeld]──▶ alreadyHeld (the member holds it:
 *                          a reopened link shows success, not the failure page)
 * One final state per exit; `alreadyHeld` is the one end that stays on the page.
 * The route sits behind the login guard, so `toLogin` is the chart's own safety net.
 */

export type CouponClaimContext = { couponCode: string | null; signedIn: boolean }
export type CouponClaimEvent = { type: 'link.open'; couponCode: string | null; signedIn: boolean }

export const couponClaimMachine = setup({
  types: {
    context: {} as CouponClaimContext,
    events: {} as CouponClaimEvent,
  },
  guards: {
    hasNoCode: ({ context }) => !context.couponCode,
    isSignedOut: ({ context }) => !context.signedIn,
    /** The claim's answer says the member held the coupon already. */
    isAlreadyHeld: (_, answer: { alreadyCompleted?: boolean } | undefined) => answer?.alreadyCompleted === true,
  },
  actors: {
    claimCoupon: fromPromise<{ alreadyCompleted: boolean }, { couponCode: string }>(async () => {
      throw new Error('provide claimCoupon')
    }),
  },
  actions: {
    goToNotFound: () => {},
    goToLogin: () => {},
    goToClaimError: () => {},
    /**
     * Home, with every cached read of the member dropped first (product.md §4: the member's data
     * and coupon list are read again), so home shows the new coupon.
     */
    goHome: () => {},
  },
}).createMachine({
  id: 'couponClaim',
  context: { couponCode: null, signedIn: false },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'link.open': {
          target: 'checking',
          actions: assign(({ event }) => ({ couponCode: event.couponCode, signedIn: event.signedIn })),
        },
      },
    },
    checking: {
      always: [
        { guard: 'hasNoCode', target: 'toNotFound' },
        { guard: 'isSignedOut', target: 'toLogin' },
        { target: 'claiming' },
      ],
    },
    toNotFound: { type: 'final', entry: 'goToNotFound' },
    toLogin: { type: 'final', entry: 'goToLogin' },
    claiming: {
      invoke: {
        src: 'claimCoupon',
        input: ({ context }) => ({ couponCode: context.couponCode ?? '' }),
        onDone: [{ guard: { type: 'isAlreadyHeld', params: ({ event }) => event.output }, target: 'alreadyHeld' }, { target: 'toHome' }],
        onError: { target: 'toClaimError' },
      },
    },
    toHome: { type: 'final', entry: 'goHome' },
    toClaimError: { type: 'final', entry: 'goToClaimError' },
    // The page says the coupon is already the member's, with a button home.
    alreadyHeld: { type: 'final', tags: ['page:alreadyHeld'] },
  },
})
