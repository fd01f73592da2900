import { LocalDate } from '@js-joda/core'
import { describe, expect, it } from 'vitest'
import { computeDaySchedule, scheduleStableUntil, type DayInput } from '../../server/domain/schedule'
import { atJst } from '../../server/domain/time'

// How long a cached schedule answer stays right by the clock alone (server/domain/schedule.ts):
// the next slot's 30-minute cut-off, or midnight in Japan.

const today = LocalDate.of(2025, 6, 10)
const jst = (day: LocalDate, h: number, m: number, s = 0) => new Date(atJst(day, h, m).getTime() + s * 1000)

/** One consultant working 09–21 on `day`, nothing booked. */
const input = (day: LocalDate, now: Date): DayInput => ({
  day,
  minutes: 30,
  now,
  holidays: new Set(),
  shifts: new Map([['S1', [{ startsAt: atJst(day, 9, 0), endsAt: atJst(day, 21, 0) }]]]),
  booked: new Map(),
})
const grid = (day: LocalDate, now: Date) => computeDaySchedule(input(day, now), ['S1'])

describe('scheduleStableUntil', () => {
  it('today: the next slot to pass its cut-off (11:00 closes at 10:30)', () => {
    expect(scheduleStableUntil(today, jst(today, 10, 0))).toBe(jst(today, 10, 30).getTime())
    expect(scheduleStableUntil(today, new Date(jst(today, 10, 30).getTime() - 1))).toBe(jst(today, 10, 30).getTime())
    // At 10:30 itself 11:00 is already closed (strictly more than 30 minutes ahead): next is 11:00.
    expect(scheduleStableUntil(today, jst(today, 10, 30))).toBe(jst(today, 11, 0).getTime())
  })

  it('after the last cut-off of the day (20:30 closes at 20:00), and for later days: midnight in Japan', () => {
    const midnight = atJst(today.plusDays(1), 0, 0).getTime()
    expect(scheduleStableUntil(today, jst(today, 20, 15))).toBe(midnight)
    expect(scheduleStableUntil(today.plusDays(3), jst(today, 10, 0))).toBe(midnight)
    expect(scheduleStableUntil(today.plusDays(1), jst(today, 23, 59, 59))).toBe(midnight)
  })

  it('the grid computed at now is the grid at every instant before the bound, and changes at it', () => {
    for (const [h, m] of [[8, 0], [10, 0], [10, 45], [13, 29], [19, 59]]) {
      const now = jst(today, h, m)
      const until = scheduleStableUntil(today, now)
      const at = grid(today, now)
      for (let t = now.getTime(); t < until; t += 60_000) expect(grid(today, new Date(t))).toEqual(at)
      expect(grid(today, new Date(until - 1))).toEqual(at)
      expect(grid(today, new Date(until))).not.toEqual(at)
    }
  })
})
