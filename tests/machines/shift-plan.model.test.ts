// Generated-path tests of the shift-plan chart: every transition, replayed live, and the update it
// sends read back from the draft (only what differs from the plan as loaded).
import type { AnyMachineSnapshot } from 'xstate'
import { describe, expect, it } from 'vitest'
import { draftOf, isPlanValid, shiftPlanMachine, updateRequest, type ShiftPlanContext } from '../../machines/shift-plan/shift-plan-machine'
import { ApiError } from '../../src/api/api-error'
import { describeModel } from './model'
import { shiftPlanFixture } from './staff-fixtures'

// What changes what can happen next: whether the draft is valid (submit), and whose plan it is.
const serialize = (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.staffId, isPlanValid(s.context as ShiftPlanContext)])

describeModel({
  machine: shiftPlanMachine,
  input: { staffId: null },
  events: {
    'plan.edit': [
      { edit: { kind: 'period.add', weekday: 1 } },
      { edit: { kind: 'period.change', weekday: 0, index: 0, field: 'end', value: '08:00' } },
      { edit: { kind: 'period.remove', weekday: 2, index: 0 } },
      { edit: { kind: 'exception.add', ymd: '20261203' } },
      { edit: { kind: 'exception.change', ymd: '20261201', field: 'off', value: false } },
      { edit: { kind: 'exception.remove', ymd: '20261201' } },
    ],
    'form.submit': [{}],
    'save.confirm': [{}],
    'save.cancel': [{}],
    retry: [{}],
    'staff.choose': [{ staffId: 'STAFF-02' }],
  },
  outcomes: {
    loadPlan: { done: [shiftPlanFixture], error: [new ApiError(500, 'down')] },
    previewPlan: { done: [{ changes: [] }], error: [new ApiError(409, '予約が入っている時間を勤務から外せません。先に担当を変更してください：11/26 10:30'), new ApiError(500, 'down')] },
    savePlan: { done: [{ ...shiftPlanFixture, changes: [] }], error: [new ApiError(409, '予約が入っている時間を勤務から外せません。先に担当を変更してください：11/26 10:30'), new ApiError(500, 'down')] },
  },
  serialize,
})

const context = (): ShiftPlanContext => ({ ...draftOf(shiftPlanFixture), changes: [], message: '' })

describe('shift-plan drafts', () => {
  it('reads the weekly plan per weekday, Monday first, and keeps every exception', () => {
    const c = context()
    expect(c.weekly[0]).toEqual([{ start: '09:00', end: '12:00' }, { start: '13:00', end: '18:00' }])
    expect(c.weekly[2]).toEqual([{ start: '10:00', end: '21:00' }])
    expect(c.weekly[6]).toEqual([])
    expect(c.exceptions).toEqual([{ ymd: '20261201', off: true, start: '09:00', end: '21:00' }])
  })

  it('sends only what changed: an exception added and one removed leave the weekly plan out', () => {
    const c = { ...context(), exceptions: [{ ymd: '20261203', off: false, start: '13:00', end: '17:00' }], removed: ['20261201'] }
    expect(updateRequest(c)).toEqual({ staffId: 'STAFF-01', setExceptions: [{ ymd: '20261203', off: false, start: '13:00', end: '17:00' }], removeExceptions: ['20261201'] })
    expect(updateRequest(context())).toEqual({ staffId: 'STAFF-01' })
  })

  it('a plan derived from dated shifts is sent whole with any change, so the server keeps its other days', () => {
    const c = { ...context(), planSource: 'rows' as const, exceptions: [{ ymd: '20261203', off: false, start: '13:00', end: '17:00' }], removed: ['20261201'] }
    expect(updateRequest(c)).toEqual({
      staffId: 'STAFF-01',
      weekly: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 1, start: '13:00', end: '18:00' },
        { weekday: 3, start: '10:00', end: '21:00' },
      ],
      setExceptions: [{ ymd: '20261203', off: false, start: '13:00', end: '17:00' }],
      removeExceptions: ['20261201'],
    })
  })

  it('refuses a period that ends before it starts, and overlapping periods of one day', () => {
    expect(isPlanValid(context())).toBe(true)
    const reversed = context()
    reversed.weekly[0][0] = { start: '12:00', end: '09:00' }
    expect(isPlanValid(reversed)).toBe(false)
    const overlapping = context()
    overlapping.weekly[0][1] = { start: '11:00', end: '18:00' }
    expect(isPlanValid(overlapping)).toBe(false)
  })
})
