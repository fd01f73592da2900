// Spec rules of the e-mail change chart (product.md §2 /settings/email-change-*, §5 e-mail, §7
// email-change-request, §8 4xx message and the emailchange error): the request
// carries the trimmed address; 200 → the request-complete page; 429 asks to wait; 4xx stays with
// its message; others → /error?code={status}. The mailed link confirms with its token, ends the old
// session and stays on the complete page; a link opened before stays without signing out; a bad
// link → /error?code=emailchange.
import * as v from 'valibot'
import { emailChangeMachine } from '../../machines/email-change/email-change-machine'
import { ApiError } from '../../src/api/api-error'
import { EmailChangeRequest } from '../../contract/calls'
import { expectCan, expectGoes, expectSent, httpStatus, isClient, leavingEnds, statusCode, type ChartSpec, type Observation, type SpecRules } from './observe'

function form(trail: Observation[]) {
  let email = ''
  let phase: 'editing' | 'requesting' | 'confirming' | 'signingOut' | 'ended' = 'editing'
  let message: 'rejected' | 'rateLimited' | null = null
  let submitted: string | null = null
  for (const o of trail) {
    const e = o.event
    if (phase === 'editing' && e.type === 'field.change') { email = e.value; if (message === 'rejected') message = null }
    else if (phase === 'editing' && e.type === 'form.submit' && v.is(EmailChangeRequest, { email })) { phase = 'requesting'; submitted = email.trim(); message = null }
    else if (phase === 'editing' && e.type === 'link.open') phase = 'confirming'
    else if (o.reply?.call === 'requestChange' && !o.reply.ok) {
      const s = httpStatus(o.reply.error)
      phase = 'editing'
      message = s === 429 ? 'rateLimited' : isClient(s) ? 'rejected' : null
    } else if (o.reply?.call === 'completeChange' && o.reply.ok) phase = (o.reply.output as { alreadyCompleted?: boolean }).alreadyCompleted ? 'ended' : 'signingOut'
  }
  return { email, phase, message, submitted, valid: v.is(EmailChangeRequest, { email }) }
}

export const rules: SpecRules = {
  invariant: (o) => leavingEnds(o, { staysAtEnd: true }),
  afterStep({ event, after, trail }) {
    const out: string[] = []
    const was = form(trail.slice(0, -1))
    const now = form(trail)
    const r = after.reply
    if (event.type === 'form.submit') out.push(...expectSent(after, was.phase === 'editing' && now.phase === 'requesting' ? [{ call: 'requestChange', input: { email: now.submitted } }] : [], 'submit sends the trimmed address, only when valid'))
    else if (event.type === 'link.open') out.push(...expectSent(after, was.phase === 'editing' ? [{ call: 'completeChange', input: { token: event.token } }] : [], 'the link confirms with its token'))
    else if (!r) out.push(...expectSent(after, [], event.type), ...expectGoes(after, [], event.type))
    if (r?.call === 'requestChange') {
      const s = httpStatus(r.error)
      if (r.ok) out.push(...expectGoes(after, [{ action: 'goToRequestComplete', params: undefined }], 'the link is mailed'))
      else if (isClient(s)) out.push(...expectGoes(after, [], `a ${s} stays on the form`), ...expectSent(after, [], `a ${s}`))
      else out.push(...expectGoes(after, [{ action: 'goToError', params: { code: statusCode(after) } }], `a failed request (error ${s})`))
    }
    if (r?.call === 'completeChange') {
      const again = r.ok && (r.output as { alreadyCompleted?: boolean }).alreadyCompleted
      if (!r.ok) out.push(...expectGoes(after, [{ action: 'goToError', params: { code: 'emailchange' } }], 'a bad or expired link'))
      else if (again) {
        out.push(...expectSent(after, [], 'a link opened before does not sign out'), ...expectGoes(after, [], 'a link opened before stays'))
        if (!after.done) out.push('a link opened before ends on the complete page')
      } else out.push(...expectSent(after, [{ call: 'signOut', input: undefined }], 'the change ends the old session'), ...expectGoes(after, [], 'while signing out'))
      if (r.ok && after.context.newEmail !== (r.output as { email: string }).email) out.push('the complete page shows the new address')
      if (after.tags.includes('page:alreadyChanged') !== !!again) out.push(`the page must ${again ? '' : 'not '}say the link was used before`)
      if (after.tags.includes('page:changed')) out.push('the address is changed only once the old session has ended')
    }
    if (r?.call === 'signOut') {
      out.push(...expectGoes(after, [], 'the complete page stays: log in again'))
      if (!after.done) out.push('signed out: the change is complete')
      if (!after.tags.includes('page:changed') || after.tags.includes('page:alreadyChanged')) out.push('signed out: the page says the new address is in use (log in again)')
    }
    if (!after.done) {
      // The messages are read on the form (while a request is in flight the form is disabled).
      if (now.phase === 'editing' && !!after.context.rejected !== (now.message === 'rejected')) out.push(`the 4xx message must ${now.message === 'rejected' ? '' : 'not '}show`)
      if (now.phase === 'editing' && !!after.context.rateLimited !== (now.message === 'rateLimited')) out.push(`the wait-and-retry message must ${now.message === 'rateLimited' ? '' : 'not '}show`)
      out.push(...expectCan(after, now.phase === 'editing' ? ['field.change', 'link.open', ...(now.valid ? ['form.submit'] : [])] : [], ['field.change', 'form.submit', 'link.open'], `while ${now.phase}`))
    }
    return out
  },
}

export const spec: ChartSpec = {
  configs: [
    {
      machine: emailChangeMachine,
      events: {
        'field.change': [{ value: ' new@example.com ' }, { value: 'new@example' }],
        'form.submit': [{}],
        'link.open': [{ token: 'token-1' }],
      },
      outcomes: {
        requestChange: { done: [undefined], error: [new ApiError(400, 'EMAIL_ALREADY_USED'), new ApiError(429, 'RATE_LIMITED'), new ApiError(500, 'down')] },
        completeChange: { done: [{ email: 'new@example.com' }, { email: 'new@example.com', alreadyCompleted: true }], error: [new ApiError(400, 'EMAIL_CHANGE_LINK_INVALID')] },
        signOut: { done: [undefined], error: [new Error('offline')] },
      },
      serialize: (s) => JSON.stringify([s.value, s.context.email, s.context.rejected, s.context.rateLimited]),
    },
  ],
  rules,
}
