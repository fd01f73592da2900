import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate'
import * as v from 'valibot'
import { EmailChangeRequest } from '../../contract/calls'
import { failureCodeParams, isClientFailure, isRateLimitedFailure } from '../shared/api-failure'
import { formErrors } from '../shared/form-errors'

/**
 * E-mail change (product.md §2 /settings/email-change-*, §5 E-mail, §8).
 *
 * editing ─form.submit [isFormValid]─▶ requesting ─200─▶ toRequestComplete (goToRequestComplete: /settings/email-change-request-complete)
 *   requesting ─[isRateLimited]─▶ editing (wait and retry)
 *   requesting ─[isClientError]─▶ editing (メールアドレスの形式にあやまりがあるか既に登録済のメールアドレスです。)
 *   requesting ─other─▶ toError (goToError: /error?code=<status>)
 * editing ─link.open─▶ confirming (email-change-complete with the mailed token)
 *   ─200─▶ signingOut ─▶ confirmed (stays on /settings/email-change-complete: log in again with the new address)
 *   ─fails─▶ toLinkError (goToError: /error?code=emailchange, a bad or expired link)
 *   ─200 [isAlreadyCompleted]─▶ alreadyChanged (stays on the page: opened before; the first opening
 *     ended the old session, and a member signed in again with the new address is not signed out)
 */

export type EmailChangeContext = {
  email: string
  touched: boolean
  error: string | null
  rejected: boolean
  /** The last request answered 429 (the view asks to wait and retry). */
  rateLimited: boolean
  /** The address now in use, after the link was confirmed. */
  newEmail: string | null
}

export type EmailChangeEvent =
  | { type: 'field.change'; value: string }
  | { type: 'form.submit' }
  | { type: 'link.open'; token: string }

export const emailChangeMachine = setup({
  types: {
    context: {} as EmailChangeContext,
    events: {} as EmailChangeEvent,
  },
  guards: {
    isFormValid: ({ context }) => v.is(EmailChangeRequest, { email: context.email }),
    isClientError: ({ event }) => 'error' in event && isClientFailure(event.error),
    isRateLimited: ({ event }) => 'error' in event && isRateLimitedFailure(event.error),
    isAlreadyCompleted: ({ event }) =>
      'output' in event && typeof event.output === 'object' && event.output !== null && 'alreadyCompleted' in event.output && event.output.alreadyCompleted === true,
  },
  actors: {
    requestChange: fromPromise<void, { email: string }>(async () => {
      throw new Error('provide requestChange')
    }),
    completeChange: fromPromise<{ email: string; alreadyCompleted?: boolean }, { token: string }>(async () => {
      throw new Error('provide completeChange')
    }),
    /** Ends a session of the old address, if any, so the next login uses the new one. */
    signOut: fromPromise<void>(async () => {
      throw new Error('provide signOut')
    }),
  },
  actions: {
    changeEmail: assign(({ event }) => {
      assertEvent(event, 'field.change')
      return { email: event.value, touched: true, rejected: false, error: formErrors<'email'>(EmailChangeRequest, { email: event.value }).email ?? null }
    }),
    markRejected: assign({ rejected: true }),
    markRateLimited: assign({ rateLimited: true, rejected: false }),
    clearRateLimited: assign({ rateLimited: false }),
    goToRequestComplete: () => {},
    goToError: (_, _params: { code: string }) => {},
  },
}).createMachine({
  id: 'emailChange',
  context: { email: '', touched: false, error: null, rejected: false, rateLimited: false, newEmail: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'changeEmail' },
        'form.submit': { guard: 'isFormValid', target: 'requesting' },
        'link.open': { target: 'confirming' },
      },
    },
    requesting: {
      tags: ['sending'],
      entry: 'clearRateLimited',
      invoke: {
        src: 'requestChange',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: { target: 'toRequestComplete', actions: 'goToRequestComplete' },
        onError: [
          { guard: 'isRateLimited', target: 'editing', actions: 'markRateLimited' },
          { guard: 'isClientError', target: 'editing', actions: 'markRejected' },
          { target: 'toError', actions: { type: 'goToError', params: failureCodeParams } },
        ],
      },
    },
    // The confirmation link is mailed: to /settings/email-change-request-complete.
    toRequestComplete: { type: 'final' },
    // The request failed for another reason: to /error?code=<status>.
    toError: { type: 'final' },
    confirming: {
      invoke: {
        src: 'completeChange',
        input: ({ event }) => {
          assertEvent(event, 'link.open')
          return { token: event.token }
        },
        onDone: [
          { guard: 'isAlreadyCompleted', target: 'alreadyChanged', actions: assign({ newEmail: ({ event }) => event.output.email }) },
          { target: 'signingOut', actions: assign({ newEmail: ({ event }) => event.output.email }) },
        ],
        onError: { target: 'toLinkError', actions: { type: 'goToError', params: { code: 'emailchange' } } },
      },
    },
    signingOut: {
      invoke: { src: 'signOut', onDone: { target: 'confirmed' }, onError: { target: 'confirmed' } },
    },
    // The new address is in use and the old session ended: the page says so (log in again).
    // Tags say what the page shows (the view and the spec rules read them, never the state name).
    confirmed: { type: 'final', tags: ['page:changed'] },
    // The link was opened before: the page says the change stands.
    alreadyChanged: { type: 'final', tags: ['page:alreadyChanged'] },
    // A bad or expired link: to /error?code=emailchange.
    toLinkError: { type: 'final' },
  },
})

export type EmailChangeActorRef = ActorRefFrom<typeof emailChangeMachine>
