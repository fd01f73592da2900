import type { LocalDate } from '@js-joda/core'
import { staffMessages as sm } from '../../../contract/staff-messages'
import { atJst, formatYmd, parseYmd, todayJst } from '../../domain/time'
import { invalid } from '../../domain/errors'

/** A staff call's day range in Japan time: `from` (default today) for `days` days (default `fallback`). */
export function dayRange(input: { from?: string; days?: number }, now: Date, fallback = 1): { first: LocalDate; days: number; from: Date; to: Date; ymd: string } {
  const first = input.from ? parseYmd(input.from) : todayJst(now)
  if (!first) throw invalid(sm.dateInvalid)
  const days = input.days ?? fallback
  return { first, days, from: atJst(first, 0, 0), to: atJst(first.plusDays(days), 0, 0), ymd: formatYmd(first) }
}
