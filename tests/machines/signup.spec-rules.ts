// Spec rules of the signup chart (product.md §2 signup page, §4 Signup, §5 fields, §7 signup-request,
// §8 signup errors): the request carries exactly the entered names, phone,
// address (local@domain), password, survey answers (none on the landing page) and source; 200 →
// /registeration-temp; 429 asks to wait; a 4xx stays with "address in use"; others → error 400.
// The mailed link completes the registration → /login?signup=success; a link opened before stays;
// a bad link → error signup. Copying hands the password entered to the clipboard child
// (its own rules: tests/machines/clipboard.spec-rules.ts); copy is offered once there is one.
import * as v from 'valibot'
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, PHONE_MAX } from '../../contract/fields'
import { boundaryWith, textsAround, textsAroundRange } from './boundaries'
import { SignupForm, signupMachine, signupEmail, type SignupContext } from '../../machines/signup/signup-machine'
import { formErrors } from '../../machines/shared/form-errors'
import { ApiError } from '../../src/api/api-error'
import { actions, expectGoes, expectSent, httpStatus, isClient, type ChartSpec, type ModelConfigs, type Observation, type SpecRules } from './observe'

type Values = Record<'memberLastname' | 'memberFirstname' | 'phoneNumber' | 'emailLocal' | 'emailDomain' | 'password', string>
const formOf = (x: Values) => ({ memberLastname: x.memberLastname, memberFirstname: x.memberFirstname, phoneNumber: x.phoneNumber, email: signupEmail(x), password: x.password })

function page(trail: Observation[]) {
  const values: Values = { memberLastname: '', memberFirstname: '', phoneNumber: '', emailLocal: '', emailDomain: '', password: '' }
  let answers: string[] = []
  let phase: 'editing' | 'submitting' | 'confirming' | 'ended' = 'editing'
  let message: 'emailInUse' | 'rateLimited' | null = null
  let visible = false
  const touched = new Set<string>()
  let submitted: Values | null = null
  for (const o of trail) {
    const e = o.event
    if (o.did.some((d) => d.action.startsWith('goTo'))) phase = 'ended'
    if (phase === 'editing') {
      if (e.type === 'field.change' || e.type === 'field.blur') touched.add(String(e.field).startsWith('email') ? 'email' : e.field)
      if (e.type === 'password.generate') touched.add('password')
      if (e.type === 'field.change') { values[e.field as keyof Values] = e.value; if (e.field.startsWith('email') && message === 'emailInUse') message = null }
      if (e.type === 'password.generate') { values.password = e.password; visible = true }
      if (e.type === 'password.toggleVisibility') visible = !visible
      if (e.type === 'survey.toggle') answers = answers.includes(e.answer) ? answers.filter((a) => a !== e.answer) : [...answers, e.answer]
      if (e.type === 'form.submit' && v.is(SignupForm, formOf(values))) { phase = 'submitting'; submitted = { ...values } }
      if (e.type === 'link.open') phase = 'confirming'
    }
    if (o.reply?.call === 'submitSignup' && !o.reply.ok) {
      const s = httpStatus(o.reply.error)
      if (isClient(s)) { phase = 'editing'; message = s === 429 ? 'rateLimited' : 'emailInUse' }
    }
    if (o.reply?.call === 'completeSignup' && o.reply.ok) phase = 'ended'
  }
  // §5: a field's message shows once the member has touched it (typed or left it).
  const all = formErrors<string>(SignupForm, formOf(values)) as Record<string, string>
  const errors = Object.fromEntries(Object.entries(all).filter(([k]) => touched.has(k)))
  return { values, answers, phase, message, visible, errors, submitted, valid: v.is(SignupForm, formOf(values)) }
}

const sorted = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)))
const FORM_EVENTS = ['field.change', 'field.blur', 'survey.toggle', 'password.toggleVisibility', 'password.generate', 'form.submit', 'link.open']

