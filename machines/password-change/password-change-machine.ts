import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import * as v from 'valibot'
import { PasswordChangeRequest } from '../../src/contract/calls'
import { errorStatus, formErrors, isClientError } from '../shared/form-errors'

/**
 * Password change (spec §4 "Password change signs the user out and goes to its complete page", §5, §8).
 *
 * editing ─form.submit [valid]─▶ changing ─200─▶ signingOut ─▶ done (goToComplete)
 *   changing ─4xx─▶ editing (パスワード変更ができません…)   changing ─other─▶ failed (goToError)
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
  const all = formErrors<PasswordChangeField>(PasswordChangeRequest, c.values)
  const errors: PasswordChangeContext['errors'] = {}
  for (const key of Object.keys(all) as PasswordChangeField[]) if (c.touched[key]) errors[key] = all[key]
  return { errors }
}

export const passwordChangeMachine = setup({
  types: {
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent,
  },
  guards: {
    isFormValid: ({ context }) => v.is(PasswordChangeRequest, context.values),
    isClientError: ({ event }) => 'error' in event && isClientError(event.error),
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
      if (event.type !== 'field.change') return {}
      const next = { ...context, values: { ...context.values, [event.field]: event.value }, touched: { ...context.touched, [event.field]: true }, rejected: false }
      return { ...next, ...withErrors(next) }
    }),
    touchField: assign(({ context, event }) => {
      if (event.type !== 'field.blur') return {}
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
          { target: 'failed', actions: { type: 'goToError', params: ({ event }) => ({ code: String(errorStatus(event.error)) }) } },
        ],
      },
    },
    // The new password ends the session: the member logs in again with it.
    signingOut: {
      invoke: {
        src: 'signOut',
        onDone: { target: 'done', actions: 'goToComplete' },
        onError: { target: 'done', actions: 'goToComplete' },
      },
    },
    done: {},
    failed: {},
  },
})

export type PasswordChangeActorRef = ActorRefFrom<typeof passwordChangeMachine>
export type PasswordChangeSnapshot = SnapshotFrom<typeof passwordChangeMachine>
