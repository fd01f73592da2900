import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate'

/**
 * Coupon claim from a link (spec §4 "/get-coupon", §8 "Get-coupon failure").
 *
 * idle ─link.open─▶ checking ─[no code]────▶ missingCode (goToNotFound: /error?code=404)
 *          ─[signed out]─▶ signedOut (goToLogin, which returns here after login)
 *          ─────────────▶ claiming ──done──▶ reloadingUserData ──▶ done (clearCachedCoupons, goHome)
 *                          claiming ──error──▶ failed (goToClaimError: /error?code=getCoupon)
 *                          claiming ──done, alreadyCompleted──▶ alreadyHeld (the member holds it:
 *                          a reopened link shows success, not the failure page; issue 12 item 4)
 * The route sits behind the login guard, so `signedOut` is the chart's own safety net.
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
    isAlreadyHeld: ({ event }) => 'output' in event && (event.output as { alreadyCompleted?: boolean } | undefined)?.alreadyCompleted === true,
  },
  actors: {
    claimCoupon: fromPromise<{ alreadyCompleted: boolean }, { couponCode: string }>(async () => {
      throw new Error('provide claimCoupon')
    }),
    reloadUserData: fromPromise<void>(async () => {
      throw new Error('provide reloadUserData')
    }),
  },
  actions: {
    goToNotFound: () => {},
    goToLogin: () => {},
    goToClaimError: () => {},
    /** Drop the cached coupon list so home and checkout read the new coupon. */
    clearCachedCoupons: () => {},
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
        { guard: 'hasNoCode', target: 'missingCode' },
        { guard: 'isSignedOut', target: 'signedOut' },
        { target: 'claiming' },
      ],
    },
    missingCode: { type: 'final', entry: 'goToNotFound' },
    signedOut: { type: 'final', entry: 'goToLogin' },
    claiming: {
      invoke: {
        src: 'claimCoupon',
        input: ({ context }) => ({ couponCode: context.couponCode ?? '' }),
        onDone: [{ guard: 'isAlreadyHeld', target: 'alreadyHeld' }, { target: 'reloadingUserData' }],
        onError: { target: 'failed' },
      },
    },
    // The coupon is ours once claimed: a failed reload must not show the claim as failed.
    reloadingUserData: {
      invoke: {
        src: 'reloadUserData',
        onDone: { target: 'done' },
        onError: { target: 'done' },
      },
    },
    done: { type: 'final', entry: ['clearCachedCoupons', 'goHome'] },
    failed: { type: 'final', entry: 'goToClaimError' },
    // The page says the coupon is already the member's, with a button home.
    alreadyHeld: { type: 'final' },
  },
})

export type CouponClaimActorRef = ActorRefFrom<typeof couponClaimMachine>
