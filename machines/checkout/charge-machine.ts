import { assign, fromPromise, setup } from 'xstate'
import type { ChargePayload, ChargeResponse } from '../../contract/calls'
import { apiErrors } from '../../contract/messages'
import { failureMessage, isClientFailure, isGatewayFailure, isRateLimitedFailure, isUnansweredFailure } from '../shared/api-failure'
import { MAX_CHARGE_RETRIES } from './checkout-rules'

/**
 * Charging one attempt (product.md §3 charge, §8 charge errors, §9 retry), a child of the checkout
 * chart: requesting ─429─▶ backingOff ─1 s, 2 s, 4 s─▶ requesting again with the same key (at most
 * 3 retries after the first try) ─▶ charged | staffDenied | couponDenied | unanswered | failed.
 * Its output tells the checkout where the member goes: the complete page, the staff selection
 * with the server's message, the form without the coupon, the lookup of the key (no answer: the
 * charge may have happened), or the payment-problem message.
 */

export type ChargeInput = { payload: ChargePayload; idempotencyKey: string }

export type ChargeOutput =
  | { outcome: 'charged'; response: ChargeResponse }
  | { outcome: 'staffDenied'; message: string }
  | { outcome: 'couponDenied' }
  | { outcome: 'unanswered' }
  | { outcome: 'failed' }

type ChargeContext = ChargeInput & { tries: number; response: ChargeResponse | null; message: string }

/** The response of a charge that went through (the checkout asks only after `charged`). */
export function chargedResponse(o: ChargeOutput): ChargeResponse {
  if (o.outcome !== 'charged') throw new Error(`charge: no response for ${o.outcome}`)
  return o.response
}

const deniedWith = (error: unknown, messages: string[]) => isClientFailure(error) && messages.some((m) => failureMessage(error).includes(m))

export const chargeMachine = setup({
  types: { context: {} as ChargeContext, input: {} as ChargeInput, output: {} as ChargeOutput },
  guards: {
    // product.md §9 "up to 3 times": 3 retries after the first try, so at most 4 calls per attempt.
    canRetry: ({ context, event }) => 'error' in event && isRateLimitedFailure(event.error) && context.tries <= MAX_CHARGE_RETRIES,
    isFirstRetry: ({ context }) => context.tries === 1,
    isSecondRetry: ({ context }) => context.tries === 2,
    isThirdRetry: ({ context }) => context.tries === 3,
    isStaffDenied: ({ event }) => 'error' in event && deniedWith(event.error, [apiErrors.staffAssignDeny, apiErrors.staffDeny]),
    isCouponDenied: ({ event }) => 'error' in event && deniedWith(event.error, [apiErrors.denyCoupon]),
    // No answer from our server: none at all (the page unloading, the network gone) or the load
    // balancer's 502/503/504 in its place (the replica died mid-charge). The charge may have happened.
    isUnanswered: ({ event }) => 'error' in event && (isUnansweredFailure(event.error) || isGatewayFailure(event.error)),
  },
  actors: {
    charge: fromPromise<ChargeResponse, ChargeInput>(async () => { throw new Error('provide charge') }),
  },
}).createMachine({
  id: 'charge',
  context: ({ input }) => ({ ...input, tries: 0, response: null, message: '' }),
  initial: 'requesting',
  states: {
    requesting: {
      entry: assign({ tries: ({ context }) => context.tries + 1 }),
      invoke: {
        src: 'charge',
        input: ({ context }) => ({ payload: context.payload, idempotencyKey: context.idempotencyKey }),
        onDone: { target: 'charged', actions: assign({ response: ({ event }) => event.output }) },
        onError: [
          { guard: 'canRetry', target: 'backingOff' },
          { guard: 'isStaffDenied', target: 'staffDenied', actions: assign({ message: ({ event }) => failureMessage(event.error) }) },
          { guard: 'isCouponDenied', target: 'couponDenied' },
          { guard: 'isUnanswered', target: 'unanswered' },
          { target: 'failed' },
        ],
      },
    },
    // product.md §9: up to 3 retries after the first try, waiting 1 s, 2 s, 4 s, only on HTTP 429.
    backingOff: {
      after: {
        1000: { guard: 'isFirstRetry', target: 'requesting' },
        2000: { guard: 'isSecondRetry', target: 'requesting' },
        4000: { guard: 'isThirdRetry', target: 'requesting' },
      },
    },
    charged: { type: 'final', output: ({ context }): ChargeOutput => ({ outcome: 'charged', response: context.response! }) },
    staffDenied: { type: 'final', output: ({ context }): ChargeOutput => ({ outcome: 'staffDenied', message: context.message }) },
    couponDenied: { type: 'final', output: (): ChargeOutput => ({ outcome: 'couponDenied' }) },
    unanswered: { type: 'final', output: (): ChargeOutput => ({ outcome: 'unanswered' }) },
    failed: { type: 'final', output: (): ChargeOutput => ({ outcome: 'failed' }) },
  },
  // The output of the final state reached (each one above says what became of the charge).
  output: ({ event }) => event.output as ChargeOutput,
})
