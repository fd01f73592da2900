import { and, assign, fromPromise, not, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { ChargeAttemptResponse, ChargeRequest, ChargeResponse } from '../../src/contract/calls'
import { apiErrors } from '../../src/contract/messages'
import { buildChargeRequest, isConcernTooLong, isHolderNameValid, type CheckoutParams, type PreviousAttempt, type StoredAttempt } from './checkout-rules'
import { amountDue, formPatch, initialCheckoutContext, storedAttempt, type CheckoutContext, type CheckoutEvent, type CheckoutInput, type CheckoutLoaded } from './checkout-context'

export type { CheckoutContext, CheckoutEvent, CheckoutInput, CheckoutLoaded } from './checkout-context'
export { initialCheckoutContext } from './checkout-context'

/**
 * Checkout (spec §2 "/buy details", §4 Payment and coupons, §8 charge errors; issue 4):
 * restoring ─▶ loading ─▶ ready ─pay─▶ [couponPrompt] ─▶ tokenizing ─▶ threeDSecureRedirect (page leaves)
 * return from 3-D Secure: restoring (stored attempt) ─▶ checkingPrevious ─▶ loading ─▶ finishing ─▶ charging ─▶ done
 * a reload or Back to an attempt already sent (issue 12 item 5): restoring ─▶ checkingPrevious, which
 * asks the server what became of its idempotency key: paid ─▶ alreadyPaid (/buy-complete, never a
 * second charge); still running ─▶ loading ─▶ charging with the same key and payload (the server
 * makes it wait for the first request and answers its result);
 * never seen or failed ─▶ the form. A charge that got no HTTP answer (network gone, page unloading)
 * keeps the stored attempt and asks the same way.
 * charging retries HTTP 429 only: 3 tries, 1 s then 2 s (delayed transitions); other errors ─▶ ready.failed.
 * A saved card (or nothing to pay) skips tokenizing and 3-D Secure.
 */

/** An API failure as the chart sees it (src/api ApiError conforms). */
type Failure = { status?: number; message?: string }
const failure = (e: unknown): Failure => (typeof e === 'object' && e !== null ? (e as Failure) : {})
const is4xx = (e: unknown) => { const s = failure(e).status ?? 0; return s >= 400 && s < 500 }
const says = (e: unknown, text: string) => (failure(e).message ?? '').includes(text)

export const checkoutMachine = setup({
  types: { context: {} as CheckoutContext, events: {} as CheckoutEvent, input: {} as CheckoutInput },
  guards: {
    hasStoredAttempt: ({ event }) => (event as { output?: unknown }).output != null,
    isResumed: ({ context }) => context.resumed !== null,
    isRejoining: ({ context }) => context.rejoining,
    wasPaid: ({ event }) => (event as unknown as { output: ChargeAttemptResponse }).output.status === 'SUCCEEDED',
    isStillCharging: ({ event }) => (event as unknown as { output: ChargeAttemptResponse }).output.status === 'PENDING',
    // Back from 3-D Secure and the server has not seen the key yet: finish and charge as before.
    isReturnNotYetCharged: ({ context, event }) => context.resumed !== null && (event as unknown as { output: ChargeAttemptResponse }).output.status === 'NONE',
    // spec §4: a SUPPORT product, not an immediate reservation, without the slot saved by /support/staff.
    lacksSavedSlot: ({ context, event }) => {
      const { chargeData, hasSavedSlot } = (event as unknown as { output: CheckoutLoaded }).output
      return chargeData.product.productType === 'SUPPORT' && !context.params.reserveNow && !hasSavedSlot
    },
    isStaffNotFound: ({ event }) => { const e = (event as { error: unknown }).error; return failure(e).status === 400 && says(e, apiErrors.staffNotFound) },
    isClientError: ({ event }) => is4xx((event as { error: unknown }).error),
    isCouponAvailable: ({ event }) => (event as unknown as { output: { couponAvailable: boolean } }).output.couponAvailable,
    // spec §4: enabled when the card elements are complete, the name is valid and nothing is in error;
    // with a saved card at once. Nothing to pay needs no card (free interview, 100 % coupon).
    isFormValid: ({ context: c }) => !isConcernTooLong(c.form.concernText),
    needsNoToken: ({ context: c }) => amountDue(c) === 0 || (c.form.useSavedCard && c.chargeData.creditcard !== null),
    isNewCardReady: ({ context: { form: f } }) => f.card.number && f.card.expiry && f.card.cvc && isHolderNameValid(f.holderName) && !f.holderNameError && !f.cardError,
    // spec §4 coupon in payment: a fitting held coupon that is not applied prompts before paying.
    hasUnappliedCoupon: ({ context: c }) => c.coupons.length > 0 && c.applied === null,
    canRetry: ({ context, event }) => failure((event as { error: unknown }).error).status === 429 && context.tries < 3,
    isFirstRetry: ({ context }) => context.tries === 1,
    isSecondRetry: ({ context }) => context.tries === 2,
    isStaffDenied: ({ event }) => { const e = (event as { error: unknown }).error; return is4xx(e) && (says(e, apiErrors.staffAssignDeny) || says(e, apiErrors.staffDeny)) },
    // No HTTP answer at all (the page unloading, the network gone): the charge may have happened.
    isUnanswered: ({ event }) => failure((event as { error: unknown }).error).status === undefined,
    isCouponDenied: ({ event }) => { const e = (event as { error: unknown }).error; return is4xx(e) && says(e, apiErrors.denyCoupon) },
  },
  actors: {
    /**
     * The attempt kept in session storage when this page load belongs to it (the return from
     * 3-D Secure with its token, or a reload / Back to the same purchase); else null.
     */
    readStoredAttempt: fromPromise<PreviousAttempt | null>(async () => null),
    /** What the server did with the stored attempt's idempotency key (`charge-attempt`). */
    readAttemptOutcome: fromPromise<ChargeAttemptResponse, { idempotencyKey: string }>(async () => { throw new Error('provide readAttemptOutcome') }),
    loadCheckout: fromPromise<CheckoutLoaded, CheckoutParams>(async () => { throw new Error('provide loadCheckout') }),
    validateCoupon: fromPromise<{ couponAvailable: boolean; couponPrice: number }, { productId: string; couponCode: string }>(async () => { throw new Error('provide validateCoupon') }),
    createToken: fromPromise<string, { holderName: string }>(async () => { throw new Error('provide createToken') }),
    /** Sends the browser to the provider's 3-D Secure page; resolves only when no redirect was needed. */
    startThreeDSecure: fromPromise<void, { token: string }>(async () => { throw new Error('provide startThreeDSecure') }),
    finishThreeDSecure: fromPromise<string, { token: string }>(async () => { throw new Error('provide finishThreeDSecure') }),
    charge: fromPromise<ChargeResponse, { payload: ChargeRequest; idempotencyKey: string }>(async () => { throw new Error('provide charge') }),
  },
  actions: {
    // spec §4: with a saved card the pay button is enabled at once, so it is the default.
    assignLoaded: assign(({ context, event }) => {
      const loaded = (event as unknown as { output: CheckoutLoaded }).output
      return { ...loaded, form: { ...context.form, useSavedCard: loaded.chargeData.creditcard !== null } }
    }),
    restoreAttempt: assign(({ context, event }) => {
      const { attempt: s, returnedFrom3ds } = (event as unknown as { output: PreviousAttempt }).output
      return { resumed: returnedFrom3ds ? s : null, params: s.params, payload: s.payload, token: s.token, idempotencyKey: s.idempotencyKey, form: { ...context.form, ...s.state } }
    }),
    // One idempotency key per purchase attempt, kept across the redirect (design.md).
    startAttempt: assign(({ context: c }) => ({
      attempts: c.attempts + 1,
      idempotencyKey: `${c.keySeed}-${c.attempts + 1}`,
      payload: buildChargeRequest(c.params, c.chargeData, c.form, c.applied?.couponCode ?? null),
      tries: 0,
      token: null,
      tokenError: null,
    })),
    assignToken: assign(({ context, event }) => {
      const token = (event as unknown as { output: string }).output
      return { token, payload: context.payload && { ...context.payload, cardToken: token } }
    }),
    assignTokenError: assign({ tokenError: ({ event }) => (event as { error?: { message?: string } }).error?.message ?? '' }),
    countTry: assign({ tries: ({ context }) => context.tries + 1 }),
    applyCoupon: assign(({ context, event }) => ({
      couponNotice: 'applied' as const,
      applied: { couponCode: context.pendingCoupon ?? '', couponPrice: (event as unknown as { output: { couponPrice: number } }).output.couponPrice },
    })),
    // spec §8 coupon validity: couponAvailable false or a 4xx → the unavailable flag.
    markCouponUnavailable: assign({ couponNotice: 'unavailable' as const, applied: null }),
    // DENY_COUPON: the coupon cannot be used; forget it here and in the list shown.
    dropCoupon: assign(({ context }) => ({
      couponNotice: 'denied' as const,
      coupons: context.coupons.filter((c) => c.couponCode !== context.applied?.couponCode),
      applied: null,
    })),
    forgetResume: assign({ resumed: null }),
    updateForm: assign(({ context, event }) => ({ form: { ...context.form, ...formPatch(context, event) } })),
    // Effects provided by the route.
    saveAttempt: (_, _p: { attempt: StoredAttempt }) => {},
    clearAttempt: () => {},
    scrollToCard: () => {},
    scrollToCoupons: () => {},
    trackPurchase: (_, _p: { response: ChargeResponse }) => {},
    /** Drops cached purchase list and user data (spec §4) and goes to /buy-complete?type=… with the coupon. */
    goToComplete: (_, _p: { response: ChargeResponse }) => {},
    goToError: (_, _p: { code: string | number }) => {},
    goToMenuWithToast: () => {},
    goToStaffWithToast: (_, _p: { productId: string; message: string }) => {},
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => initialCheckoutContext(input),
  initial: 'restoring',
  states: {
    restoring: {
      invoke: {
        src: 'readStoredAttempt',
        onDone: [{ guard: 'hasStoredAttempt', target: 'checkingPrevious', actions: 'restoreAttempt' }, { target: 'loading' }],
        onError: { target: 'loading' },
      },
    },
    // Was this attempt already sent? The server keeps its answer per idempotency key.
    checkingPrevious: {
      tags: ['busy', 'processing'],
      invoke: {
        src: 'readAttemptOutcome',
        input: ({ context }) => ({ idempotencyKey: context.idempotencyKey }),
        onDone: [
          { guard: 'wasPaid', target: 'alreadyPaid' },
          { guard: 'isStillCharging', target: 'loading', actions: assign({ rejoining: true }) },
          { guard: 'isReturnNotYetCharged', target: 'loading' },
          { target: 'loading', actions: ['clearAttempt', 'forgetResume'] },
        ],
        // Unknown: the return from 3-D Secure goes on as before (the charge's key protects it).
        onError: { target: 'loading' },
      },
    },
    loading: {
      invoke: {
        src: 'loadCheckout',
        input: ({ context }) => context.params,
        onDone: [
          { guard: 'isRejoining', target: 'charging', actions: 'assignLoaded' },
          { guard: 'isResumed', target: 'finishing', actions: 'assignLoaded' },
          { guard: 'lacksSavedSlot', target: 'leaving', actions: 'goToMenuWithToast' },
          { target: 'ready', actions: 'assignLoaded' },
        ],
        // spec §8 charge-data: 'Staff Not Found.' → 404; other 4xx → /support/menu with a toast; else its status.
        onError: [
          { guard: 'isStaffNotFound', target: 'leaving', actions: { type: 'goToError', params: { code: 404 } } },
          { guard: 'isClientError', target: 'leaving', actions: 'goToMenuWithToast' },
          { target: 'leaving', actions: { type: 'goToError', params: ({ event }) => ({ code: failure(event.error).status ?? 400 }) } },
        ],
      },
    },
    ready: {
      initial: 'editing',
      states: {
        editing: {},
        failed: {},
        validatingCoupon: {
          tags: ['busy'],
          invoke: {
            src: 'validateCoupon',
            input: ({ context }) => ({ productId: context.params.productId, couponCode: context.pendingCoupon ?? '' }),
            onDone: [
              { guard: 'isCouponAvailable', target: 'editing', actions: ['applyCoupon', 'scrollToCard'] },
              { target: 'editing', actions: 'markCouponUnavailable' },
            ],
            onError: [
              { guard: 'isClientError', target: 'editing', actions: 'markCouponUnavailable' },
              { target: '#checkout.leaving', actions: { type: 'goToError', params: ({ event }) => ({ code: failure(event.error).status ?? 400 }) } },
            ],
          },
          // A pay click or another coupon while the coupon is checked is ignored.
          on: { 'pay.submit': {}, 'coupon.select': {} },
        },
      },
      on: {
        'concern.change': { actions: 'updateForm' },
        'device.change': { actions: 'updateForm' },
        'os.change': { actions: 'updateForm' },
        'remoteSupport.change': { actions: 'updateForm' },
        'supportType.change': { actions: 'updateForm' },
        'holderName.change': { actions: 'updateForm' },
        'holderName.blur': { actions: 'updateForm' },
        'card.change': { actions: 'updateForm' },
        'savedCard.toggle': { actions: 'updateForm' },
        'saveCard.toggle': { actions: 'updateForm' },
        'tokenError.dismiss': { actions: assign({ tokenError: null }) },
        'coupon.select': { target: '.validatingCoupon', actions: assign({ pendingCoupon: ({ event }) => event.couponCode, couponNotice: null }) },
        'pay.submit': [
          { guard: and(['isFormValid', 'hasUnappliedCoupon', 'needsNoToken']), target: 'couponPrompt' },
          { guard: and(['isFormValid', 'hasUnappliedCoupon', 'isNewCardReady']), target: 'couponPrompt' },
          { guard: and(['isFormValid', 'needsNoToken']), target: 'charging', actions: 'startAttempt' },
          { guard: and(['isFormValid', 'isNewCardReady']), target: 'tokenizing', actions: 'startAttempt' },
        ],
      },
    },
    couponPrompt: {
      on: {
        'prompt.useCoupon': { target: 'ready.editing', actions: 'scrollToCoupons' },
        'prompt.skip': [
          { guard: 'needsNoToken', target: 'charging', actions: 'startAttempt' },
          { guard: not('needsNoToken'), target: 'tokenizing', actions: 'startAttempt' },
        ],
        'prompt.close': { target: 'ready.editing' },
      },
    },
    tokenizing: {
      tags: ['busy'],
      invoke: {
        src: 'createToken',
        input: ({ context }) => ({ holderName: context.form.holderName }),
        onDone: { target: 'threeDSecureRedirect', actions: 'assignToken' },
        // spec §8: token-creation errors show the provider's message in an error modal.
        onError: { target: 'ready.editing', actions: 'assignTokenError' },
      },
    },
    threeDSecureRedirect: {
      tags: ['busy'],
      entry: { type: 'saveAttempt', params: ({ context: c }) => ({ attempt: storedAttempt(c) }) },
      invoke: {
        src: 'startThreeDSecure',
        input: ({ context }) => ({ token: context.token! }),
        onDone: { target: 'finishing' },
        onError: { target: 'ready.failed', actions: 'clearAttempt' },
      },
    },
    // The processing modal blocks the screen (spec §4).
    finishing: {
      tags: ['busy', 'processing'],
      invoke: {
        src: 'finishThreeDSecure',
        input: ({ context }) => ({ token: context.token! }),
        onDone: { target: 'charging' },
        onError: { target: 'ready.failed', actions: ['clearAttempt', 'forgetResume'] },
      },
    },
    charging: {
      tags: ['busy', 'processing'],
      // Kept before the charge is sent, whatever the card: a reload from here finds this attempt.
      entry: { type: 'saveAttempt', params: ({ context: c }) => ({ attempt: storedAttempt(c) }) },
      initial: 'requesting',
      states: {
        requesting: {
          entry: 'countTry',
          invoke: {
            src: 'charge',
            input: ({ context }) => ({ payload: context.payload!, idempotencyKey: context.idempotencyKey }),
            onDone: { target: '#checkout.done' },
            onError: [
              { guard: 'canRetry', target: 'backingOff' },
              { guard: 'isStaffDenied', target: '#checkout.leaving', actions: ['clearAttempt', { type: 'goToStaffWithToast', params: ({ context, event }) => ({ productId: context.params.productId, message: failure(event.error).message ?? '' }) }] },
              { guard: 'isCouponDenied', target: '#checkout.ready.editing', actions: ['clearAttempt', 'forgetResume', 'dropCoupon'] },
              // Unknown outcome: keep the stored attempt and ask the server what became of its key.
              { guard: 'isUnanswered', target: '#checkout.checkingPrevious' },
              { target: '#checkout.ready.failed', actions: ['clearAttempt', 'forgetResume'] },
            ],
          },
        },
        // spec §9: at most 3 tries, 1 s then doubling, only on HTTP 429.
        backingOff: {
          after: {
            1000: { guard: 'isFirstRetry', target: 'requesting' },
            2000: { guard: 'isSecondRetry', target: 'requesting' },
          },
        },
      },
    },
    // The attempt stays stored: a reload or Back finds it paid (checkingPrevious → alreadyPaid).
    done: {
      type: 'final',
      entry: [
        { type: 'trackPurchase', params: ({ event }) => ({ response: (event as unknown as { output: ChargeResponse }).output }) },
        { type: 'goToComplete', params: ({ event }) => ({ response: (event as unknown as { output: ChargeResponse }).output }) },
      ],
    },
    // Paid before this page load: straight to the completion page, counted once already. The
    // attempt stays stored, so another Back lands here again (until PREVIOUS_ATTEMPT_MS passes).
    alreadyPaid: {
      type: 'final',
      entry: [{ type: 'goToComplete', params: ({ event }) => ({ response: (event as unknown as { output: ChargeAttemptResponse }).output.result! }) }],
    },
    leaving: { type: 'final' },
  },
})

export type CheckoutActorRef = ActorRefFrom<typeof checkoutMachine>
export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>
