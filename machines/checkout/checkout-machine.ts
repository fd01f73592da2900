import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { ChargeAttemptResponse, ChargeResponse } from '../../contract/calls'
import { failureStatus, isUnansweredFailure } from '../shared/api-failure'
import { cardPaymentMachine, type CardPaymentOutput } from './card-payment-machine'
import { chargedResponse, chargeMachine, type ChargeOutput } from './charge-machine'
import { formPatch, initialCheckoutContext, usedNewCard, restoredAttempt, startedAttempt, storedAttempt, type CheckoutContext, type CheckoutEvent, type CheckoutInput, type CheckoutLoaded } from './checkout-context'
import { checkoutGuards } from './checkout-guards'
import type { CheckoutParams, PreviousAttempt, StoredAttempt } from './checkout-rules'
import { couponCheckMachine, type CouponCheckOutput } from './coupon-check-machine'

export type { CheckoutContext, CheckoutEvent, CheckoutInput, CheckoutLoaded } from './checkout-context'
export { initialCheckoutContext } from './checkout-context'

/**
 * Checkout (product.md §2 "/buy details", §4 Payment and coupons, §8 charge errors, §9 retry):
 * restoring ─▶ loading ─▶ ready ─pay─▶ checkingCouponOffer ─▶ [couponPrompt] ─▶ choosingPayment ─▶
 * payingByCard (child cardPayment: token ─▶ 3-D Secure ─▶ finishing) or, with a saved card or nothing
 * to pay, charging (child charge: 429 retried after 1 s, 2 s, 4 s) ─▶ toComplete. Coupons are checked by the couponCheck child. Back from 3-D Secure
 * or a reload: restoring ─▶ checkingPrevious asks what became of the attempt's key: paid ─▶
 * toComplete; still running ─▶ charging (same key and payload); back from 3-D Secure ─▶ payingByCard
 * (resumes at finishing); else the form. Exits: toComplete, toMenu, toStaffSelection, toError.
 */

/** Where the member goes when the chart ends (each final state's output). */
export type CheckoutOutput = { goesTo: '/buy-complete' | '/support/menu' | '/support/staff' | '/error' }

/** The charge child's answer as the complete page and the staff selection take it. */
const charged = ({ event }: { event: { output: ChargeOutput } }) => ({ response: chargedResponse(event.output) })
const staffDenied = ({ context, event }: { context: CheckoutContext; event: { output: ChargeOutput } }) => ({
  productId: context.params.productId,
  message: event.output.outcome === 'staffDenied' ? event.output.message : '',
})

/** product.md §8 charge-data and coupon validity: the error page with the status, 400 when none came. */
const errorCode = ({ event }: { event: { error: unknown } }) => ({ code: isUnansweredFailure(event.error) ? 400 : failureStatus(event.error) })

