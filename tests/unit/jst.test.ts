import { DateTimeFormatter, Instant, LocalDate, ZonedDateTime, ZoneId } from '@js-joda/core'
import '@js-joda/timezone'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { calendarDays, formatDateTimeUnix, formatDayJa, formatDateUnix, formatReservation, parseYmd, thisYearJst, weekdayJa, ymdOf } from '../../contract/jst'

// contract/jst.ts uses a fixed UTC+9 instead of the tz database; checked here against
// js-joda with the full Asia/Tokyo rules for every instant from 1952 (Japan's last summer time
// ended in 1951) to 2200.
const tokyo = ZoneId.of('Asia/Tokyo')
const from1952 = Date.UTC(1952, 0, 1) / 1000
const to2200 = Date.UTC(2200, 0, 1) / 1000
const zoned = (seconds: number) => ZonedDateTime.ofInstant(Instant.ofEpochSecond(seconds), tokyo)
const jodaWeekday = ['月', '火', '水', '木', '金', '土', '日']

describe('Japan dates without the tz database', () => {
  it('formats every instant as js-joda does in Asia/Tokyo', () => {
    fc.assert(
      fc.property(fc.integer({ min: from1952, max: to2200 }), (seconds) => {
        const z = zoned(seconds)
        expect(formatDateTimeUnix(seconds)).toBe(z.format(DateTimeFormatter.ofPattern('yyyy/MM/dd HH:mm')))
        expect(formatDateUnix(seconds)).toBe(z.format(DateTimeFormatter.ofPattern('yyyy/MM/dd')))
        expect(thisYearJst(new Date(seconds * 1000))).toBe(z.year())
      }),
      { numRuns: 2000 },
    )
  })

  it('counts calendar days and weekdays as js-joda does, across months, years and leap days', () => {
    fc.assert(
      fc.property(fc.integer({ min: from1952, max: to2200 }), (seconds) => {
        const days = calendarDays(new Date(seconds * 1000))
        let expected = zoned(seconds).toLocalDate()
        for (const day of days) {
          expect(ymdOf(day)).toBe(expected.format(DateTimeFormatter.ofPattern('yyyyMMdd')))
          expect(weekdayJa(day)).toBe(jodaWeekday[expected.dayOfWeek().ordinal()])
          expected = expected.plusDays(1)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('reads a YYYYMMDD reservation day', () => {
    expect(formatReservation('20250520', 14, 30)).toBe('2025年5月20日（火） 14:30')
    expect(formatReservation('20240229', 9, 0)).toBe('2024年2月29日（木） 09:00')
    expect(weekdayJa(parseYmd('20000101'))).toBe(jodaWeekday[LocalDate.of(2000, 1, 1).dayOfWeek().ordinal()])
  })

  it('turns the day at midnight in Japan, not in UTC', () => {
    expect(ymdOf(calendarDays(new Date('2025-12-31T14:59:59Z'))[0])).toBe('20251231')
    expect(ymdOf(calendarDays(new Date('2025-12-31T15:00:00Z'))[0])).toBe('20260101')
  })

  // A day of another year says its year: 「1月7日（火）」 for 2025-01-07 read in 2026 would be a
  // Wednesday's date with Tuesday's name. "This year" is the year in Japan at `now`.
  it('names the year of a day outside the current year in Japan, and only then', () => {
    const in2026 = new Date('2026-12-08T01:00:00Z')
    expect(formatDayJa(parseYmd('20250107'), in2026)).toBe('2025年1月7日（火）')
    expect(formatDayJa(parseYmd('20260107'), in2026)).toBe('1月7日（水）')
    expect(formatDayJa(parseYmd('20270107'), in2026)).toBe('2027年1月7日（木）')
    // New Year's Eve at 23:59:59 in Japan is still 2025 there; a second later it is 2026.
    expect(formatDayJa(parseYmd('20251231'), new Date('2025-12-31T14:59:59Z'))).toBe('12月31日（水）')
    expect(formatDayJa(parseYmd('20251231'), new Date('2025-12-31T15:00:00Z'))).toBe('2025年12月31日（水）')
  })
})
