// Spec rules of the account info chart (product.md §2 /settings, §5 names and phone, §7 user-update,
// §8 profile update): the form shows the member's data; saving sends exactly the entered names
// and phone; success shows お客様情報を変更いたしました, a 4xx stays with the names' message,
// other failures go to /error?code={status}.
import * as v from 'valibot'
import { profileMachine } from '../../machines/profile/profile-machine'
import { ApiError } from '../../src/api/api-error'
import { UserUpdateRequest } from '../../contract/calls'
import { NAME_MAX, PHONE_MAX } from '../../contract/fields'
import { boundary, textsAround, textsAroundRange } from './boundaries'
import { expectCan, expectGoes, expectSent, isClient, httpStatus, leavingEnds, statusCode, type ChartSpec, type Observation, type SpecRules } from './observe'

const member = { memberId: 'M1', email: 'taro@example.com', memberLastname: '山田', memberFirstname: '太郎', phoneNumber: '0312345678', useFreeInterviewTime: null }
const saved = { ...member, memberLastname: '佐藤' }
type Values = { memberLastname: string; memberFirstname: string; phoneNumber: string }
const fields = (m: typeof member): Values => ({ memberLastname: m.memberLastname, memberFirstname: m.memberFirstname, phoneNumber: m.phoneNumber })

/** The form by the spec: loading, editing (values), saving; from the trail's events. */
function form(trail: Observation[]) {
  let values: Values | null = null
  let phase: 'loading' | 'editing' | 'saving' = 'loading'
  let message: 'saved' | 'rejected' | null = null
  for (const o of trail) {
    const e = o.event
    if (o.reply?.call === 'loadMember' && o.reply.ok) { values = fields(o.reply.output as typeof member); phase = 'editing' }
    else if (phase === 'editing' && e.type === 'field.change' && values) { values = { ...(values as Values), [e.field]: e.value }; message = null }
    else if (phase === 'editing' && e.type === 'form.submit' && values && v.is(UserUpdateRequest, values)) phase = 'saving'
    else if (o.reply?.call === 'saveProfile') {
      phase = 'editing'
      if (o.reply.ok) { values = fields(o.reply.output as typeof member); message = 'saved' }
      else message = 'rejected'
    }
  }
  return { values, phase, message }
}

export const rules: SpecRules = {
  invariant: (o) => leavingEnds(o),
  afterStep({ event, after, trail }) {
    const out: string[] = []
    const was = form(trail.slice(0, -1))
    const now = form(trail)
    const r = after.reply
    if (event.type === 'xstate.init') out.push(...expectSent(after, [{ call: 'loadMember', input: undefined }], 'the member data is loaded'))
    else if (event.type === 'form.submit') {
      if (now.phase === 'saving') out.push(...expectSent(after, [{ call: 'saveProfile', input: v.parse(UserUpdateRequest, was.values) }], 'saving sends what was entered'))
      else out.push(...expectSent(after, [], 'an invalid form or a save in flight sends nothing'))
    } else if (event.type === 'field.change') out.push(...expectSent(after, [], 'typing'), ...expectGoes(after, [], 'typing'))
    else if (r && !r.ok) {
      const status = httpStatus(r.error)
      if (r.call === 'saveProfile' && isClient(status)) out.push(...expectGoes(after, [], 'a rejected update stays on the form'))
      else out.push(...expectGoes(after, [{ action: 'goToError', params: { code: statusCode(after) } }], `a failed ${r.call} (error ${status})`))
    } else if (r?.ok) out.push(...expectSent(after, [], `after ${r.call}`), ...expectGoes(after, [], `after ${r.call}`))
    if (!after.done) {
      if (now.phase === 'editing' && JSON.stringify(after.context.values) !== JSON.stringify(now.values)) out.push(`the form must show ${JSON.stringify(now.values)}, shows ${JSON.stringify(after.context.values)}`)
      if (!!after.context.saved !== (now.message === 'saved')) out.push(`the saved message must ${now.message === 'saved' ? '' : 'not '}show`)
      if (!!after.context.rejected !== (now.message === 'rejected')) out.push(`the rejected message must ${now.message === 'rejected' ? '' : 'not '}show`)
      const valid = now.values !== null && v.is(UserUpdateRequest, now.values)
      out.push(...expectCan(after, now.phase === 'editing' ? ['field.change', ...(valid ? ['form.submit'] : [])] : [], ['field.change', 'form.submit'], `while ${now.phase}`))
    }
    return out
  },
}

export const spec: ChartSpec = {
  configs: [
    {
      machine: profileMachine,
      events: {
        'field.change': [
          { field: 'memberLastname', value: '' },
          { field: 'memberLastname', value: '鈴木' },
          { field: 'phoneNumber', value: '09012345678' },
          // Boundary values (boundaries.ts): each name at NAME_MAX, as many once trimmed, and one
          // over; the phone number one under, at and one over both ends of its 10–11 digits
          // (PHONE_MAX). The loaded member is valid, so each value is one change from a save.
          ...boundary(
            ...(['memberLastname', 'memberFirstname'] as const).flatMap((field) => [...textsAround(NAME_MAX), ` ${'あ'.repeat(NAME_MAX)} `].map((value) => ({ field, value }))),
            ...textsAroundRange(PHONE_MAX - 1, PHONE_MAX, '0').map((value) => ({ field: 'phoneNumber', value })),
          ),
        ],
        'form.submit': [{}],
      },
      outcomes: {
        loadMember: { done: [member], error: [new ApiError(500, 'down')] },
        saveProfile: { done: [saved], error: [new ApiError(400, 'names'), new ApiError(500, 'down')] },
      },
      serialize: (s) => JSON.stringify([s.value, s.context.values, s.context.saved, s.context.rejected]),
    },
  ],
  rules,
}
