import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate'
import * as v from 'valibot'
import { PasswordResetRequest, PasswordResetRequestRequest } from '../../contract/calls'
import { failureCodeParams, isClientFailure, isRateLimitedFailure } from '../shared/api-failure'
import { formErrors, visibleErrors } from '../shared/form-errors'

/**
 * Password reset (product.md §2, §4 Password reset, §5, §8).
 *
 * requesting.editing ─form.submit [isRequestValid]─▶ requesting.submitting
 *   ─200─▶ resetting (goToCodeEntry: /password-reset)   ─[isClientError]─▶ editing (メンバーが見つかりません)
 * requesting.editing ─code.open─▶ resetting.editing (the code page opened directly, e-mail prefilled)
 * resetting.editing ─form.submit [isResetValid]─▶ resetting.submitting
 *   ─200─▶ toComplete (goToComplete: /password-reset-complete)  ─[isClientError]─▶ editing (パスワード再発行ができません…)
 * [isRateLimited] (429) ─▶ back to the step's editing (the view asks to wait)
 * any other failure ─▶ toError (goToError: /error?code=<status>)
 */

export type ResetField = 'email' | 'authCode' | 'newPassword' | 'newPasswordConfirm'

export type PasswordResetContext = {
  values: Record<ResetField, string>
  touched: Partial<Record<ResetField, boolean>>
  errors: Partial<Record<ResetField, string>>
  /** The last call answered 4xx (the view shows the step's message). */
  rejected: boolean
  /** The last call answered 429 (the view asks to wait and retry). */
  rateLimited: boolean
}

export type PasswordResetEvent =
  | { type: 'field.change'; field: ResetField; value: string }
  | { type: 'field.blur'; field: ResetField }
  | { type: 'form.submit' }
  | { type: 'code.open'; email: string }

const requestValues = (c: PasswordResetContext) => ({ email: c.values.email })
const resetValues = (c: PasswordResetContext) => ({
  authCode: c.values.authCode,
  email: c.values.email,
  newPassword: c.values.newPassword,
  newPasswordConfirm: c.values.newPasswordConfirm,
})

function shown(c: PasswordResetContext, schema: v.GenericSchema, values: Record<string, string>) {
  return visibleErrors(formErrors<ResetField>(schema, values), c.touched)
}

export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
  },
  guards: {
    // product.md §5 Reset request: submit disabled when empty (and while the address is malformed).
    isRequestValid: ({ context }) => v.is(PasswordResetRequestRequest, requestValues(context)),
    isResetValid: ({ context }) => v.is(PasswordResetRequest, resetValues(context)),
    isClientError: ({ event }) => 'error' in event && isClientFailure(event.error),
    isRateLimited: ({ event }) => 'error' in event && isRateLimitedFailure(event.error),
  },
  actors: {
    requestCode: fromPromise<void, { email: string }>(async () => {
      throw new Error('provide requestCode')
    }),
    resetPassword: fromPromise<void, v.InferOutput<typeof PasswordResetRequest>>(async () => {
      throw new Error('provide resetPassword')
    }),
  },
  actions: {
    changeRequestField: assign(({ context, event }) => {
      assertEvent(event, 'field.change')
      const next = { ...context, values: { ...context.values, [event.field]: event.value }, touched: { ...context.touched, [event.field]: true }, rejected: false }
      return { ...next, errors: shown(next, PasswordResetRequestRequest, requestValues(next)) }
    }),
    changeResetField: assign(({ context, event }) => {
      assertEvent(event, 'field.change')
      const next = { ...context, values: { ...context.values, [event.field]: event.value }, touched: { ...context.touched, [event.field]: true }, rejected: false }
      return { ...next, errors: shown(next, PasswordResetRequest, resetValues(next)) }
    }),
    touchResetField: assign(({ context, event }) => {
      assertEvent(event, 'field.blur')
      const next = { ...context, touched: { ...context.touched, [event.field]: true } }
      return { errors: shown(next, PasswordResetRequest, resetValues(next)) }
    }),
    startCodeEntry: assign(({ context }, { email }: { email: string }) => ({
      values: { ...context.values, email },
      touched: {},
      errors: {},
      rejected: false,
    })),
    markRejected: assign({ rejected: true }),
    markRateLimited: assign({ rateLimited: true, rejected: false }),
    clearRateLimited: assign({ rateLimited: false }),
    /** Navigate to /password-reset with the e-mail (product.md §4: code page on 200). */
    goToCodeEntry: (_, _params: { email: string }) => {},
    goToComplete: () => {},
    goToError: (_, _params: { code: string }) => {},
  },
}).createMachine({
  id: 'passwordReset',
  context: {
    values: { email: '', authCode: '', newPassword: '', newPasswordConfirm: '' },
    touched: {},
    errors: {},
    rejected: false,
    rateLimited: false,
  },
  initial: 'requesting',
  states: {
    requesting: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'field.change': { actions: 'changeRequestField' },
            'form.submit': { guard: 'isRequestValid', target: 'submitting' },
            'code.open': { target: '#passwordReset.resetting', actions: { type: 'startCodeEntry', params: ({ event }) => ({ email: event.email }) } },
          },
        },
        submitting: {
          tags: ['sending'],
          entry: 'clearRateLimited',
          invoke: {
            src: 'requestCode',
            input: ({ context }) => ({ email: context.values.email.trim() }),
            onDone: {
              target: '#passwordReset.resetting',
              actions: [
                { type: 'goToCodeEntry', params: ({ context }) => ({ email: context.values.email.trim() }) },
                { type: 'startCodeEntry', params: ({ context }) => ({ email: context.values.email }) },
              ],
            },
            onError: [
              { guard: 'isRateLimited', target: 'editing', actions: 'markRateLimited' },
              // product.md §8: reset request 4xx → メンバーが見つかりません
              { guard: 'isClientError', target: 'editing', actions: 'markRejected' },
              { target: '#passwordReset.toError', actions: { type: 'goToError', params: failureCodeParams } },
            ],
          },
        },
      },
    },
    resetting: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'field.change': { actions: 'changeResetField' },
            'field.blur': { actions: 'touchResetField' },
            'form.submit': { guard: 'isResetValid', target: 'submitting' },
          },
        },
        submitting: {
          tags: ['sending'],
          entry: 'clearRateLimited',
          invoke: {
            src: 'resetPassword',
            input: ({ context }) => v.parse(PasswordResetRequest, resetValues(context)),
            onDone: { target: '#passwordReset.toComplete', actions: 'goToComplete' },
            onError: [
              { guard: 'isRateLimited', target: 'editing', actions: 'markRateLimited' },
              // product.md §8: reset 4xx → パスワード再発行ができません… with a contact hint
              { guard: 'isClientError', target: 'editing', actions: 'markRejected' },
              { target: '#passwordReset.toError', actions: { type: 'goToError', params: failureCodeParams } },
            ],
          },
        },
      },
    },
    // The new password is set: to /password-reset-complete.
    toComplete: { type: 'final' },
    // A call failed for another reason: to /error?code=<status>.
    toError: { type: 'final' },
  },
})

export type PasswordResetActorRef = ActorRefFrom<typeof passwordResetMachine>
