import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate'
import * as v from 'valibot'
import { ShiftPlanUpdateRequest, type ShiftChange, type ShiftPlanResponse } from '../../contract/staff-calls'
import { failureMessage, failureStatus } from '../shared/api-failure'

/**
 * A consultant's shifts: the weekly plan and dated exceptions (staff calls shift-plan,
 * shift-plan-update). A consultant edits their own; an operator chooses any consultant.
 *
 * loading ─▶ editing ─form.submit [isPlanValid]─▶ previewing ─▶ confirming ─save.confirm─▶ saving ─▶ saved
 *   loading fails ─▶ loadFailed ─retry─▶ loading
 *   previewing: the server runs the save and rolls it back (shift-plan-preview): the days of the
 *     member's grid that lose or gain time are shown before anything is written; save.cancel ─▶ editing
 *   previewing | saving: 409 [isRefused] (the change would remove time that holds bookings; the
 *     server's message lists them) ─▶ refused; other failures ─▶ failed ─retry─▶ previewing
 *   any edit in confirming | saved | refused | failed ─▶ editing; staff.choose ─▶ loading
 */

export type Period = { start: string; end: string }
export type ExceptionDraft = { ymd: string; off: boolean; start: string; end: string }

export type ShiftPlanContext = {
  /** Whose plan; null: the signed-in consultant's own. */
  staffId: string | null
  staffNickname: string
  /** Index 0 = Monday … 6 = Sunday. */
  weekly: Period[][]
  exceptions: ExceptionDraft[]
  /** Days whose exception was loaded and has been removed in the form. */
  removed: string[]
  days: ShiftPlanResponse['days']
  /** Where the plan came from (the server's `planSource`): 'rows' is derived from dated shifts. */
  planSource: ShiftPlanResponse['planSource']
  /** The weekly plan and exceptions as loaded: a save sends only what differs from them. */
  loaded: { weekly: Period[][]; exceptions: ExceptionDraft[] }
  /** What the previewed (or last saved) change does to the member's grid. */
  changes: ShiftChange[]
  message: string
}

/** One change to the draft (one event type, `plan.edit`, so the diagram stays readable). */
export type PlanEdit =
  | { kind: 'period.add'; weekday: number }
  | { kind: 'period.change'; weekday: number; index: number; field: 'start' | 'end'; value: string }
  | { kind: 'period.remove'; weekday: number; index: number }
  | { kind: 'exception.add'; ymd: string }
  | { kind: 'exception.change'; ymd: string; field: 'off' | 'start' | 'end'; value: string | boolean }
  | { kind: 'exception.remove'; ymd: string }

export type ShiftPlanEvent =
  | { type: 'plan.edit'; edit: PlanEdit }
  | { type: 'form.submit' }
  | { type: 'save.confirm' }
  | { type: 'save.cancel' }
  | { type: 'retry' }
  | { type: 'staff.choose'; staffId: string }

/** The default hours of a new period or of an exception with other hours: the business day. */
export const DEFAULT_PERIOD: Period = { start: '09:00', end: '21:00' }

const byDay = (a: { ymd: string }, b: { ymd: string }) => a.ymd.localeCompare(b.ymd)

/** The loaded plan as the form's draft. */
export function draftOf(plan: ShiftPlanResponse): Pick<ShiftPlanContext, 'staffId' | 'staffNickname' | 'weekly' | 'exceptions' | 'removed' | 'days' | 'planSource' | 'loaded'> {
  const weekly: Period[][] = Array.from({ length: 7 }, () => [])
  for (const p of plan.weekly) weekly[p.weekday - 1]?.push({ start: p.start, end: p.end })
  for (const day of weekly) day.sort((a, b) => a.start.localeCompare(b.start))
  const exceptions = plan.exceptions.map((e) => ({ ymd: e.ymd, off: e.off, start: e.start ?? DEFAULT_PERIOD.start, end: e.end ?? DEFAULT_PERIOD.end })).sort(byDay)
  return { staffId: plan.staffId, staffNickname: plan.staffNickname, weekly, exceptions, removed: [], days: plan.days, planSource: plan.planSource, loaded: { weekly, exceptions } }
}

