import { LocalDate, ZonedDateTime, ZoneId } from '@js-joda/core'
import '@js-joda/timezone'

// Day labels of the date strip (spec §2 reservation dates), Japan calendar days as YYYYMMDD.

const weekdays = ['月', '火', '水', '木', '金', '土', '日']

export const parseYmd = (ymd: string): LocalDate =>
  LocalDate.of(Number(ymd.slice(0, 4)), Number(ymd.slice(4, 6)), Number(ymd.slice(6, 8)))

export const formatYmd = (d: LocalDate): string =>
  `${d.year()}${String(d.monthValue()).padStart(2, '0')}${String(d.dayOfMonth()).padStart(2, '0')}`

/** Every day from `first` to `last`, inclusive. */
export function daysBetween(first: string, last: string): string[] {
  const out: string[] = []
  const end = parseYmd(last)
  for (let d = parseYmd(first); !d.isAfter(end) && out.length < 62; d = d.plusDays(1)) out.push(formatYmd(d))
  return out
}

/** `20250612` → `6/12(木)`. */
export function dayLabel(ymd: string): string {
  const d = parseYmd(ymd)
  return `${d.monthValue()}/${d.dayOfMonth()}(${weekdays[d.dayOfWeek().value() - 1]})`
}

/** `20250612` → `2025年6月12日(木)`. */
export function longDayLabel(ymd: string): string {
  const d = parseYmd(ymd)
  return `${d.year()}年${d.monthValue()}月${d.dayOfMonth()}日(${weekdays[d.dayOfWeek().value() - 1]})`
}

/** `SUPPORT-20250612-10-30` → `2025年6月12日(木) 10:30`; other shapes as they are. */
export function reservationLabel(reservationTime: string): string {
  const m = /^SUPPORT-(\d{8})-(\d{2})-(\d{2})$/.exec(reservationTime)
  return m ? `${longDayLabel(m[1])} ${m[2]}:${m[3]}` : reservationTime
}

/** Today in Japan time, YYYYMMDD, whatever the browser's zone (spec §1). */
export const todayJst = (): string => formatYmd(ZonedDateTime.now(ZoneId.of('Asia/Tokyo')).toLocalDate())
