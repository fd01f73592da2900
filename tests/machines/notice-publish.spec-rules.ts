// Spec rules of the notice publish chart (docs/product.md §2 home: お知らせ and キャンペーン, §10
// operators publish notices and campaigns; docs/server.md "Operator's desk" notices; calls
// desk-notice-save, desk-notice-withdraw): an operator writes a notice (its kind, a text of at most
// CONTENT_MAX characters, an optional window whose end is after its start) and publishes it only
// from the confirmation, with exactly what was written and the version it was read at; an existing
// notice that is not withdrawn may be withdrawn, again only from its confirmation. Done, the
// operator is back on the list; a refusal keeps the form with the server's message.
import type { AnyMachineSnapshot } from 'xstate'
import { CONTENT_MAX, NOTICE_TITLE_MAX } from '../../contract/desk/notices'
import { deskMessages as dm } from '../../contract/desk-messages'
import { noticePublishMachine } from '../../machines/notice-publish/notice-publish-machine'
import { ApiError } from '../../src/api/api-error'
import { boundary, textsAround } from './boundaries'
import type { ModelConfig } from './model'
import { destinations, expectCan, same, type ChartSpec, type Observation, type SpecRules } from './observe'

type Values = { kind: string; title?: string; content: string; publishFrom: string; publishUntil: string }
type Position = 'loading' | 'loadFailed' | 'form' | 'confirmPublish' | 'publishing' | 'confirmWithdraw' | 'withdrawing' | 'ended'
const OPERATOR = ['field.change', 'form.submit', 'notice.withdraw', 'modal.confirm', 'modal.cancel', 'load.retry']
const EMPTY: Values = { kind: 'INFORMATION', title: '', content: '', publishFrom: '', publishUntil: '' }

const isWhen = (text: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text)
/** What the server accepts (contract/desk/notices.ts DeskNoticeSaveRequest): an empty start is now, an empty end is never. */
const isValid = (v: Values) =>
  ['INFORMATION', 'CAMPAIGN'].includes(v.kind) &&
  // Reference paths recorded before notices had titles load values without one: an empty title.
  (v.title ?? '').trim().length <= NOTICE_TITLE_MAX &&
  !/[\r\n]/.test(v.title ?? '') &&
  v.content.trim().length >= 1 &&
  v.content.trim().length <= CONTENT_MAX &&
  (v.publishFrom === '' || isWhen(v.publishFrom)) &&
  (v.publishUntil === '' || isWhen(v.publishUntil)) &&
  (v.publishFrom === '' || v.publishUntil === '' || v.publishUntil > v.publishFrom)

/** Where the operator is, what the form holds and what it says, by the spec, from the trail. */
function replay(trail: Observation[]) {
  const noticeId = (trail[0].context as { noticeId: number | null }).noticeId
  let position: Position = noticeId === null ? 'form' : 'loading'
  let values = EMPTY
  let version: number | null = null
  let status: string | null = null
  let failure: string | null = null
  let submitted = false
  for (const o of trail.slice(1)) {
    const e = o.event
    const r = o.reply
    if (r) {
      if (r.ok && r.call === 'loadNotice') {
        const loaded = r.output as { values: Values; status: string; version: number }
        values = loaded.values
        status = loaded.status
        version = loaded.version
      }
      if (!r.ok) failure = (r.error as Error).message
      position = r.ok ? (r.call === 'loadNotice' ? 'form' : 'ended') : r.call === 'loadNotice' ? 'loadFailed' : 'form'
    } else if (position === 'loadFailed' && e.type === 'load.retry') {
      position = 'loading'
      failure = null
    } else if (position === 'form' && status !== 'WITHDRAWN') {
      if (e.type === 'field.change') values = { ...values, [e.field]: e.value }
      if (e.type === 'form.submit') {
        submitted = true
        failure = null
        if (isValid(values)) position = 'confirmPublish'
      }
      if (e.type === 'notice.withdraw' && noticeId !== null && status !== 'WITHDRAWN') {
        position = 'confirmWithdraw'
        failure = null
      }
    } else if (position === 'confirmPublish' || position === 'confirmWithdraw') {
      if (e.type === 'modal.cancel') position = 'form'
      if (e.type === 'modal.confirm') position = position === 'confirmPublish' ? 'publishing' : 'withdrawing'
    }
  }
  return { noticeId, position, values, version, status, failure, submitted }
}

const allowedAt = (now: ReturnType<typeof replay>): string[] => {
  if (now.position === 'loadFailed') return ['load.retry']
  // A withdrawn notice is kept as it was: no edit, no submit, no second withdrawal.
  if (now.position === 'form') return now.status === 'WITHDRAWN' ? [] : ['field.change', 'form.submit', ...(now.noticeId !== null ? ['notice.withdraw'] : [])]
  if (now.position === 'confirmPublish' || now.position === 'confirmWithdraw') return ['modal.confirm', 'modal.cancel']
  return []
}