const flatWeekly = (weekly: Period[][]) => weekly.flatMap((periods, i) => periods.map((p) => ({ weekday: i + 1, start: p.start, end: p.end })))
const sameException = (a: ExceptionDraft, b: ExceptionDraft | undefined) => !!b && a.off === b.off && (a.off || (a.start === b.start && a.end === b.end))

/**
 * The update the form stands for: only what differs from the plan as loaded — the weekly plan when
 * it changed, the exceptions added or changed, the loaded ones removed (docs/server.md "Shifts and
 * holidays"). A plan derived from dated shifts (`planSource` 'rows') is sent whole with any change:
 * the server then keeps every derived exception the request does not speak of.
 */
export function updateRequest(c: ShiftPlanContext): unknown {
  const set = c.exceptions.filter((e) => !sameException(e, c.loaded.exceptions.find((x) => x.ymd === e.ymd)))
  const removed = c.loaded.exceptions.map((e) => e.ymd).filter((ymd) => !c.exceptions.some((e) => e.ymd === ymd))
  const weeklyChanged = JSON.stringify(flatWeekly(c.weekly)) !== JSON.stringify(flatWeekly(c.loaded.weekly))
  const sendWeekly = weeklyChanged || (c.planSource === 'rows' && set.length + removed.length > 0)
  return {
    ...(c.staffId ? { staffId: c.staffId } : {}),
    ...(sendWeekly ? { weekly: flatWeekly(c.weekly) } : {}),
    ...(set.length > 0 ? { setExceptions: set.map((e) => (e.off ? { ymd: e.ymd, off: true } : { ymd: e.ymd, off: false, start: e.start, end: e.end })) } : {}),
    ...(removed.length > 0 ? { removeExceptions: removed } : {}),
  }
}

const ordered = (p: Period) => p.start < p.end
/** Periods of one day must not overlap. */
const apart = (periods: Period[]) => [...periods].sort((a, b) => a.start.localeCompare(b.start)).every((p, i, all) => i === 0 || all[i - 1].end <= p.start)

export function isPlanValid(c: ShiftPlanContext): boolean {
  return (
    c.weekly.every((day) => day.every(ordered) && apart(day)) &&
    c.exceptions.every((e) => e.off || ordered(e)) &&
    v.is(ShiftPlanUpdateRequest, updateRequest(c))
  )
}

function edit(c: ShiftPlanContext, e: PlanEdit): Partial<ShiftPlanContext> {
  const weekly = c.weekly.map((day) => [...day])
  switch (e.kind) {
    case 'period.add': {
      const day = weekly[e.weekday]
      if (!day) return {}
      const last = day[day.length - 1]
      day.push(last ? { start: last.end, end: DEFAULT_PERIOD.end } : { ...DEFAULT_PERIOD })
      return { weekly }
    }
    case 'period.change': {
      const p = weekly[e.weekday]?.[e.index]
      if (!p) return {}
      weekly[e.weekday][e.index] = { ...p, [e.field]: e.value }
      return { weekly }
    }
    case 'period.remove':
      if (!weekly[e.weekday]) return {}
      weekly[e.weekday].splice(e.index, 1)
      return { weekly }
    case 'exception.add':
      if (!/^\d{8}$/.test(e.ymd) || c.exceptions.some((x) => x.ymd === e.ymd)) return {}
      return { exceptions: [...c.exceptions, { ymd: e.ymd, off: true, ...DEFAULT_PERIOD }].sort(byDay) }
    case 'exception.change':
      return { exceptions: c.exceptions.map((x) => (x.ymd === e.ymd ? { ...x, [e.field]: e.value } : x)) }
    case 'exception.remove':
      return { exceptions: c.exceptions.filter((x) => x.ymd !== e.ymd), removed: [...c.removed, e.ymd] }
  }
}

