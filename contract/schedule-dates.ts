import { parseYmd, todayJst as todayJstDate, ymdOf } from './jst'
import { clockOf, parseReservationTime } from './reservation-time'

// Day labels of the date strip (product.md §2 reservation dates), Japan calendar days as YYYYMMDD. On
// the fixed UTC+9 calendar of contract/jst.ts: no js-joda for the pages that show a day.

export { parseYmd }

const weekdays = ['日', '月', '火', '水', '木', '金', '土']

/** Every day from `first` to `last`, inclusive (YYYYMMDD compares as text). */
export function daysBetween(first: string, last: string): string[] {
  const out: string[] = []
  for (let d = parseYmd(first); ymdOf(d) <= last && out.length < 62; d = d.plusDays(1)) out.push(ymdOf(d))
  return out
}

/** `20250612` → `6/12(木)`. */
export function dayLabel(ymd: string): string {
  const d = parseYmd(ymd)
  return `${d.monthValue()}/${d.dayOfMonth()}(${weekdays[d.weekday()]})`
}

/** `20250612` → `2025年6月12日(木)`. */
export function longDayLabel(ymd: string): string {
  const d = parseYmd(ymd)
  return `${d.year()}年${d.monthValue()}月${d.dayOfMonth()}日(${weekdays[d.weekday()]})`
}

/** `SUPPORT-20250612-10-30` → `2025年6月12日(木) 10:30`; other shapes as they are. */
export function reservationLabel(reservationTime: string): string {
  const at = parseReservationTime(reservationTime)
  return at ? `${longDayLabel(at.ymd)} ${clockOf(at)}` : reservationTime
}

/** Today in Japan time, YYYYMMDD, whatever the browser's zone (product.md §1). */
export const todayJst = (): string => ymdOf(todayJstDate(new Date()))
