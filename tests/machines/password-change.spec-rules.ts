// Spec rules of the password change chart (product.md §4 "Password change signs the user out and goes to
// its complete page", §5 password rule and confirmation, §7 password-change, §8 4xx message).
import * as v from 'valibot'
import { passwordChangeMachine } from '../../machines/password-change/password-change-machine'
import { ApiError } from '../../src/api/api-error'
import { PasswordChangeRequest } from '../../contract/calls'
import { expectCan, expectGoes, expectSent, httpStatus, isClient, leavingEnds, statusCode, type ChartSpec, type Observation, type SpecRules } from './observe'

function form(trail: Observation[]) {
  const values = { newPassword: '', newPasswordConfirm: '' }
  let phase: 'editing' | 'changing' | 'signingOut' = 'editing'
  let rejected = false
  let sentValues: typeof values | null = null
  for (const o of trail) {
    const e = o.event
    if (phase === 'editing' && e.type === 'field.change') { values[e.field as keyof typeof values] = e.value; rejected = false }
    else if (phase === 'editing' && e.type === 'form.submit' && v.is(PasswordChangeRequest, values)) { phase = 'changing'; sentValues = { ...values } }
    else if (o.reply?.call === 'changePassword') {
      if (o.reply.ok) phase = 'signingOut'
      else { phase = 'editing'; rejected = isClient(httpStatus(o.reply.error)) }
    }
  }
  return { values, phase, rejected, sentValues, valid: v.is(PasswordChangeRequest, values) }
}

export const rules: SpecRules = {
  invariant: (o) => leavingEnds(o),
  afterStep({ event, after, trail }) {
    const out: string[] = []
    const now = form(trail)
    const r = after.reply
    if (event.type === 'form.submit') out.push(...expectSent(after, now.phase === 'changing' && form(trail.slice(0, -1)).phase === 'editing' ? [{ call: 'changePassword', input: now.sentValues }] : [], 'submit sends the two passwords entered, only when valid'))
    else if (!r) out.push(...expectSent(after, [], event.type), ...expectGoes(after, [], event.type))
    if (r?.call === 'changePassword') {
      if (r.ok) out.push(...expectSent(after, [{ call: 'signOut', input: undefined }], 'the new password ends the session'), ...expectGoes(after, [], 'while signing out'))
      else if (isClient(httpStatus(r.error))) out.push(...expectGoes(after, [], 'a 4xx stays with パスワード変更ができません…'), ...expectSent(after, [], 'a 4xx'))
      else out.push(...expectGoes(after, [{ action: 'goToError', params: { code: statusCode(after) } }], `a failed change (error ${statusCode(after)})`))
    }
    if (r?.call === 'signOut') out.push(...expectGoes(after, [{ action: 'goToComplete', params: undefined }], 'signed out (or not): the complete page'))
    if (!after.done) {
      if (!!after.context.rejected !== now.rejected) out.push(`the 4xx message must ${now.rejected ? '' : 'not '}show`)
      out.push(...expectCan(after, now.phase === 'editing' ? ['field.change', 'field.blur', ...(now.valid ? ['form.submit'] : [])] : [], ['field.change', 'field.blur', 'form.submit'], `while ${now.phase}`))
    }
    return out
  },
}

export const spec: ChartSpec = {
  configs: [
    {
      machine: passwordChangeMachine,
      events: {
        'field.change': [
          { field: 'newPassword', value: 'abc123' },
          { field: 'newPassword', value: 'abc' },
          { field: 'newPasswordConfirm', value: 'abc123' },
          { field: 'newPasswordConfirm', value: 'abc124' },
        ],
        'field.blur': [{ field: 'newPasswordConfirm' }],
        'form.submit': [{}],
      },
      outcomes: {
        changePassword: { done: [undefined], error: [new ApiError(400, 'bad'), new ApiError(500, 'down')] },
        signOut: { done: [undefined], error: [new Error('offline')] },
      },
      serialize: (s) => JSON.stringify([s.value, s.context.values, s.context.rejected]),
    },
  ],
  rules,
}
