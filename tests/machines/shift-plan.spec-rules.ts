// Spec rules of the shift-plan chart (staff calls shift-plan, shift-plan-update): a plan is saved
// only when asked, never with a period that ends before it starts; a refusal (409: booked time)
// keeps the server's list of bookings for the consultant; choosing another consultant loads theirs.
import type { AnyMachineSnapshot } from 'xstate'
import { isPlanValid, shiftPlanMachine, type ShiftPlanContext } from '../../machines/shift-plan/shift-plan-machine'
import { ApiError } from '../../src/api/api-error'
import type { ModelConfig } from './model'
import { calls, type ChartSpec, type SpecRules } from './observe'
import { shiftPlanFixture } from './staff-fixtures'

const REFUSED = '予約が入っている時間を勤務から外せません。先に担当を変更してください：11/26 10:30'
const events: ModelConfig['events'] = {
  'plan.edit': [
    { edit: { kind: 'period.add', weekday: 1 } },
    { edit: { kind: 'period.change', weekday: 0, index: 0, field: 'end', value: '08:00' } },
    { edit: { kind: 'period.remove', weekday: 2, index: 0 } },
    { edit: { kind: 'exception.remove', ymd: '20261201' } },
  ],
  'form.submit': [{}],
  retry: [{}],
  'staff.choose': [{ staffId: 'STAFF-02' }],
}
const outcomes: ModelConfig['outcomes'] = {
  loadPlan: { done: [shiftPlanFixture], error: [new ApiError(500, 'down')] },
  savePlan: { done: [shiftPlanFixture], error: [new ApiError(409, REFUSED), new ApiError(500, 'down')] },
}
type Period = { weekday: number; start: string; end: string }

export const rules: SpecRules = {
  afterStep({ event, after, trail }) {
    const out: string[] = []
    for (const s of calls(after, 'savePlan')) {
      if (event.type !== 'form.submit' && event.type !== 'retry') out.push(`saved on ${event.type}`)
      const weekly = (s.input as { weekly: Period[] }).weekly
      if (weekly.some((p) => p.start >= p.end)) out.push(`saved a period that ends before it starts: ${JSON.stringify(weekly)}`)
    }
    if (event.type === 'staff.choose' && JSON.stringify(calls(after, 'loadPlan').map((c) => c.input)) !== JSON.stringify([{ staffId: 'STAFF-02' }])) out.push("choosing a consultant loads that consultant's plan")
    const r = after.reply
    if (r?.call === 'savePlan' && !r.ok && (r.error as ApiError).status === 409 && after.context.message !== REFUSED) out.push('a refusal keeps the bookings the server listed')
    if (event.type === 'form.submit' && calls(after, 'savePlan').length && !isPlanValid(trail[trail.length - 2]?.context as ShiftPlanContext)) out.push('saved an invalid plan')
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
      serialize: (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.staffId, isPlanValid(s.context as ShiftPlanContext)]),
    },
  ],
  rules,
}
