// Spec rules of the shift-plan chart (docs/product.md §10 consultants keep their working plan and
// its exceptions, operators everyone's; staff calls shift-plan, shift-plan-preview,
// shift-plan-update): a change is previewed by the server and saved only once confirmed, sending
// only what differs from the plan as loaded, never with a period that ends before it starts or
// overlaps another; a refusal (409: booked time) keeps the server's list of bookings for the
// consultant, another failure may be previewed again; choosing another consultant loads theirs.
import type { AnyMachineSnapshot } from 'xstate'
import { FIRST_SLOT_HOUR, LAST_SLOT_END_HOUR } from '../../contract/reservation-rules'
import { PLAN_STEP_MINUTES, type ShiftPlanResponse } from '../../contract/staff-calls'
import { isPlanValid, shiftPlanMachine, type ShiftPlanContext } from '../../machines/shift-plan/shift-plan-machine'
import { ApiError } from '../../src/api/api-error'
import { boundary, timesAround } from './boundaries'
import type { ModelConfig } from './model'
import { expectCan, same, type ChartSpec, type Observation, type SpecRules } from './observe'
import { shiftPlanFixture } from './staff-fixtures'

/** The fixture's Monday, two periods in order (weekday 1 of the contract). */
const MONDAY = shiftPlanFixture.weekly.filter((p) => p.weekday === 1).sort((a, b) => a.start.localeCompare(b.start))
const REFUSED = '予約が入っている時間を勤務から外せません。先に担当を変更してください：11/26 10:30'
const events: ModelConfig['events'] = {
  'plan.edit': [
    { edit: { kind: 'period.add', weekday: 1 } },
    { edit: { kind: 'period.change', weekday: 0, index: 0, field: 'end', value: '08:00' } },
    { edit: { kind: 'period.remove', weekday: 2, index: 0 } },
    { edit: { kind: 'exception.remove', ymd: '20261201' } },
    // Where two periods of a day meet (boundaries.ts): the first one's end just before, exactly at
    // and just after the second one's start, the second one's start around the first one's end, on
    // the plan's grid; and a period added after the day's last, which starts where it ends.
    ...boundary<Record<string, unknown>>(
      ...timesAround(MONDAY[1].start, PLAN_STEP_MINUTES).map((value) => ({ edit: { kind: 'period.change', weekday: 0, index: 0, field: 'end', value } })),
      ...timesAround(MONDAY[0].end, PLAN_STEP_MINUTES).map((value) => ({ edit: { kind: 'period.change', weekday: 0, index: 1, field: 'start', value } })),
      { edit: { kind: 'period.add', weekday: 0 } },
    ),
  ],
  'form.submit': [{}],
  'save.confirm': [{}],
  'save.cancel': [{}],
  retry: [{}],
  'staff.choose': [{ staffId: 'STAFF-02' }],
}
const outcomes: ModelConfig['outcomes'] = {
  loadPlan: { done: [shiftPlanFixture], error: [new ApiError(500, 'down')] },
  // The plan as saved is the server's answer, which may differ from what was sent (a Friday here).
  previewPlan: { done: [{ changes: [] }], error: [new ApiError(409, REFUSED), new ApiError(500, 'down')] },
  savePlan: { done: [{ ...shiftPlanFixture, changes: [] }, { ...shiftPlanFixture, changes: [], weekly: [...shiftPlanFixture.weekly, { weekday: 5, start: '10:00', end: '15:00' }] }], error: [new ApiError(409, REFUSED), new ApiError(500, 'down')] },
}
// The plan is part of a state's identity (a day's first three periods: adding more is one kind of
// plan), and so is the kind of message on screen: an edit after a refusal, a failure or a saved
// plan is then a path of its own, and the request that follows it is judged.
const serialize = (s: AnyMachineSnapshot) => {
  const c = s.context as ShiftPlanContext
  return JSON.stringify([s.value, c.staffId, c.message === '' ? 'none' : c.message === REFUSED ? 'bookings' : 'failure', isPlanValid(c), c.weekly.map((d) => d.slice(0, 3)), c.exceptions.length])
}

type Period = { start: string; end: string }
type Exception = { ymd: string; off: boolean; start: string | null; end: string | null }
type Draft = { weekly: Period[][]; exceptions: Exception[]; removed: string[]; loaded: { weekly: Period[][]; exceptions: Exception[] } }
type Position = 'loading' | 'loadFailed' | 'editing' | 'previewing' | 'confirming' | 'saving' | 'saved' | 'refused' | 'failed'
const STAFF = ['plan.edit', 'form.submit', 'save.confirm', 'save.cancel', 'retry', 'staff.choose']
/** What the page shows at each point (shift-plan-view reads these tags). */
const TAGS: Record<Position, string[]> = { loading: ['busy', 'loading'], loadFailed: ['loadFailed'], editing: ['editing'], previewing: ['busy', 'previewing'], confirming: ['confirming'], saving: ['busy', 'saving'], saved: ['saved'], refused: ['refused'], failed: ['failed'] }

