// Spec rules of the password reset chart (product.md §2 /password-reset-request, /password-reset, §4
// "request, code page (on 200), complete", §5 reset rules, §7, §8 4xx messages): the request sends
// the trimmed address and, on 200, opens the code page with that address; the reset sends exactly
// the code, address and two passwords entered; 200 → /password-reset-complete; 429 asks to wait;
// a 4xx stays with its step's message; other failures → /error?code={status}.
import * as v from 'valibot'
import { passwordResetMachine } from '../../machines/password-reset/password-reset-machine'
import { ApiError } from '../../src/api/api-error'
import { PasswordResetRequest, PasswordResetRequestRequest } from '../../contract/calls'
import { AUTH_CODE_MAX, EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../../contract/fields'
import { boundary, boundaryWith, emailsAround, textsAroundRange } from './boundaries'
import { expectCan, expectGoes, expectSent, httpStatus, isClient, leavingEnds, statusCode, type ChartSpec, type Observation, type SpecRules } from './observe'

type Values = { email: string; authCode: string; newPassword: string; newPasswordConfirm: string }
const resetOf = (x: Values) => ({ authCode: x.authCode, email: x.email, newPassword: x.newPassword, newPasswordConfirm: x.newPasswordConfirm })

function page(trail: Observation[]) {
  const values: Values = { email: '', authCode: '', newPassword: '', newPasswordConfirm: '' }
  let step: 'request' | 'reset' = 'request'
  let busy = false
  let message: 'rejected' | 'rateLimited' | null = null
  for (const o of trail) {
    const e = o.event
    if (!busy && e.type === 'field.change') { values[e.field as keyof Values] = e.value; if (message === 'rejected') message = null }
    // The code page opened directly takes the address; the 4xx message of the request step goes
    // (a wait-and-retry notice still applies: the limit is per address and time).
    if (!busy && step === 'request' && e.type === 'code.open') { step = 'reset'; values.email = e.email; if (message === 'rejected') message = null }
    if (!busy && e.type === 'form.submit' && (step === 'request' ? v.is(PasswordResetRequestRequest, { email: values.email }) : v.is(PasswordResetRequest, resetOf(values)))) busy = true
    if (o.reply && !o.reply.ok) {
      busy = false
      const s = httpStatus(o.reply.error)
      message = s === 429 ? 'rateLimited' : isClient(s) ? 'rejected' : null
    }
    if (o.reply?.call === 'requestCode' && o.reply.ok) { busy = false; step = 'reset'; message = null }
  }
  const valid = step === 'request' ? v.is(PasswordResetRequestRequest, { email: values.email }) : v.is(PasswordResetRequest, resetOf(values))
  return { values, step, busy, message, valid }
}

export const rules: SpecRules = {
  invariant: (o) => leavingEnds(o, { within: ['goToCodeEntry'] }),
  afterStep({ event, after, trail }) {
    const out: string[] = []
    const was = page(trail.slice(0, -1))
    const now = page(trail)
    const r = after.reply
    if (event.type === 'form.submit') {
      const expected = !was.busy && now.busy
        ? [was.step === 'request' ? { call: 'requestCode', input: { email: was.values.email.trim() } } : { call: 'resetPassword', input: v.parse(PasswordResetRequest, resetOf(was.values)) }]
        : []
      out.push(...expectSent(after, expected, `submit sends the ${was.step} step's values, only when valid`))
    } else if (!r) out.push(...expectSent(after, [], event.type), ...expectGoes(after, [], event.type))
    if (r) {
      const s = httpStatus(r.error)
      if (r.ok && r.call === 'requestCode') out.push(...expectGoes(after, [{ action: 'goToCodeEntry', params: { email: was.values.email.trim() } }], 'the code is mailed: the code page with the address'))
      else if (r.ok) out.push(...expectGoes(after, [{ action: 'goToComplete', params: undefined }], 'the password is set'))
      else if (isClient(s)) out.push(...expectGoes(after, [], `a ${s} stays on the step`), ...expectSent(after, [], `a ${s}`))
      else out.push(...expectGoes(after, [{ action: 'goToError', params: { code: statusCode(after) } }], `a failed ${r.call} (error ${s})`))
    }
    if (!after.done) {
      if (JSON.stringify(after.context.values) !== JSON.stringify(now.values)) out.push(`the ${now.step} page must show ${JSON.stringify(now.values)}`)
      if (!now.busy && !!after.context.rejected !== (now.message === 'rejected')) out.push(`the 4xx message must ${now.message === 'rejected' ? '' : 'not '}show`)
      if (!now.busy && !!after.context.rateLimited !== (now.message === 'rateLimited')) out.push(`the wait-and-retry message must ${now.message === 'rateLimited' ? '' : 'not '}show`)
      const allowed = now.busy ? [] : now.step === 'request' ? ['field.change', 'code.open', ...(now.valid ? ['form.submit'] : [])] : ['field.change', 'field.blur', ...(now.valid ? ['form.submit'] : [])]
      out.push(...expectCan(after, allowed, ['field.change', 'field.blur', 'form.submit', 'code.open'], `on the ${now.step} page${now.busy ? ' (sending)' : ''}`))
    }
    return out
  },
}

export const spec: ChartSpec = {
  configs: [
    {
      machine: passwordResetMachine,
      events: {
        'field.change': [
          { field: 'email', value: ' taro@example.com ' },
          { field: 'email', value: '' },
          { field: 'authCode', value: '123456' },
          { field: 'newPassword', value: 'abc123' },
          { field: 'newPasswordConfirm', value: 'abc123' },
          // Boundary values (boundaries.ts) from the contract's caps, each with the rest of the form
          // valid: an address of EMAIL_MAX characters and one more; the code at AUTH_CODE_MAX and one
          // over; the new password one under, at and one over both ends of PASSWORD_MIN–PASSWORD_MAX,
          // confirmed with itself.
          ...boundary(...emailsAround(EMAIL_MAX).map((value) => ({ field: 'email', value }))),
          ...boundaryWith(
            () => [{ field: 'email', value: ' taro@example.com ' }, { field: 'newPassword', value: 'abc123' }, { field: 'newPasswordConfirm', value: 'abc123' }],
            ...textsAroundRange(1, AUTH_CODE_MAX, '1').map((value) => ({ field: 'authCode', value })),
          ),
          ...boundaryWith(
            ({ value }) => [{ field: 'email', value: ' taro@example.com ' }, { field: 'authCode', value: '123456' }, { field: 'newPasswordConfirm', value }],
            ...textsAroundRange(PASSWORD_MIN, PASSWORD_MAX).map((value) => ({ field: 'newPassword', value })),
          ),
        ],
        'field.blur': [{ field: 'authCode' }],
        'form.submit': [{}],
        'code.open': [{ email: 'hanako@example.com' }],
      },
      outcomes: {
        requestCode: { done: [undefined], error: [new ApiError(400, 'Member Not Found.'), new ApiError(429, 'RATE_LIMITED'), new ApiError(500, 'down')] },
        resetPassword: { done: [undefined], error: [new ApiError(400, 'AUTH_CODE_INVALID'), new ApiError(429, 'RATE_LIMITED'), new ApiError(500, 'down')] },
      },
      serialize: (s) => JSON.stringify([s.value, s.context.values, s.context.rejected, s.context.rateLimited]),
    },
  ],
  rules,
}
