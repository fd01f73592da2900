// Spec rules of the consultant profile chart (docs/product.md §2 staff rows of the schedule grid:
// nickname, age, gender, image; §10 operators keep the consultants' profiles; docs/server.md
// "Operator's desk" consultants and images; calls desk-consultants, desk-image-upload,
// desk-consultant-save): the profile is saved only on submit and only when the server would take
// it (a nickname of 1–NICKNAME_MAX characters, an age of 18–99, a gender), with the version it was
// read at. A picked image the server would refuse (over IMAGE_MAX_BYTES, not JPEG/PNG/WebP/GIF) is
// never sent; a new image goes up first and the profile then names the stored one; a refused upload
// leaves the profile as it was. A 409 (another operator saved first) offers the latest version.
// Adding a consultant (no staffId) starts on the empty form, active, loads nothing, saves without a
// version, and once saved goes to the new consultant's page (the chart ends there). The mail address
// is optional (empty: none of their own) and must be an address when given; the sort order a whole
// number 0–9999 or empty.
import type { AnyMachineSnapshot } from 'xstate'
import { IMAGE_MAX_BYTES } from '../../contract/desk/catalog'
import { NICKNAME_MAX } from '../../contract/desk/consultants'
import { deskMessages as dm } from '../../contract/desk-messages'
import { consultantProfileMachine } from '../../machines/consultant-profile/consultant-profile-machine'
import { ApiError } from '../../src/api/api-error'
import { around, boundary, textsAround } from './boundaries'
import type { ModelConfig } from './model'
import { expectCan, expectGoes, httpStatus, isClient, same, type ChartSpec, type Observation, type SpecRules } from './observe'

type Values = { nickname: string; age: string; gender: string; email: string; sortOrder: string; active: boolean }
type Image = { file: unknown; name: string; size: number; type: string; previewUrl: string }
type Loaded = { staffId: string; values: Values; imageUrl: string | null; version: number; accountEmail: string | null }
type Position = 'loading' | 'loadFailed' | 'form' | 'uploading' | 'saving' | 'conflict' | 'created'
const OPERATOR = ['field.change', 'image.choose', 'image.clear', 'form.submit', 'conflict.reload', 'load.retry']

