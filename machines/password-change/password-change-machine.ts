import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate'
import * as v from 'valibot'
import { PasswordChangeForm } from '../../contract/calls'
import { fieldMessages } from '../../contract/messages'
import { failureCodeParams, isClientFailure } from '../shared/api-failure'
import { formErrors, visibleErrors } from '../shared/form-errors'

/**
 * Password change (product.md §4 "Password change signs the user out and goes to its complete page", §5, §8).
 * The current password re-authenticates the member with the identity provider first (its
 * recommendation for a sensitive change; the server refuses a sign-in older than a few minutes).
 *
 * editing ─form.submit [isFormValid]─▶ reauthenticating ─ok─▶ changing ─200─▶ signingOut ─▶ toComplete
 *   reauthenticating ─[isWrongPassword]─▶ editing (現在のパスワードが正しくありません)
 *   reauthenticating ─other─▶ editing (could not check: try again later)
 *   changing ─[isClientError]─▶ editing (パスワード変更ができません…)
 *   changing ─other─▶ toError (goToError: /error?code=<status>)
 */

export type PasswordChangeField = 'currentPassword' | 'newPassword' | 'newPasswordConfirm'

export type PasswordChangeContext = {
  values: Record<PasswordChangeField, string>
  touched: Partial<Record<PasswordChangeField, boolean>>
  errors: Partial<Record<PasswordChangeField, string>>
  rejected: boolean
  /** The identity provider refused the current password as typed (cleared when it is edited). */
  wrongPassword: boolean
  /** Re-authentication failed otherwise (network, too many tries). */
  reauthFailed: boolean
}

export type PasswordChangeEvent =
  | { type: 'field.change'; field: PasswordChangeField; value: string }
  | { type: 'field.blur'; field: PasswordChangeField }
  | { type: 'form.submit' }

/** How the edge reports a refused re-authentication: the provider's "wrong password" codes, or not. */
export type ReauthFailure = { wrongPassword: boolean }

const isWrongPasswordFailure = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'wrongPassword' in error && error.wrongPassword === true

function withErrors(c: PasswordChangeContext) {
  const errors = visibleErrors(formErrors<PasswordChangeField>(PasswordChangeForm, c.values), c.touched)
  return { errors: c.wrongPassword ? { ...errors, currentPassword: fieldMessages.currentPasswordWrong } : errors }
}

export const passwordChangeMachine = setup({
  types: {
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent,
  },
  guards: {
    isFormValid: ({ context }) => v.is(PasswordChangeForm, context.values),
    isWrongPassword: ({ event }) => 'error' in event && isWrongPasswordFailure(event.error),
    isClientError: ({ event }) => 'error' in event && isClientFailure(event.error),
  },
  actors: {
    reauthenticate: fromPromise<void, { currentPassword: string }>(async () => {
      throw new Error('provide reauthenticate')
    }),
    changePassword: fromPromise<void, { newPassword: string; newPasswordConfirm: string }>(async () => {
      throw new Error('provide changePassword')
    }),
    signOut: fromPromise<void>(async () => {
      throw new Error('provide signOut')
    }),
  },
  actions: {
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change')
      const next = {
        ...context,
        values: { ...context.values, [event.field]: event.value },
        touched: { ...context.touched, [event.field]: true },
        rejected: false,
        reauthFailed: false,
        wrongPassword: event.field === 'currentPassword' ? false : context.wrongPassword,
      }
      return { ...next, ...withErrors(next) }
    }),
    touchField: assign(({ context, event }) => {
      assertEvent(event, 'field.blur')
      return withErrors({ ...context, touched: { ...context.touched, [event.field]: true } })
    }),
    markWrongPassword: assign(({ context }) => withErrors({ ...context, wrongPassword: true, touched: { ...context.touched, currentPassword: true } })),
    markReauthFailed: assign({ reauthFailed: true }),
    markRejected: assign({ rejected: true }),
    goToComplete: () => {},
    goToError: (_, _params: { code: string }) => {},
  },
}).createMachine({
  id: 'passwordChange',
  context: {
    values: { currentPassword: '', newPassword: '', newPasswordConfirm: '' },
    touched: {},
    errors: {},
    rejected: false,
    wrongPassword: false,
    reauthFailed: false,
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        'field.blur': { actions: 'touchField' },
        'form.submit': { guard: 'isFormValid', target: 'reauthenticating' },
      },
    },
    // The current password goes to the identity provider only: it proves the member is here now.
    reauthenticating: {
      tags: ['busy'],
      invoke: {
        src: 'reauthenticate',
        input: ({ context }) => ({ currentPassword: context.values.currentPassword }),
        onDone: { target: 'changing' },
        onError: [
          { guard: 'isWrongPassword', target: 'editing', actions: 'markWrongPassword' },
          { target: 'editing', actions: 'markReauthFailed' },
        ],
      },
    },
    changing: {
      tags: ['busy'],
      invoke: {
        src: 'changePassword',
        input: ({ context }) => ({ newPassword: context.values.newPassword, newPasswordConfirm: context.values.newPasswordConfirm }),
        onDone: { target: 'signingOut' },
        onError: [
          { guard: 'isClientError', target: 'editing', actions: 'markRejected' },
          { target: 'toError', actions: { type: 'goToError', params: failureCodeParams } },
        ],
      },
    },
    // The new password ends the session: the member logs in again with it.
    signingOut: {
      tags: ['busy'],
      invoke: {
        src: 'signOut',
        onDone: { target: 'toComplete', actions: 'goToComplete' },
        onError: { target: 'toComplete', actions: 'goToComplete' },
      },
    },
    // The password is changed and the session ended: to /settings/password-change-complete.
    toComplete: { type: 'final' },
    // The change failed for another reason: to /error?code=<status>.
    toError: { type: 'final' },
  },
})

export type PasswordChangeActorRef = ActorRefFrom<typeof passwordChangeMachine>
