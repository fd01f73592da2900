// Spec rules of the password change chart (product.md §4 "Password change signs the user out and goes to
// its complete page", §5 password rule and confirmation, §7 password-change, §8 4xx message), with the
// re-authentication by the current password first (docs/server.md "Password change").
import * as v from 'valibot'
import { passwordChangeMachine } from '../../machines/password-change/password-change-machine'
import { ApiError } from '../../src/api/api-error'
import { PasswordChangeForm } from '../../contract/calls'
import { fieldMessages } from '../../contract/messages'
import { PASSWORD_MAX, PASSWORD_MIN, TOKEN_MAX } from '../../contract/fields'
import { boundaryWith, textsAroundRange } from './boundaries'
import { expectCan, expectGoes, expectSent, httpStatus, isClient, leavingEnds, statusCode, type ChartSpec, type Observation, type SpecRules } from './observe'

const wrongPassword = (error: unknown) => typeof error === 'object' && error !== null && 'wrongPassword' in error && error.wrongPassword === true

function form(trail: Observation[]) {
  const values = { currentPassword: '', newPassword: '', newPasswordConfirm: '' }
  let phase: 'editing' | 'reauthenticating' | 'changing' | 'signingOut' = 'editing'
  let rejected = false
  let wrong = false
  let reauthFailed = false
  let sentCurrent: string | null = null
  for (const o of trail) {
    const e = o.event
    if (phase === 'editing' && e.type === 'field.change') {
      values[e.field as keyof typeof values] = e.value
      rejected = false
      reauthFailed = false
      if (e.field === 'currentPassword') wrong = false
    } else if (phase === 'editing' && e.type === 'form.submit' && v.is(PasswordChangeForm, values)) {
      phase = 'reauthenticating'
      sentCurrent = values.currentPassword
    } else if (o.reply?.call === 'reauthenticate') {
      if (o.reply.ok) phase = 'changing'
      else {
        phase = 'editing'
        if (wrongPassword(o.reply.error)) wrong = true
        else reauthFailed = true
      }
    } else if (o.reply?.call === 'changePassword') {
      if (o.reply.ok) phase = 'signingOut'
      else {
        phase = 'editing'
        rejected = isClient(httpStatus(o.reply.error))
      }
    }
  }
  return { values, phase, rejected, wrong, reauthFailed, sentCurrent, valid: v.is(PasswordChangeForm, values) }
}

export const rules: SpecRules = {
  invariant: (o) => leavingEnds(o),
  afterStep({ event, after, trail }) {
    const out: string[] = []
    const now = form(trail)
    const before = form(trail.slice(0, -1))
    const r = after.reply
    if (event.type === 'form.submit')
      out.push(
        ...expectSent(
          after,
          now.phase === 'reauthenticating' && before.phase === 'editing' ? [{ call: 'reauthenticate', input: { currentPassword: now.sentCurrent } }] : [],
          'submit first checks the current password with the identity provider, only when the form is valid',
        ),
      )
    else if (!r) out.push(...expectSent(after, [], event.type), ...expectGoes(after, [], event.type))
    if (r?.call === 'reauthenticate') {
      if (r.ok)
        out.push(
          ...expectSent(after, [{ call: 'changePassword', input: { newPassword: now.values.newPassword, newPasswordConfirm: now.values.newPasswordConfirm } }], 'the new passwords go to the server only after the current one was accepted'),
        )
      else out.push(...expectSent(after, [], 'a refused current password changes nothing'), ...expectGoes(after, [], 'a refused current password stays on the form'))
    }
    if (r?.call === 'changePassword') {
      if (r.ok) out.push(...expectSent(after, [{ call: 'signOut', input: undefined }], 'the new password ends the session'), ...expectGoes(after, [], 'while signing out'))
      else if (isClient(httpStatus(r.error))) out.push(...expectGoes(after, [], 'a 4xx stays with パスワード変更ができません…'), ...expectSent(after, [], 'a 4xx'))
      else out.push(...expectGoes(after, [{ action: 'goToError', params: { code: statusCode(after) } }], `a failed change (error ${statusCode(after)})`))
    }
    if (r?.call === 'signOut') out.push(...expectGoes(after, [{ action: 'goToComplete', params: undefined }], 'signed out (or not): the complete page'))
    if (!after.done) {
      if (!!after.context.rejected !== now.rejected) out.push(`the 4xx message must ${now.rejected ? '' : 'not '}show`)
      const shown = (after.context.errors as Record<string, string | undefined>).currentPassword === fieldMessages.currentPasswordWrong
      // The contract also gives that message to a current password longer than any (over TOKEN_MAX).
      const tooLong = now.values.currentPassword.length > TOKEN_MAX
      if (shown !== (now.wrong || tooLong)) out.push(`「${fieldMessages.currentPasswordWrong}」 must ${now.wrong || tooLong ? '' : 'not '}show`)
      if (!!after.context.reauthFailed !== now.reauthFailed) out.push(`the re-authentication failure must ${now.reauthFailed ? '' : 'not '}show`)
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
          { field: 'currentPassword', value: 'old123' },
          { field: 'currentPassword', value: '' },
          { field: 'newPassword', value: 'abc123' },
          { field: 'newPassword', value: 'abc' },
          { field: 'newPasswordConfirm', value: 'abc123' },
          { field: 'newPasswordConfirm', value: 'abc124' },
          // The new password one under, at and one over PASSWORD_MIN and PASSWORD_MAX (and the
          // current one at its cap and one over), each with the rest of the form valid and the
          // confirmation equal to it (boundaries.ts): judged typed, submitted and sent.
          ...boundaryWith(
            ({ value }) => [{ field: 'newPasswordConfirm', value }, { field: 'currentPassword', value: 'old123' }],
            ...textsAroundRange(PASSWORD_MIN, PASSWORD_MAX).map((value) => ({ field: 'newPassword', value })),
          ),
          ...boundaryWith(
            () => [{ field: 'newPassword', value: 'abc123' }, { field: 'newPasswordConfirm', value: 'abc123' }],
            ...textsAroundRange(1, TOKEN_MAX).map((value) => ({ field: 'currentPassword', value })),
          ),
        ],
        'field.blur': [{ field: 'newPasswordConfirm' }, { field: 'currentPassword' }],
        'form.submit': [{}],
      },
      outcomes: {
        reauthenticate: { done: [undefined], error: [{ wrongPassword: true }, { wrongPassword: false }] },
        changePassword: { done: [undefined], error: [new ApiError(400, 'bad'), new ApiError(500, 'down')] },
        signOut: { done: [undefined], error: [new Error('offline')] },
      },
      serialize: (s) => JSON.stringify([s.value, s.context.values, s.context.rejected, s.context.wrongPassword, s.context.reauthFailed]),
    },
  ],
  rules,
}