/** The consultant's age as typed: full-width digits read. */
const typedAge = (text: string) => {
  const plain = text.normalize('NFKC').replace(/[,\s]/g, '')
  return /^\d+$/.test(plain) ? Number(plain) : NaN
}
// contract/desk/consultants.ts DeskConsultantSaveRequest: staffAge int(18, 99) (no named constant there).
const AGE_MIN = 18
const AGE_MAX = 99
// DeskConsultantSaveRequest sortOrder int(0, 9999).
const SORT_MAX = 9999
const isValid = (v: Values) => {
  const age = typedAge(v.age)
  const sort = v.sortOrder.trim() === '' ? 0 : typedAge(v.sortOrder)
  const email = v.email.trim()
  return (
    v.nickname.trim().length >= 1 && v.nickname.trim().length <= NICKNAME_MAX && Number.isInteger(age) && age >= AGE_MIN && age <= AGE_MAX && ['MALE', 'FEMALE'].includes(v.gender) &&
    Number.isInteger(sort) && sort >= 0 && sort <= SORT_MAX && (email === '' || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
  )
}
/** The server's image rule, checked before the upload: size and declared type. */
const imageRefusal = (image: Image) => (image.size > IMAGE_MAX_BYTES ? dm.imageTooLarge : ['image/jpeg', 'image/png', 'image/webp', 'image/gif'].includes(image.type) ? null : dm.imageTypeInvalid)

/** The page as the spec has it after the trail: where the operator is, the form, the image, the notes. */
function replay(trail: Observation[]) {
  let staffId = (trail[0].context as { staffId: string | null }).staffId
  const isNew = staffId === null
  let position: Position = isNew ? 'form' : 'loading'
  let values: Values = { nickname: '', age: '', gender: '', email: '', sortOrder: '', active: true }
  let imageUrl: string | null = null
  let version: number | null = null
  let picked: Image | null = null
  let problem: string | null = null
  let refusal: string | null = null
  let failure: string | null = null
  let submitted = false
  let saved = false
  const load = (l: Loaded) => {
    staffId = l.staffId
    values = l.values
    imageUrl = l.imageUrl
    version = l.version
    picked = null
    failure = null
  }
  for (const o of trail.slice(1)) {
    const e = o.event
    const r = o.reply
    if (r?.call === 'loadProfile') {
      if (r.ok) load(r.output as Loaded)
      else failure = (r.error as Error).message
      position = r.ok ? 'form' : 'loadFailed'
    } else if (r?.call === 'uploadImage') {
      if (r.ok) {
        imageUrl = (r.output as { imageUrl: string }).imageUrl
        picked = null
        position = 'saving'
      } else {
        // The server's refusal of the file is shown under the image; any other failure above the form.
        if (isClient(httpStatus(r.error))) refusal = (r.error as Error).message
        else failure = (r.error as Error).message
        position = 'form'
      }
    } else if (r?.call === 'saveProfile') {
      if (r.ok && isNew) {
        // The new consultant's own page takes over (goToConsultant): this chart is done.
        position = 'created'
        continue
      }
      if (r.ok) {
        load(r.output as Loaded)
        saved = true
      } else failure = (r.error as Error).message
      position = r.ok ? 'form' : httpStatus(r.error) === 409 ? 'conflict' : 'form'
    } else if (position === 'loadFailed' && e.type === 'load.retry') position = 'loading'
    else if (position === 'conflict' && e.type === 'conflict.reload') position = 'loading'
    else if (position === 'form') {
      if (e.type === 'field.change') {
        values = { ...values, [e.field]: e.field === 'active' ? e.value === 'true' : e.value }
        saved = false
      }
      if (e.type === 'image.choose') {
        problem = imageRefusal(e.image)
        picked = problem ? null : e.image
        refusal = null
        saved = false
      }
      if (e.type === 'image.clear') {
        picked = null
        problem = null
        refusal = null
      }
      if (e.type === 'form.submit') {
        submitted = true
        failure = null
        if (isValid(values)) position = picked ? 'uploading' : 'saving'
      }
    }
  }
  return { staffId, isNew, position, values, imageUrl, version, picked: picked as Image | null, problem, refusal, failure, submitted, saved }
}

const allowed: Record<Position, string[]> = {
  loading: [],
  loadFailed: ['load.retry'],
  form: ['field.change', 'image.choose', 'image.clear', 'form.submit'],
  uploading: [],
  saving: [],
  conflict: ['conflict.reload'],
  created: [],
}

export const rules: SpecRules = {
  afterStep({ event, before, after, trail }) {
    const out: string[] = []
    const was = before ? replay(trail.slice(0, -1)) : null
    const now = replay(trail)
    const r = after.reply
    const loads = (event.type === 'xstate.init' && !now.isNew) || (was?.position === 'loadFailed' && event.type === 'load.retry') || (was?.position === 'conflict' && event.type === 'conflict.reload')
    const uploads = was?.position === 'form' && event.type === 'form.submit' && now.position === 'uploading'
    const saves = now.position === 'saving' && was?.position !== 'saving'
    const want = [
      ...(loads ? [{ call: 'loadProfile', input: { staffId: now.staffId } }] : []),
      ...(uploads ? [{ call: 'uploadImage', input: { staffId: now.staffId, image: was!.picked } }] : []),
      ...(saves ? [{ call: 'saveProfile', input: { staffId: now.staffId, values: now.values, imageUrl: now.imageUrl, version: now.version } }] : []),
    ]
    if (!same(after.sent, want)) out.push(`${event.type}${r ? ` (${r.call} ${r.ok ? 'ok' : 'failed'})` : ''}: expected calls ${JSON.stringify(want)}, sent ${JSON.stringify(after.sent)}`)
    if (now.position === 'created') {
      if (!after.done) out.push('a consultant added: the page must go to their own page (the chart ends)')
      // Their own page, by the staff id the server gave them (a mutant that only ended the chart kept the operator on a blank form).
      if (r?.call === 'saveProfile') out.push(...expectGoes(after, [{ action: 'goToConsultant', params: { staffId: (r.output as { staffId: string }).staffId } }], 'a consultant added'))
      return out
    }
    if (after.done) out.push('the profile page never ends on its own')
    else out.push(...expectCan(after, allowed[now.position], OPERATOR, `at ${now.position}`))
    // What the page shows: the field messages after a submit, the image's problem or the server's
    // refusal of it, the server's message of a failed call (none after a new submit), 保存しました.
    const c = after.context
    if (c.submitted !== now.submitted) out.push(now.submitted ? 'submitted: the field messages must show' : 'field messages before the first submit')
    if (c.imageProblem !== now.problem) out.push(`the image message is ${JSON.stringify(c.imageProblem)}, expected ${JSON.stringify(now.problem)}`)
    if (c.imageRefusal !== now.refusal) out.push(`the upload refusal shown is ${JSON.stringify(c.imageRefusal)}, expected ${JSON.stringify(now.refusal)}`)
    if (c.failure !== now.failure) out.push(`the message shown is ${JSON.stringify(c.failure)}, expected ${JSON.stringify(now.failure)}`)
    if (c.saved !== now.saved) out.push(now.saved ? 'saved: the page must say so' : 'says saved, but the form changed since (or nothing was saved)')
    if (!same(c.picked, now.picked)) out.push(`the preview shows ${JSON.stringify(c.picked)}, expected ${JSON.stringify(now.picked)}`)
    return out
  },
}

const values: Values = { nickname: 'たなか', age: '34', gender: 'MALE', email: '', sortOrder: '3', active: true }
const small: Image = { file: 'bytes', name: 'face.png', size: 200_000, type: 'image/png', previewUrl: 'blob:1' }
const events: ModelConfig['events'] = {
  'field.change': [
    { field: 'nickname', value: '' },
    { field: 'nickname', value: 'たなか' },
    { field: 'age', value: '３４' },
  ],
  'image.choose': [{ image: small }, { image: { ...small, size: 5_000_000 } }, { image: { ...small, name: 'face.pdf', type: 'application/pdf' } }],
  'image.clear': [{}],
  'form.submit': [{}],
  'conflict.reload': [{}],
  'load.retry': [{}],
}
const stored = '/api/images/7'
const outcomes: ModelConfig['outcomes'] = {
  loadProfile: { done: [{ staffId: 'STAFF-01', values, imageUrl: null, version: 1, accountEmail: 'sakura@example.com' }], error: [new ApiError(500, 'down')] },
  uploadImage: { done: [{ imageUrl: stored }], error: [new ApiError(400, dm.imageTypeInvalid), new ApiError(500, 'down')] },
  saveProfile: { done: [{ staffId: 'STAFF-01', values, imageUrl: stored, version: 2, accountEmail: 'sakura@example.com' }], error: [new ApiError(409, dm.changedByOther), new ApiError(500, 'down')] },
}
const serialize = (s: AnyMachineSnapshot) => {
  const c = s.context
  return JSON.stringify([s.value, c.values, c.picked?.size ?? null, c.picked?.type ?? null, c.imageProblem, c.imageRefusal, c.failure !== null, c.saved, c.version, c.submitted])
}

// Boundary values (DeskConsultantSaveRequest, the image rule): a nickname of NICKNAME_MAX
// characters and one over, the ages either side of 18 and 99, an image of exactly IMAGE_MAX_BYTES
// and one byte over.
const boundaryEvents: ModelConfig['events'] = {
  ...Object.fromEntries(Object.keys(events).map((type) => [type, [{}]])),
  'field.change': boundary<Record<string, unknown>>(
    ...textsAround(NICKNAME_MAX).map((value) => ({ field: 'nickname', value })),
    ...[...around(AGE_MIN), ...around(AGE_MAX)].map((age) => ({ field: 'age', value: String(age) })),
    ...around(SORT_MAX).map((n) => ({ field: 'sortOrder', value: String(n) })),
  ),
  'image.choose': boundary(...around(IMAGE_MAX_BYTES).map((size) => ({ image: { ...small, size } }))),
}
const boundarySerialize = (s: AnyMachineSnapshot) =>
  JSON.stringify([s.value, s.context.values.nickname.length, s.context.values.age, s.context.values.sortOrder, s.context.picked?.size ?? null, s.context.imageProblem !== null, s.context.submitted])

// Adding one: the empty form (active), the required fields and the optional address, the switch.
const newEvents: ModelConfig['events'] = {
  'field.change': [
    { field: 'nickname', value: 'はるか' },
    { field: 'age', value: '27' },
    { field: 'gender', value: 'FEMALE' },
    { field: 'email', value: 'haruka@' },
    { field: 'email', value: 'haruka@staff.example.com' },
    { field: 'active', value: 'false' },
  ],
  'image.choose': [{ image: small }],
  'image.clear': [{}],
  'form.submit': [{}],
  'conflict.reload': [{}],
  'load.retry': [{}],
}
const created = { staffId: 'STAFF-0A1B2C', values: { ...values, nickname: 'はるか' }, imageUrl: null, version: 1, accountEmail: null }

export const spec: ChartSpec = {
  configs: [
    { machine: consultantProfileMachine, input: { staffId: 'STAFF-01' }, events, outcomes, serialize, limit: 20000 },
    {
      machine: consultantProfileMachine,
      input: { staffId: 'STAFF-02' },
      events: boundaryEvents,
      outcomes: {
        loadProfile: { done: [{ staffId: 'STAFF-02', values, imageUrl: null, version: 5, accountEmail: null }] },
        uploadImage: { done: [{ imageUrl: stored }] },
        saveProfile: { done: [{ staffId: 'STAFF-02', values, imageUrl: stored, version: 6, accountEmail: null }] },
      },
      serialize: boundarySerialize,
      limit: 20000,
    },
    {
      machine: consultantProfileMachine,
      input: { staffId: null },
      events: newEvents,
      outcomes: { uploadImage: { done: [{ imageUrl: stored }], error: [new ApiError(400, dm.imageTypeInvalid)] }, saveProfile: { done: [created], error: [new ApiError(500, 'down')] } },
      serialize: (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.values, s.context.picked !== null, s.context.failure !== null, s.context.submitted]),
      limit: 60000,
    },
  ],
  rules,
}
