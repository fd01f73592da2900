import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import * as v from 'valibot'
import { EmailChangeRequest } from '../../src/contract/calls'
import { errorStatus, formErrors, isClientError, isRateLimited } from '../shared/form-errors'

/**
 * E-mail change (spec §2 /settings/email-change-*, §5 E-mail, §8; issue 6).
 *
 * editing ─form.submit [valid]─▶ requesting ─200─▶ requested (goToRequestComplete)
 *   requesting ─4xx─▶ editing (メールアドレスの形式にあやまりがあるか既に登録済のメールアドレスです。)
 *   requesting ─other─▶ failed (goToError with the status)
 * editing ─link.open─▶ confirming (email-change-complete with the mailed token)
 *   ─200─▶ signingOut ─▶ confirmed (the member logs in again with the new address)
 *   ─fails─▶ rejected (goToError emailchange: bad or expired link)
 *   ─200 alreadyCompleted─▶ alreadyChanged (opened before; the first opening ended the old session,
 *     and a member signed in again with the new address is not signed out; issue 12 item 4)
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
    isClientError: ({ event }) => 'error' in event && isClientError(event.error),
    isRateLimited: ({ event }) => 'error' in event && isRateLimited(event.error),
    isAlreadyCompleted: ({ event }) => 'output' in event && (event.output as { alreadyCompleted?: boolean } | undefined)?.alreadyCompleted === true,
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
      if (event.type !== 'field.change') return {}
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
      entry: 'clearRateLimited',
      invoke: {
        src: 'requestChange',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: { target: 'requested', actions: 'goToRequestComplete' },
        onError: [
          { guard: 'isRateLimited', target: 'editing', actions: 'markRateLimited' },
          { guard: 'isClientError', target: 'editing', actions: 'markRejected' },
          { target: 'failed', actions: { type: 'goToError', params: ({ event }) => ({ code: String(errorStatus(event.error)) }) } },
        ],
      },
    },
    requested: {},
    failed: {},
    confirming: {
      invoke: {
        src: 'completeChange',
        input: ({ event }) => ({ token: event.type === 'link.open' ? event.token : '' }),
        onDone: [
          { guard: 'isAlreadyCompleted', target: 'alreadyChanged', actions: assign({ newEmail: ({ event }) => event.output.email }) },
          { target: 'signingOut', actions: assign({ newEmail: ({ event }) => event.output.email }) },
        ],
        onError: { target: 'rejected', actions: { type: 'goToError', params: { code: 'emailchange' } } },
      },
    },
    signingOut: {
      invoke: { src: 'signOut', onDone: { target: 'confirmed' }, onError: { target: 'confirmed' } },
    },
    confirmed: {},
    alreadyChanged: {},
    rejected: {},
  },
})

export type EmailChangeActorRef = ActorRefFrom<typeof emailChangeMachine>
export type EmailChangeSnapshot = SnapshotFrom<typeof emailChangeMachine>