export const checkoutMachine = setup({
  // children: the invoked child machines by invoke id (the view reads the card child's snapshot).
  types: { context: {} as CheckoutContext, events: {} as CheckoutEvent, input: {} as CheckoutInput, output: {} as CheckoutOutput, children: {} as { cardPayment: 'cardPayment'; couponCheck: 'couponCheck'; charge: 'charge' } },
  guards: checkoutGuards,
  actors: {
    /** The attempt kept in session storage when this page load belongs to it, else null. */
    readStoredAttempt: fromPromise<PreviousAttempt | null>(async () => null),
    /** What the server did with the stored attempt's idempotency key (`charge-attempt`). */
    readAttemptOutcome: fromPromise<ChargeAttemptResponse, { idempotencyKey: string }>(async () => { throw new Error('provide readAttemptOutcome') }),
    loadCheckout: fromPromise<CheckoutLoaded, CheckoutParams>(async () => { throw new Error('provide loadCheckout') }),
    couponCheck: couponCheckMachine,
    cardPayment: cardPaymentMachine,
    charge: chargeMachine,
  },
  actions: {
    // product.md §4: with a saved card the pay button is enabled at once, so it is the default — unless
    // the attempt taken up again was paid with a new card (a retry after a failed 3-D
    // Secure check must not charge the saved card instead of the one just typed).
    assignLoaded: assign(({ context }, loaded: CheckoutLoaded) => ({ ...loaded, form: { ...context.form, useSavedCard: loaded.chargeData.creditcard !== null && !usedNewCard(context) } })),
    restoreAttempt: assign(({ context }, p: { attempt: PreviousAttempt | null }) => restoredAttempt(context, p.attempt)),
    markRejoining: assign({ rejoining: true }),
    // One idempotency key per purchase attempt, kept across the redirect (docs/design.md).
    startAttempt: assign(({ context }) => startedAttempt(context)),
    assignToken: assign(({ context }, p: CardPaymentOutput) => (p.outcome === 'finished' ? { token: p.token, payload: context.payload && { ...context.payload, cardToken: p.token } } : {})),
    assignTokenError: assign((_, p: CardPaymentOutput) => ({ tokenError: p.outcome === 'tokenRefused' ? p.message : '' })),
    dismissTokenError: assign({ tokenError: null }),
    checkCoupon: assign(({ event }) => (event.type === 'coupon.select' ? { pendingCoupon: event.couponCode, couponNotice: null } : {})),
    applyCoupon: assign((_, p: CouponCheckOutput) => (p.outcome === 'applied' ? { couponNotice: 'applied' as const, applied: { couponCode: p.couponCode, couponPrice: p.couponPrice } } : {})),
    // product.md §8 coupon validity: couponAvailable false or a 4xx → the unavailable flag.
    markCouponUnavailable: assign({ couponNotice: 'unavailable' as const, applied: null }),
    // 「使わない」: back to the full price, the coupon kept for a later purchase, the notice gone.
    clearCoupon: assign({ applied: null, couponNotice: null, pendingCoupon: null }),
    // DENY_COUPON: the coupon cannot be used; forget it here and in the list shown.
    dropCoupon: assign(({ context }) => ({
      couponNotice: 'denied' as const,
      coupons: context.coupons.filter((c) => c.couponCode !== context.applied?.couponCode),
      applied: null,
    })),
    forgetResume: assign({ resumed: null }),
    updateForm: assign(({ context, event }) => ({ form: { ...context.form, ...formPatch(context, event) } })),
    // Effects provided by src/features/checkout/use-checkout-actor.ts.
    saveAttempt: (_, _p: { attempt: StoredAttempt }) => {},
    clearAttempt: () => {},
    scrollToCard: () => {},
    scrollToCoupons: () => {},
    trackPurchase: (_, _p: { response: ChargeResponse }) => {},
    /** Drops cached purchase list and user data (product.md §4) and goes to /buy-complete?type=… with the coupon. */
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
      tags: ['loading'],
      invoke: {
        src: 'readStoredAttempt',
        onDone: [
          { guard: { type: 'hasStoredAttempt', params: ({ event }) => ({ attempt: event.output }) }, target: 'checkingPrevious', actions: { type: 'restoreAttempt', params: ({ event }) => ({ attempt: event.output }) } },
          { target: 'loading' },
        ],
        onError: { target: 'loading' },
      },
    },
    // Was this attempt already sent? The server keeps its answer per idempotency key.
    checkingPrevious: {
      tags: ['busy', 'processing', 'loading'],
      invoke: {
        src: 'readAttemptOutcome',
        input: ({ context }) => ({ idempotencyKey: context.idempotencyKey }),
        onDone: [
          // Paid before this page load: counted once already, no second charge. The attempt stays
          // stored, so another Back lands here again (until PREVIOUS_ATTEMPT_MS passes).
          { guard: { type: 'wasPaid', params: ({ event }) => event.output }, target: 'toComplete', actions: { type: 'goToComplete', params: ({ event }) => ({ response: event.output.result! }) } },
          { guard: { type: 'isStillCharging', params: ({ event }) => event.output }, target: 'loading', actions: 'markRejoining' },
          { guard: { type: 'isReturnNotYetCharged', params: ({ event }) => event.output }, target: 'loading' },
          { target: 'loading', actions: ['clearAttempt', 'forgetResume'] },
        ],
        // Unknown: the return from 3-D Secure goes on as before (the charge's key protects it).
        onError: { target: 'loading' },
      },
    },
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadCheckout',
        input: ({ context }) => context.params,
        onDone: [
          { guard: 'isRejoining', target: 'charging', actions: { type: 'assignLoaded', params: ({ event }) => event.output } },
          { guard: 'isResumed', target: 'payingByCard', actions: { type: 'assignLoaded', params: ({ event }) => event.output } },
          { guard: { type: 'lacksSavedSlot', params: ({ event }) => event.output }, target: 'toMenu', actions: 'goToMenuWithToast' },
          { target: 'ready', actions: { type: 'assignLoaded', params: ({ event }) => event.output } },
        ],
        // product.md §8 charge-data: 'Staff Not Found.' → 404; other 4xx → /support/menu with a toast; else its status.
        onError: [
          { guard: 'isStaffNotFound', target: 'toError', actions: { type: 'goToError', params: { code: 404 } } },
          { guard: 'isClientError', target: 'toMenu', actions: 'goToMenuWithToast' },
          { target: 'toError', actions: { type: 'goToError', params: errorCode } },
        ],
      },
    },
    ready: {
      initial: 'editing',
      states: {
        editing: {},
        // The payment-problem message stays until the member types a new card (product.md §8).
        failed: { tags: ['paymentProblem'], on: { 'card.change': { target: 'editing', actions: 'updateForm' } } },
        validatingCoupon: {
          tags: ['busy', 'checkingCoupon'],
          invoke: {
            id: 'couponCheck',
            src: 'couponCheck',
            input: ({ context }) => ({ productId: context.params.productId, couponCode: context.pendingCoupon ?? '' }),
            onDone: [
              { guard: { type: 'couponWasApplied', params: ({ event }) => event.output }, target: 'editing', actions: [{ type: 'applyCoupon', params: ({ event }) => event.output }, 'scrollToCard'] },
              { guard: { type: 'couponWasRefused', params: ({ event }) => event.output }, target: 'editing', actions: 'markCouponUnavailable' },
              { target: '#checkout.toError', actions: { type: 'goToError', params: ({ event }) => ({ code: event.output.outcome === 'failed' ? event.output.code : 400 }) } },
            ],
            onError: { target: 'editing', actions: 'markCouponUnavailable' },
          },
          // A pay click, another coupon or taking the coupon off while the coupon is checked is ignored.
          on: { 'pay.submit': {}, 'coupon.select': {}, 'coupon.clear': {} },
        },
      },
      on: {
        // The form's fields (product.md §2, §3 Choices, §5): each event changes its field.
        'concern.change': { actions: 'updateForm' }, 'device.change': { actions: 'updateForm' }, 'os.change': { actions: 'updateForm' },
        'remoteSupport.change': { actions: 'updateForm' }, 'supportType.change': { actions: 'updateForm' },
        'holderName.change': { actions: 'updateForm' }, 'holderName.blur': { actions: 'updateForm' }, 'card.change': { actions: 'updateForm' },
        'savedCard.toggle': { actions: 'updateForm' }, 'saveCard.toggle': { actions: 'updateForm' },
        'tokenError.dismiss': { actions: 'dismissTokenError' },
        'coupon.select': { target: '.validatingCoupon', actions: 'checkCoupon' },
        // The applied coupon taken off (「使わない」); not while a payment runs (ready is left then).
        'coupon.clear': { guard: 'hasAppliedCoupon', target: '.editing', actions: 'clearCoupon' },
        'pay.submit': { guard: 'isReadyToPay', target: 'checkingCouponOffer' },
      },
    },
    // Named decision: a fitting held coupon that is not applied is offered before paying.
    checkingCouponOffer: {
      always: [{ guard: 'mustOfferCoupon', target: 'couponPrompt' }, { target: 'choosingPayment' }],
    },
    couponPrompt: {
      tags: ['couponPrompt'],
      on: {
        'prompt.useCoupon': { target: 'ready.editing', actions: 'scrollToCoupons' },
        'prompt.skip': { target: 'choosingPayment' },
        'prompt.close': { target: 'ready.editing' },
      },
    },
    // Named decision: the attempt starts (its key, its charge request); a saved card or nothing to
    // pay is charged at once, a new card goes through the token and 3-D Secure first.
    choosingPayment: {
      entry: 'startAttempt',
      always: [{ guard: 'paysWithoutCard', target: 'charging' }, { target: 'payingByCard' }],
    },
    payingByCard: {
      tags: ['busy'],
      invoke: {
        id: 'cardPayment',
        src: 'cardPayment',
        input: ({ context }) => ({ holderName: context.form.holderName, attempt: storedAttempt(context), returnedToken: context.resumed?.token ?? null }),
        onDone: [
          { guard: { type: 'cardWasAccepted', params: ({ event }) => event.output }, target: 'charging', actions: { type: 'assignToken', params: ({ event }) => event.output } },
          // product.md §8: token-creation errors show the provider's message in an error modal.
          { guard: { type: 'cardTokenRefused', params: ({ event }) => event.output }, target: 'ready.editing', actions: { type: 'assignTokenError', params: ({ event }) => event.output } },
          // product.md §8: 3-D Secure failure: the payment-problem message (the child cleared the attempt).
          { target: 'ready.failed', actions: 'forgetResume' },
        ],
        onError: { target: 'ready.failed', actions: ['clearAttempt', 'forgetResume'] },
      },
    },
    charging: {
      tags: ['busy', 'processing'],
      // Kept before the charge is sent, whatever the card: a reload from here finds this attempt.
      entry: { type: 'saveAttempt', params: ({ context }) => ({ attempt: storedAttempt(context) }) },
      invoke: {
        id: 'charge',
        src: 'charge',
        input: ({ context }) => ({ payload: context.payload!, idempotencyKey: context.idempotencyKey }),
        onDone: [
          // The attempt stays stored: a reload or Back finds it paid (checkingPrevious → toComplete).
          { guard: { type: 'wasCharged', params: ({ event }) => event.output }, target: 'toComplete', actions: [{ type: 'trackPurchase', params: charged }, { type: 'goToComplete', params: charged }] },
          { guard: { type: 'wasStaffDenied', params: ({ event }) => event.output }, target: 'toStaffSelection', actions: ['clearAttempt', { type: 'goToStaffWithToast', params: staffDenied }] },
          { guard: { type: 'wasCouponDenied', params: ({ event }) => event.output }, target: 'ready.editing', actions: ['clearAttempt', 'forgetResume', 'dropCoupon'] },
          // Unknown outcome: keep the stored attempt and ask the server what became of its key.
          { guard: { type: 'wasUnanswered', params: ({ event }) => event.output }, target: 'checkingPrevious' },
          { target: 'ready.failed', actions: ['clearAttempt', 'forgetResume'] },
        ],
        onError: { target: 'ready.failed', actions: ['clearAttempt', 'forgetResume'] },
      },
    },
    // One final state per exit, named after where the member goes (the goTo action took them):
    // the processing dialog stays up on the way to the complete page, the others show the spinner.
    toComplete: { type: 'final', tags: ['completing'], output: { goesTo: '/buy-complete' } },
    toMenu: { type: 'final', tags: ['leaving'], output: { goesTo: '/support/menu' } },
    toStaffSelection: { type: 'final', tags: ['leaving'], output: { goesTo: '/support/staff' } },
    toError: { type: 'final', tags: ['leaving'], output: { goesTo: '/error' } },
  },
  output: ({ event }) => event.output as CheckoutOutput,
})

export type CheckoutActorRef = ActorRefFrom<typeof checkoutMachine>
export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>