export const rules: SpecRules = {
  invariant(o) {
    const goes = actions(o, 'goTo')
    const out: string[] = []
    if (goes.length > 1) out.push(`goes to ${goes.length} places at once`)
    if (goes.length && o.sent.length) out.push('calls started while leaving')
    // Once the member leaves, the form takes nothing more.
    if (goes.length && FORM_EVENTS.some((t) => o.can.includes(t))) out.push(`${goes[0].action} ran but the form still takes ${o.can}`)
    return out
  },
  afterStep({ event, after, trail }) {
    const out: string[] = []
    const was = page(trail.slice(0, -1))
    const now = page(trail)
    const input = trail[0].context as SignupContext
    const r = after.reply
    if (event.type === 'form.submit') {
      const expected = was.phase === 'editing' && now.phase === 'submitting' && now.submitted
        ? [{ call: 'submitSignup', input: { ...formOf(now.submitted), registrationAnswers: input.landingPage ? [] : now.answers, source: input.landingPage ? 'SIGNUP_FORM_LP' : 'SIGNUP_FORM', lpSource: input.lpSource, chatbotSourceUrl: input.chatbotSourceUrl } }]
        : []
      out.push(...expectSent(after, expected, 'submit sends what was entered, only when every field is valid'))
    } else if (event.type === 'link.open') out.push(...expectSent(after, was.phase === 'editing' ? [{ call: 'completeSignup', input: { token: event.token } }] : [], 'the link completes with its token'))
    else if (event.type === 'xstate.init') out.push(...expectSent(after, [{ call: 'clipboard', input: undefined }], 'the clipboard child starts with the page'))
    else if (!r) out.push(...expectSent(after, [], event.type), ...expectGoes(after, [], event.type))
    if (r?.call === 'submitSignup') {
      const s = httpStatus(r.error)
      if (r.ok) out.push(...expectGoes(after, [{ action: 'goToRegistrationTemp', params: undefined }], 'the mail is sent'))
      else if (isClient(s)) out.push(...expectGoes(after, [], `a ${s} stays on the form`))
      else out.push(...expectGoes(after, [{ action: 'goToError', params: { code: '400' } }], 'any other failure is error 400'))
    }
    if (r?.call === 'completeSignup') {
      const again = r.ok && (r.output as { alreadyCompleted?: boolean }).alreadyCompleted
      if (!r.ok) out.push(...expectGoes(after, [{ action: 'goToError', params: { code: 'signup' } }], 'a bad or expired link'))
      else if (again) out.push(...expectGoes(after, [], 'a link opened before stays on the page'))
      else out.push(...expectGoes(after, [{ action: 'goToLoginThanks', params: undefined }], 'registered: /login?signup=success'))
      if (after.tags.includes('page:alreadyRegistered') !== !!again) out.push(`the page must ${again ? '' : 'not '}say the registration already stands`)
    }
    if (now.phase === 'editing') {
      if (after.context.emailInUse !== (now.message === 'emailInUse')) out.push(`the address-in-use message must ${now.message === 'emailInUse' ? '' : 'not '}show`)
      if (after.context.rateLimited !== (now.message === 'rateLimited')) out.push(`the wait-and-retry message must ${now.message === 'rateLimited' ? '' : 'not '}show`)
      if (JSON.stringify(after.context.values) !== JSON.stringify(now.values)) out.push(`the form must show ${JSON.stringify(now.values)}`)
      if (JSON.stringify(sorted(after.context.errors)) !== JSON.stringify(sorted(now.errors))) out.push(`the form must show the messages ${JSON.stringify(now.errors)}, shows ${JSON.stringify(after.context.errors)}`)
      if (after.can.includes('form.submit') !== now.valid) out.push(`submit must be ${now.valid ? 'enabled' : 'blocked while a field error shows'}`)
      if (!after.can.includes('field.change')) out.push('the form must take field.change')
    } else if (FORM_EVENTS.some((t) => after.can.includes(t))) out.push(`while ${now.phase} the form takes nothing, can ${after.can}`)
    // A new attempt clears the wait-and-retry notice of the last one.
    if (now.phase === 'submitting' && after.context.rateLimited) out.push('the wait-and-retry notice goes when the member sends again')
    // The password shows after "show" is toggled and once generated (the member notes it).
    if (now.phase === 'editing' && after.context.passwordVisible !== now.visible) out.push(`the password must be ${now.visible ? 'shown' : 'hidden'}`)
    if (now.phase !== 'ended' && after.can.includes('password.copy') !== (now.values.password !== '')) out.push(`copy must be ${now.values.password ? 'offered' : 'disabled without a password'}`)
    return out
  },
}