const hh = (h: number) => `${String(h).padStart(2, '0')}:00`
/** A new period runs to the end of the business day, from the end of the day's last period or its start. */
const DAY = { start: hh(FIRST_SLOT_HOUR), end: hh(LAST_SLOT_END_HOUR) }

/** The plan as the form holds it (weekday 1 = Monday at index 0), periods in order. */
const draftOf = (p: ShiftPlanResponse): Draft => {
  const weekly = Array.from({ length: 7 }, (_, i) => p.weekly.filter((x) => x.weekday === i + 1).map(({ start, end }) => ({ start, end })).sort((a, b) => a.start.localeCompare(b.start)))
  const exceptions = p.exceptions.map((e) => ({ ...e }))
  return { weekly, exceptions, removed: [], loaded: { weekly, exceptions } }
}
type Edit = { kind: string; weekday?: number; index?: number; field?: 'start' | 'end'; value?: string; ymd?: string }
function apply(d: Draft, e: Edit): Draft {
  const weekly = d.weekly.map((day) => [...day])
  const day = weekly[e.weekday ?? -1]
  if (e.kind === 'period.add' && day) day.push({ start: day[day.length - 1]?.end ?? DAY.start, end: DAY.end })
  if (e.kind === 'period.change' && day?.[e.index!]) day[e.index!] = { ...day[e.index!], [e.field!]: e.value }
  if (e.kind === 'period.remove' && day) day.splice(e.index!, 1)
  if (e.kind === 'exception.remove') return { ...d, weekly, exceptions: d.exceptions.filter((x) => x.ymd !== e.ymd), removed: [...d.removed, e.ymd!] }
  return { ...d, weekly }
}
/** Every period ends after it starts and no two of a day overlap; an exception with hours has ordered hours. */
const valid = (d: Draft) =>
  d.weekly.every((day) => day.every((p) => p.start < p.end) && [...day].sort((a, b) => a.start.localeCompare(b.start)).every((p, i, all) => i === 0 || all[i - 1].end <= p.start)) &&
  d.exceptions.every((e) => e.off || (e.start ?? '') < (e.end ?? ''))

/** The page by the spec after the trail: whose plan, where the consultant is, the form, the message. */
function replay(trail: Observation[]) {
  let staffId = (trail[0].context as { staffId: string | null }).staffId
  let position: Position = 'loading'
  let draft: Draft = { weekly: [], exceptions: [], removed: [], loaded: { weekly: [], exceptions: [] } }
  let message = ''
  for (const o of trail.slice(1)) {
    const e = o.event
    const r = o.reply
    if (r?.call === 'loadPlan' || r?.call === 'savePlan') {
      if (r.ok) {
        // Whose plan it is, as the server answered (the signed-in consultant's own, for null).
        staffId = (r.output as ShiftPlanResponse).staffId
        draft = draftOf(r.output as ShiftPlanResponse)
        message = ''
      } else message = (r.error as Error).message
      position = r.ok ? (r.call === 'loadPlan' ? 'editing' : 'saved') : r.call === 'loadPlan' ? 'loadFailed' : (r.error as ApiError).status === 409 ? 'refused' : 'failed'
    } else if (r?.call === 'previewPlan') {
      message = r.ok ? '' : (r.error as Error).message
      position = r.ok ? 'confirming' : (r.error as ApiError).status === 409 ? 'refused' : 'failed'
    } else if (e.type === 'save.confirm' && position === 'confirming') position = 'saving'
    else if (e.type === 'save.cancel' && position === 'confirming') position = 'editing'
    else if (e.type === 'staff.choose') {
      staffId = e.staffId
      position = 'loading'
      message = ''
    } else if (e.type === 'retry' && (position === 'loadFailed' || position === 'failed')) position = position === 'loadFailed' ? 'loading' : 'previewing'
    else if (e.type === 'plan.edit' && ['editing', 'confirming', 'saved', 'refused', 'failed'].includes(position)) {
      draft = apply(draft, e.edit)
      position = 'editing'
    } else if (e.type === 'form.submit' && position === 'editing' && valid(draft)) position = 'previewing'
  }
  return { staffId, position, draft, message }
}

