import { DayOfWeek, Instant, LocalDate, ZonedDateTime, ZoneId } from '@js-joda/core'
import '@js-joda/timezone'

// Business time is Japan time (spec §1). Helpers for the screens of this feature and the
// payment history; they take `now` so tests can pin it.

export const JST = ZoneId.of('Asia/Tokyo')

const pad = (n: number) => String(n).padStart(2, '0')

export const zonedFromUnix = (seconds: number): ZonedDateTime =>
  ZonedDateTime.ofInstant(Instant.ofEpochSecond(seconds), JST)

export const todayJst = (now: Date = new Date()): LocalDate =>
  ZonedDateTime.ofInstant(Instant.ofEpochMilli(now.getTime()), JST).toLocalDate()

export const thisYearJst = (now: Date = new Date()): number => todayJst(now).year()

export const ymdOf = (d: LocalDate): string => `${d.year()}${pad(d.monthValue())}${pad(d.dayOfMonth())}`

export const parseYmd = (ymd: string): LocalDate =>
  LocalDate.of(Number(ymd.slice(0, 4)), Number(ymd.slice(4, 6)), Number(ymd.slice(6, 8)))

const weekdays: Record<string, string> = {
  [DayOfWeek.MONDAY.name()]: '月',
  [DayOfWeek.TUESDAY.name()]: '火',
  [DayOfWeek.WEDNESDAY.name()]: '水',
  [DayOfWeek.THURSDAY.name()]: '木',
  [DayOfWeek.FRIDAY.name()]: '金',
  [DayOfWeek.SATURDAY.name()]: '土',
  [DayOfWeek.SUNDAY.name()]: '日',
}
export const weekdayJa = (d: LocalDate): string => weekdays[d.dayOfWeek().name()]

/** 2025/05/20 */
export const formatDate = (d: LocalDate): string => `${d.year()}/${pad(d.monthValue())}/${pad(d.dayOfMonth())}`

/** 2025/05/20 14:30 (JST) from unix seconds. */
export const formatDateTimeUnix = (seconds: number): string => {
  const z = zonedFromUnix(seconds)
  return `${formatDate(z.toLocalDate())} ${pad(z.hour())}:${pad(z.minute())}`
}

export const formatDateUnix = (seconds: number): string => formatDate(zonedFromUnix(seconds).toLocalDate())

/** 5月20日（火） 14:30 from a reservation's `YYYYMMDD` and time. */
export const formatReservation = (ymd: string, hour: number, minute: number): string => {
  const d = parseYmd(ymd)
  return `${d.year()}年${d.monthValue()}月${d.dayOfMonth()}日（${weekdayJa(d)}） ${pad(hour)}:${pad(minute)}`
}

/** The home calendar: `days` days from today (JST), spec §9 "home calendar spans 3 weeks". */
export function calendarDays(now: Date, days = 21): LocalDate[] {
  const today = todayJst(now)
  return Array.from({ length: days }, (_, i) => today.plusDays(i))
}

/** Yen with a comma every 3 digits (spec §9). */
export const formatYen = (amount: number): string => `${amount.toLocaleString('ja-JP')}円`