function validFields(c: SignupContext): number {
  return 5 - Object.keys(formErrors(SignupForm, formOf(c.values))).length
}
const events: ModelConfigs[number]['events'] = {
  'field.change': [
    { field: 'memberLastname', value: '山田' },
    { field: 'memberLastname', value: '' },
    { field: 'memberFirstname', value: '太郎' },
    { field: 'phoneNumber', value: '09012345678' },
    { field: 'emailLocal', value: 'taro' },
    { field: 'emailDomain', value: 'example.com' },
    { field: 'password', value: '123456' },
  ],
  'field.blur': [{ field: 'memberFirstname' }],
  'survey.toggle': [{ answer: 'SNS' }],
  'password.toggleVisibility': [{}],
  'password.generate': [{ password: 'Ab3$efgh' }],
  'password.copy': [{}],
  'form.submit': [{}],
  'link.open': [{ token: 'token-1' }],
}
// Boundary values of every field (boundaries.ts), each with the other fields valid so it is one
// submit from the request: each name at NAME_MAX, as many once trimmed, and one over; the phone one
// under, at and one over both ends of its 10–11 digits; the address's local part so the whole
// address is EMAIL_MAX characters and one more; the password around PASSWORD_MIN and PASSWORD_MAX.
const valid: Record<string, string> = { memberLastname: '山田', memberFirstname: '太郎', phoneNumber: '09012345678', emailLocal: 'taro', emailDomain: 'example.com', password: '123456' }
const others = ({ field }: { field: string }) => Object.entries(valid).filter(([f]) => f !== field).map(([f, value]) => ({ field: f, value }))
const domain = valid.emailDomain
const boundaryEvents: ModelConfigs[number]['events'] = {
  ...events,
  'field.change': [
    ...events['field.change'],
    ...boundaryWith(
      others,
      ...(['memberLastname', 'memberFirstname'] as const).flatMap((field) => [...textsAround(NAME_MAX), ` ${'あ'.repeat(NAME_MAX)} `].map((value) => ({ field, value }))),
      ...textsAroundRange(PHONE_MAX - 1, PHONE_MAX, '0').map((value) => ({ field: 'phoneNumber', value })),
      ...[EMAIL_MAX - 1, EMAIL_MAX, EMAIL_MAX + 1].map((n) => ({ field: 'emailLocal', value: 'a'.repeat(n - domain.length - 1) })),
      ...textsAroundRange(PASSWORD_MIN, PASSWORD_MAX).map((value) => ({ field: 'password', value })),
    ),
  ],
}
const outcomes: ModelConfigs[number]['outcomes'] = {
  submitSignup: { done: [undefined], error: [new ApiError(400, 'EMAIL_ALREADY_USED'), new ApiError(429, 'RATE_LIMITED'), new ApiError(500, 'down')] },
  completeSignup: { done: [{ alreadyCompleted: false }, { alreadyCompleted: true }], error: [new ApiError(400, 'SIGNUP_LINK_INVALID')] },
}
// A state's identity: the form's state, how much of the form is valid.
const serialize = (s: { value: { form: string }; context: SignupContext }) =>
  JSON.stringify([s.value.form, validFields(s.context), s.context.values.password !== '', s.context.values.emailLocal !== '', s.context.values.emailDomain !== '', s.context.registrationAnswers.length > 0])

export const spec: ChartSpec = {
  configs: [
    { machine: signupMachine, input: {}, events: boundaryEvents, outcomes, serialize: serialize as never, limit: 100000 },
    // The landing-page variant differs in what is sent (no survey answers, its source and lpSource).
    { machine: signupMachine, input: { landingPage: true, lpSource: 'ad-1', chatbotSourceUrl: null }, events, outcomes, serialize: serialize as never, limit: 100000 },
  ],
  rules,
}