export const shiftPlanMachine = setup({
  types: {
    context: {} as ShiftPlanContext,
    input: {} as { staffId: string | null },
    events: {} as ShiftPlanEvent,
  },
  guards: {
    isPlanValid: ({ context }) => isPlanValid(context),
    isRefused: ({ event }) => 'error' in event && failureStatus(event.error) === 409,
  },
  actors: {
    loadPlan: fromPromise<ShiftPlanResponse, { staffId: string | null }>(async () => {
      throw new Error('provide loadPlan')
    }),
    previewPlan: fromPromise<{ changes: ShiftChange[] }, v.InferOutput<typeof ShiftPlanUpdateRequest>>(async () => {
      throw new Error('provide previewPlan')
    }),
    savePlan: fromPromise<ShiftPlanResponse & { changes: ShiftChange[] }, v.InferOutput<typeof ShiftPlanUpdateRequest>>(async () => {
      throw new Error('provide savePlan')
    }),
  },
  actions: {
    applyEdit: assign(({ context, event }) => {
      assertEvent(event, 'plan.edit')
      return edit(context, event.edit)
    }),
  },
}).createMachine({
  id: 'shiftPlan',
  context: ({ input }) => ({ staffId: input.staffId, staffNickname: '', weekly: [], exceptions: [], removed: [], days: [], planSource: 'none', loaded: { weekly: [], exceptions: [] }, changes: [], message: '' }),
  initial: 'loading',
  on: {
    'staff.choose': { target: '.loading', actions: assign({ staffId: ({ event }) => event.staffId, message: '' }) },
  },
  states: {
    loading: {
      tags: ['busy', 'loading'],
      invoke: {
        src: 'loadPlan',
        input: ({ context }) => ({ staffId: context.staffId }),
        onDone: { target: 'editing', actions: assign(({ event }) => ({ ...draftOf(event.output), changes: [], message: '' })) },
        onError: { target: 'loadFailed', actions: assign({ message: ({ event }) => failureMessage(event.error) }) },
      },
    },
    loadFailed: {
      tags: ['loadFailed'],
      on: { retry: { target: 'loading' } },
    },
    editing: {
      tags: ['editing'],
      on: {
        'plan.edit': { actions: 'applyEdit' },
        'form.submit': { guard: 'isPlanValid', target: 'previewing' },
      },
    },
    previewing: {
      tags: ['busy', 'previewing'],
      invoke: {
        src: 'previewPlan',
        input: ({ context }) => v.parse(ShiftPlanUpdateRequest, updateRequest(context)),
        onDone: { target: 'confirming', actions: assign({ changes: ({ event }) => event.output.changes, message: '' }) },
        onError: [
          { guard: 'isRefused', target: 'refused', actions: assign({ message: ({ event }) => failureMessage(event.error) }) },
          { target: 'failed', actions: assign({ message: ({ event }) => failureMessage(event.error) }) },
        ],
      },
    },
    confirming: {
      tags: ['confirming'],
      on: {
        'save.confirm': { target: 'saving' },
        'save.cancel': { target: 'editing' },
        'plan.edit': { target: 'editing', actions: 'applyEdit' },
      },
    },
    saving: {
      tags: ['busy', 'saving'],
      invoke: {
        src: 'savePlan',
        input: ({ context }) => v.parse(ShiftPlanUpdateRequest, updateRequest(context)),
        onDone: { target: 'saved', actions: assign(({ event }) => ({ ...draftOf(event.output), changes: event.output.changes, message: '' })) },
        onError: [
          { guard: 'isRefused', target: 'refused', actions: assign({ message: ({ event }) => failureMessage(event.error) }) },
          { target: 'failed', actions: assign({ message: ({ event }) => failureMessage(event.error) }) },
        ],
      },
    },
    saved: {
      tags: ['saved'],
      on: { 'plan.edit': { target: 'editing', actions: 'applyEdit' } },
    },
    refused: {
      tags: ['refused'],
      on: { 'plan.edit': { target: 'editing', actions: 'applyEdit' } },
    },
    failed: {
      tags: ['failed'],
      on: {
        'plan.edit': { target: 'editing', actions: 'applyEdit' },
        retry: { target: 'previewing' },
      },
    },
  },
})

export type ShiftPlanActorRef = ActorRefFrom<typeof shiftPlanMachine>