/** The update the form stands for: only what differs from the plan as loaded (the fixture's plan is stored, not derived). */
const flat = (weekly: Period[][]) => weekly.flatMap((day, i) => day.map((p) => ({ weekday: i + 1, ...p })))
const request = (staffId: string | null, d: Draft) => {
  const set = d.exceptions.filter((e) => {
    const was = d.loaded.exceptions.find((x) => x.ymd === e.ymd)
    return !was || was.off !== e.off || (!e.off && (was.start !== e.start || was.end !== e.end))
  })
  const removed = d.loaded.exceptions.map((e) => e.ymd).filter((ymd) => !d.exceptions.some((e) => e.ymd === ymd))
  return {
    ...(staffId ? { staffId } : {}),
    ...(JSON.stringify(flat(d.weekly)) !== JSON.stringify(flat(d.loaded.weekly)) ? { weekly: flat(d.weekly) } : {}),
    ...(set.length > 0 ? { setExceptions: set.map((e) => (e.off ? { ymd: e.ymd, off: true } : { ymd: e.ymd, off: false, start: e.start, end: e.end })) } : {}),
    ...(removed.length > 0 ? { removeExceptions: removed } : {}),
  }
}

export const rules: SpecRules = {
  afterStep({ event, before, after, trail }) {
    const out: string[] = []
    const was = before ? replay(trail.slice(0, -1)) : null
    const now = replay(trail)
    // Calls: the plan is read at the start, on retry after a failed read and for another
    // consultant; it is previewed on submit of a valid plan or a retry after a failure, and saved
    // only when the preview is confirmed, with the very request that was previewed.
    const loads = event.type === 'xstate.init' || event.type === 'staff.choose' || (was?.position === 'loadFailed' && event.type === 'retry')
    const previews = now.position === 'previewing' && was?.position !== 'previewing'
    const saves = now.position === 'saving' && was?.position !== 'saving'
    const want = [
      ...(loads ? [{ call: 'loadPlan', input: { staffId: now.staffId } }] : []),
      ...(previews ? [{ call: 'previewPlan', input: request(now.staffId, now.draft) }] : []),
      ...(saves ? [{ call: 'savePlan', input: request(now.staffId, now.draft) }] : []),
    ]
    if (!same(after.sent, want)) out.push(`${event.type}: expected calls ${JSON.stringify(want)}, sent ${JSON.stringify(after.sent)}`)
    if (saves && !valid(now.draft)) out.push(`saved an invalid plan: ${JSON.stringify(now.draft.weekly)}`)
    if (after.done) out.push('the plan page never ends on its own')
    // Where the consultant is: saving only a valid plan, retrying only what failed; another consultant at any time.
    const allowed: Record<Position, string[]> = {
      loading: ['staff.choose'],
      loadFailed: ['retry', 'staff.choose'],
      editing: ['plan.edit', 'staff.choose', ...(valid(now.draft) ? ['form.submit'] : [])],
      previewing: ['staff.choose'],
      confirming: ['save.confirm', 'save.cancel', 'plan.edit', 'staff.choose'],
      saving: ['staff.choose'],
      saved: ['plan.edit', 'staff.choose'],
      refused: ['plan.edit', 'staff.choose'],
      failed: ['plan.edit', 'retry', 'staff.choose'],
    }
    out.push(...expectCan(after, allowed[now.position], STAFF, `at ${now.position}`))
    if (!same(after.tags, TAGS[now.position])) out.push(`the page must show ${JSON.stringify(TAGS[now.position])}, shows ${JSON.stringify(after.tags)}`)
    // What the page shows: whose plan, the server's message (a refusal lists the bookings in the way).
    const c = after.context as ShiftPlanContext
    if (c.staffId !== now.staffId) out.push(`the plan shown is ${c.staffId}'s, chosen ${now.staffId}`)
    if (c.message !== now.message) out.push(`the message shown is ${JSON.stringify(c.message)}, expected ${JSON.stringify(now.message)}`)
    // And the plan as edited: an edit taken (plan.edit is offered above) shows at once, wherever it was made.
    if (now.position !== 'loading' && now.position !== 'loadFailed') {
      const shown = c.weekly.map((day) => day.map(({ start, end }) => ({ start, end })))
      if (!same(shown, now.draft.weekly)) out.push(`the weekly plan shown is ${JSON.stringify(flat(shown))}, edited ${JSON.stringify(flat(now.draft.weekly))}`)
      if (!same(c.exceptions.map((x) => x.ymd), now.draft.exceptions.map((x) => x.ymd))) out.push(`the exceptions shown are ${JSON.stringify(c.exceptions.map((x) => x.ymd))}, kept ${JSON.stringify(now.draft.exceptions.map((x) => x.ymd))}`)
    }
    return out
  },
}

export const spec: ChartSpec = {
  configs: [
    {
      machine: shiftPlanMachine,
      input: { staffId: null },
      events,
      outcomes,
      serialize,
      limit: 20000,
    },
  ],
  rules,
}