export const rules: SpecRules = {
  afterStep({ event, before, after, trail }) {
    const out: string[] = []
    const was = before ? replay(trail.slice(0, -1)) : null
    const now = replay(trail)
    const r = after.reply
    const loads = (event.type === 'xstate.init' && now.noticeId !== null) || (was?.position === 'loadFailed' && event.type === 'load.retry')
    const publishes = was?.position === 'confirmPublish' && event.type === 'modal.confirm'
    const withdraws = was?.position === 'confirmWithdraw' && event.type === 'modal.confirm'
    const want = [
      ...(loads ? [{ call: 'loadNotice', input: { noticeId: now.noticeId } }] : []),
      ...(publishes ? [{ call: 'saveNotice', input: { noticeId: now.noticeId, version: now.version, values: now.values } }] : []),
      ...(withdraws ? [{ call: 'withdrawNotice', input: { noticeId: now.noticeId, version: now.version } }] : []),
    ]
    if (!same(after.sent, want)) out.push(`${event.type}: expected calls ${JSON.stringify(want)}, sent ${JSON.stringify(after.sent)}`)
    // Published or withdrawn: back to the list, which shows the new state; never otherwise.
    const done = (r?.call === 'saveNotice' || r?.call === 'withdrawNotice') && r.ok
    if (!same(destinations(after), done ? [{ action: 'goToList', params: undefined }] : [])) out.push(done ? `${r.call} done: back to the list, did ${JSON.stringify(after.did)}` : `left for the list on ${event.type}`)
    if (after.done !== (now.position === 'ended')) out.push(now.position === 'ended' ? 'done, but the editor goes on' : 'the editor ended without a publish or a withdrawal')
    if (!after.done) out.push(...expectCan(after, allowedAt(now), OPERATOR, `at ${now.position}`))
    if (after.context.failure !== now.failure) out.push(`the message shown is ${JSON.stringify(after.context.failure)}, expected ${JSON.stringify(now.failure)}`)
    if (after.context.submitted !== now.submitted) out.push(now.submitted ? 'submitted: the field messages must show' : 'field messages before the first submit')
    return out
  },
}

const values: Values = { kind: 'CAMPAIGN', title: '年末のご案内', content: '年末キャンペーン', publishFrom: '2026-12-01T09:00', publishUntil: '2026-12-31T23:59' }
const events: ModelConfig['events'] = {
  'field.change': [
    { field: 'content', value: '年末年始の営業のお知らせ' },
    { field: 'content', value: '   ' },
    { field: 'kind', value: 'CAMPAIGN' },
    { field: 'publishUntil', value: '2026-01-01T00:00' },
  ],
  'form.submit': [{}],
  'notice.withdraw': [{}],
  'modal.confirm': [{}],
  'modal.cancel': [{}],
  'load.retry': [{}],
}
const outcomes: ModelConfig['outcomes'] = {
  loadNotice: { done: [{ values, status: 'SCHEDULED', version: 1 }, { values, status: 'WITHDRAWN', version: 3 }], error: [new ApiError(500, 'down')] },
  saveNotice: { done: [{ noticeId: 1 }], error: [new ApiError(400, dm.windowInvalid), new ApiError(409, dm.changedByOther)] },
  withdrawNotice: { done: [{}], error: [new ApiError(409, dm.changedByOther)] },
}
const serialize = (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.values, s.context.status, s.context.failure !== null, s.context.submitted])

// The boundary values of the form (DeskNoticeSaveRequest): a text of exactly CONTENT_MAX characters,
// CONTENT_MAX once trimmed, and one over; a window ending when it starts, and one minute later.
const minuteAfter = (when: string) => new Date(Date.parse(`${when}:00Z`) + 60_000).toISOString().slice(0, 16)
const boundaryEvents: ModelConfig['events'] = {
  ...events,
  'field.change': [
    ...boundary(
      ...textsAround(CONTENT_MAX).map((value) => ({ field: 'content', value })),
      { field: 'content', value: ` ${'あ'.repeat(CONTENT_MAX)}\n` },
      { field: 'publishUntil', value: values.publishFrom },
      { field: 'publishUntil', value: minuteAfter(values.publishFrom) },
    ),
  ],
}
const boundarySerialize = (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.values.content.length, s.context.values.publishUntil, s.context.submitted])

export const spec: ChartSpec = {
  configs: [
    { machine: noticePublishMachine, input: { noticeId: null }, events, outcomes, serialize, limit: 20000 },
    { machine: noticePublishMachine, input: { noticeId: 1 }, events, outcomes, serialize, limit: 20000 },
    { machine: noticePublishMachine, input: { noticeId: 2 }, events: boundaryEvents, outcomes: { loadNotice: { done: [{ values, status: 'SCHEDULED', version: 4 }] }, saveNotice: { done: [{ noticeId: 2 }] }, withdrawNotice: { done: [{}] } }, serialize: boundarySerialize },
  ],
  rules,
}
