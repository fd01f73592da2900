import { LocalDate } from '@js-joda/core'
import { describe, expect, it } from 'vitest'
import { dayAfter, DeskNumbersRequest, rangeProblem } from '../../contract/desk/numbers'
import { inDaySpan, Ymd } from '../../contract/ids'
import { plusDays } from '../../contract/reservation-time'
import { formatMessages } from '../../contract/validation-messages'
import { nextOpenDay } from '../../machines/reservation-change/schedule-slots'
import { addBusinessDays } from '../../server/services/staff/deadlines'
import * as v from 'valibot'

// Every walk over days ends whatever it is given (docs/api.md "Bounds"): the day after 9999-12-31
// has no YYYYMMDD, and a walk that took its own input back as the next day ran for ever (an
// operator's desk-numbers of 99991231 held a replica's event loop for good).

describe('walks over days', () => {
  it('plusDays has no day past 9999-12-31 or before year 0, and dayAfter never answers its own input', () => {
    expect(plusDays('20241231', 1)).toBe('20250101')
    expect(plusDays('99991230', 1)).toBe('99991231')
    expect(plusDays('99991231', 1)).toBeNull()
    expect(plusDays('00000101', -1)).toBeNull()
    expect(dayAfter('21001231')).toBe('21010101')
    expect(() => dayAfter('99991231')).toThrow(RangeError)
    expect(() => dayAfter('2025')).toThrow(RangeError)
  })

  it('the member grid\'s next open day ends on a closed last day and on a year of holidays', () => {
    expect(nextOpenDay('20250612', ['20250613'])).toBe('20250614')
    expect(nextOpenDay('99991231', ['99991231'])).toBe('99991231')
    expect(nextOpenDay('99991230', ['99991231'])).toBe('99991231')
    const year = Array.from({ length: 400 }, (_, i) => plusDays('20250101', i)!)
    expect(nextOpenDay('20241231', year)).toBe(plusDays('20250101', 400))
  })

  it('business days after a date end even when every day ahead is closed', () => {
    const from = LocalDate.of(2025, 6, 12)
    expect(addBusinessDays(new Set(['20250613']), from, 2).toString()).toBe('2025-06-15')
    const closed = new Set(Array.from({ length: 367 }, (_, i) => from.plusDays(i + 1).toString().replaceAll('-', '')))
    const due = addBusinessDays(closed, from, 3)
    expect(due.isAfter(from)).toBe(true)
    expect(from.until(due).days()).toBeLessThanOrEqual(3 + closed.size + 1)
  })

  it('the schemas keep every day in 2000-01-01 … 2100-12-31, with a Japanese message', () => {
    expect(inDaySpan('20000101') && inDaySpan('21001231')).toBe(true)
    for (const d of ['19991231', '21010101', '99991231', '00000101']) {
      const r = v.safeParse(Ymd, d)
      expect(r.success, d).toBe(false)
      expect(r.issues?.[0].message).toBe(formatMessages.daySpan)
    }
    const numbers = v.safeParse(DeskNumbersRequest, { from: '99991231', to: '99991231' })
    expect(numbers.success).toBe(false)
    expect(numbers.issues?.[0].message).toBe(formatMessages.daySpan)
    expect(rangeProblem('99991231', '99991231')).toBe(formatMessages.daySpan)
    expect(rangeProblem('21000101', '21001231')).toBeNull()
  })
})
