import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import * as v from 'valibot'
import { PasswordChangeRequest } from '../../contract/calls'
import { failureCode, isClientFailure } from '../shared/api-failure'
import { formErrors, visibleErrors } from '../shared/form-errors'

/**
 * Password change (product.md §4 "Password change signs the user out and goes to its complete page", §5, §8).
 *
 * editing ─form.submit [isFormValid]─▶ changing ─200─▶ signingOut ─▶ toComplete (goToComplete: /settings/password-change-complete)
 *   changing ─[isClientError]─▶ editing (パスワード変更ができません…)
 *   changing ─other─▶ toError (goToError: /error?code=<status>)
 */

export type PasswordChangeField = 'newPassword' | 'newPasswordConfirm'

export type PasswordChangeContext = {
  values: Record<PasswordChangeField, string>
  touched: Partial<Record<PasswordChangeField, boolean>>
  errors: Partial<Record<PasswordChangeField, string>>
  rejected: boolean
}

export type PasswordChangeEvent =
  | { type: 'field.change'; field: PasswordChangeField; value: string }
  | { type: 'field.blur'; field: PasswordChangeField }
  | { type: 'form.submit' }

function withErrors(c: PasswordChangeContext) {
  return { errors: visibleErrors(formErrors<PasswordChangeField>(PasswordChangeRequest, c.values), c.touched) }
}

export const passwordChangeMachine = setup({
  types: {
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent,
  },
  guards: {
    isFormValid: ({ context }) => v.is(PasswordChangeRequest, context.values),
    isClientError: ({ event }) => 'error' in event && isClientFailure(event.error),
  },
  actors: {
    changePassword: fromPromise<void, PasswordChangeContext['values']>(async () => {
      throw new Error('provide changePassword')
    }),
    signOut: fromPromise<void>(async () => {
      throw new Error('provide signOut')
    }),
  },
  actions: {
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change')
      const next = { ...context, values: { ...context.values, [event.field]: event.value }, touched: { ...context.touched, [event.field]: true }, rejected: false }
      return { ...next, ...withErrors(next) }
    }),
    touchField: assign(({ context, event }) => {
      assertEvent(event, 'field.blur')
      return withErrors({ ...context, touched: { ...context.touched, [event.field]: true } })
    }),
    markRejected: assign({ rejected: true }),
    goToComplete: () => {},
    goToError: (_, _params: { code: string }) => {},
  },
}).createMachine({
  id: 'passwordChange',
  context: { values: { newPassword: '', newPasswordConfirm: '' }, touched: {}, errors: {}, rejected: false },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        'field.blur': { actions: 'touchField' },
        'form.submit': { guard: 'isFormValid', target: 'changing' },
      },
    },
    changing: {
      invoke: {
        src: 'changePassword',
        input: ({ context }) => context.values,
        onDone: { target: 'signingOut' },
        onError: [
          { guard: 'isClientError', target: 'editing', actions: 'markRejected' },
          { target: 'toError', actions: { type: 'goToError', params: ({ event }) => ({ code: failureCode(event.error) }) } },
        ],
      },
    },
    // The new password ends the session: the member logs in again with it.
    signingOut: {
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
export type PasswordChangeSnapshot = SnapshotFrom<typeof passwordChangeMachine>
