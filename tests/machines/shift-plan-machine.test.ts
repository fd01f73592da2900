// The shift-plan chart's drafts, read against the fixture and the contract (the chart's paths are
// judged by tests/machines/shift-plan.spec-rules.ts): the update it sends (only what differs from
// the plan as loaded) and which plans it takes.
import { describe, expect, it } from 'vitest'
import { draftOf, isPlanValid, updateRequest, type ShiftPlanContext } from '../../machines/shift-plan/shift-plan-machine'
import { PLAN_STEP_MINUTES } from '../../contract/staff-calls'
import { timesAround } from './boundaries'
import { shiftPlanFixture } from './staff-fixtures'

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

  it('takes two periods that touch (one ends when the next starts), refuses them a step closer', () => {
    // The fixture's Monday: 09:00–12:00 and 13:00–18:00; the first one's end around the second's start.
    const [under, at, over] = timesAround('13:00', PLAN_STEP_MINUTES).map((end) => {
      const c = context()
      c.weekly[0][0] = { start: '09:00', end }
      return isPlanValid(c)
    })
    expect([under, at, over]).toEqual([true, true, false])
  })
})
