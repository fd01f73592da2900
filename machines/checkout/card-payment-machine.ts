import { assign, fromPromise, setup } from 'xstate'
import type { StoredAttempt } from './checkout-rules'

/**
 * Paying with a new card (product.md §4 Payment), a child of the checkout chart:
 * tokenizing ─▶ threeDSecureRedirect (the attempt is stored, the browser leaves for the provider)
 * ─▶ finishing ─▶ finished. Back from 3-D Secure (a new page load) it starts at finishing with the
 * stored attempt's token. Its output tells the checkout what became of the card:
 * finished (charge with this token), tokenRefused (the provider's message in a modal) or failed
 * (the payment-problem message; the stored attempt is cleared).
 */

export type CardPaymentInput = {
  holderName: string
  /** The attempt to store before the browser leaves (its token is added here). */
  attempt: StoredAttempt
  /** Back from 3-D Secure: the stored attempt's token, and the payment resumes at finishing. */
  returnedToken: string | null
}

export type CardPaymentOutput =
  | { outcome: 'finished'; token: string }
  | { outcome: 'tokenRefused'; message: string }
  | { outcome: 'failed' }

type CardPaymentContext = CardPaymentInput & { token: string | null; message: string }

/** The attempt as stored before the redirect: with the new token, in the payload too. */
const withToken = (attempt: StoredAttempt, token: string): StoredAttempt => ({ ...attempt, token, payload: { ...attempt.payload, cardToken: token } })

export const cardPaymentMachine = setup({
  types: { context: {} as CardPaymentContext, input: {} as CardPaymentInput, output: {} as CardPaymentOutput },
  guards: {
    isBackFromThreeDSecure: ({ context }) => context.returnedToken !== null,
  },
  actors: {
    createToken: fromPromise<string, { holderName: string }>(async () => { throw new Error('provide createToken') }),
    /** Sends the browser to the provider's 3-D Secure page; resolves only when no redirect was needed. */
    startThreeDSecure: fromPromise<void, { token: string }>(async () => { throw new Error('provide startThreeDSecure') }),
    finishThreeDSecure: fromPromise<string, { token: string }>(async () => { throw new Error('provide finishThreeDSecure') }),
  },
  actions: {
    // Effects provided by src/features/checkout/use-checkout-actor.ts.
    saveAttempt: (_, _p: { attempt: StoredAttempt }) => {},
    clearAttempt: () => {},
  },
}).createMachine({
  id: 'cardPayment',
  context: ({ input }) => ({ ...input, token: input.returnedToken, message: '' }),
  initial: 'starting',
  states: {
    // Named decision: a fresh payment makes a token; the return from 3-D Secure finishes it.
    starting: {
      always: [{ guard: 'isBackFromThreeDSecure', target: 'finishing' }, { target: 'tokenizing' }],
    },
    tokenizing: {
      invoke: {
        src: 'createToken',
        input: ({ context }) => ({ holderName: context.holderName }),
        onDone: { target: 'threeDSecureRedirect', actions: assign({ token: ({ event }) => event.output }) },
        // product.md §8: token-creation errors show the provider's message in an error modal.
        onError: { target: 'tokenRefused', actions: assign({ message: ({ event }) => (event.error instanceof Error ? event.error.message : '') }) },
      },
    },
    threeDSecureRedirect: {
      entry: { type: 'saveAttempt', params: ({ context }) => ({ attempt: withToken(context.attempt, context.token ?? '') }) },
      invoke: {
        src: 'startThreeDSecure',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'finishing' },
        onError: { target: 'failed', actions: 'clearAttempt' },
      },
    },
    // The processing modal blocks the screen (product.md §4).
    finishing: {
      tags: ['processing'],
      invoke: {
        src: 'finishThreeDSecure',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'finished' },
        // product.md §8: 3-D Secure finish failure: the payment-problem message, session cleared.
        onError: { target: 'failed', actions: 'clearAttempt' },
      },
    },
    finished: { type: 'final', output: ({ context }): CardPaymentOutput => ({ outcome: 'finished', token: context.token ?? '' }) },
    tokenRefused: { type: 'final', output: ({ context }): CardPaymentOutput => ({ outcome: 'tokenRefused', message: context.message }) },
    failed: { type: 'final', output: (): CardPaymentOutput => ({ outcome: 'failed' }) },
  },
  output: ({ event }) => event.output as CardPaymentOutput,
})
