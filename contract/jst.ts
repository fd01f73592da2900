// Business time is Japan time (product.md §1). Helpers for the screens of this feature, the payment
// history and the menu; they take `now` so tests can pin it.
//
// Japan has kept UTC+9 without daylight saving since 1952, so a fixed offset is exact for every
// date these screens show, and they need no time-zone database: js-joda (≈ 43 KB gzip) stays with
// the pages that compute slots and periods (schedule, checkout). docs/performance.md, bundle.

import { parseYmd as ymdParts } from './reservation-time'

const JST_OFFSET_MS = 9 * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

/** A calendar day in Japan (the subset of js-joda's LocalDate these screens use). */
export class JstDate {
  /** `utc` is the day's 00:00 in UTC: only its UTC fields are read. */
  private constructor(private readonly utc: Date) {}

  static of(year: number, month: number, day: number): JstDate {
    return new JstDate(new Date(Date.UTC(year, month - 1, day)))
  }

  /** The day in Japan at the instant `epochMs`. */
  static at(epochMs: number): JstDate {
    const jst = new Date(epochMs + JST_OFFSET_MS)
    return JstDate.of(jst.getUTCFullYear(), jst.getUTCMonth() + 1, jst.getUTCDate())
  }

  year(): number {
    return this.utc.getUTCFullYear()
  }

  monthValue(): number {
    return this.utc.getUTCMonth() + 1
  }

  dayOfMonth(): number {
    return this.utc.getUTCDate()
  }

  /** 0 Sunday … 6 Saturday. */
  weekday(): number {
    return this.utc.getUTCDay()
  }

  plusDays(days: number): JstDate {
    return new JstDate(new Date(this.utc.getTime() + days * DAY_MS))
  }
}

const pad = (n: number) => String(n).padStart(2, '0')

export const todayJst = (now: Date = new Date()): JstDate => JstDate.at(now.getTime())

export const thisYearJst = (now: Date = new Date()): number => todayJst(now).year()

export const ymdOf = (d: JstDate): string => `${d.year()}${pad(d.monthValue())}${pad(d.dayOfMonth())}`

/** `YYYYMMDD` → its day (read by contract/reservation-time.ts); throws for a day that does not exist. */
export const parseYmd = (ymd: string): JstDate => {
  const p = ymdParts(ymd)
  if (!p) throw new RangeError(`not a day: ${ymd}`)
  return JstDate.of(p.year, p.month, p.day)
}

const weekdays = ['日', '月', '火', '水', '木', '金', '土']
export const weekdayJa = (d: JstDate): string => weekdays[d.weekday()]

/**
 * 1月7日（水） for a day of the current year in Japan; 2025年1月7日（火） for any other, so a past
 * (or next) year's day never reads as this year's with a weekday that does not fit it (the staff
 * lists: 過去の相談, a member's earlier consultations, the desk's bookings). `now` pins "this year".
 */
export const formatDayJa = (d: JstDate, now: Date = new Date()): string =>
  `${d.year() === thisYearJst(now) ? '' : `${d.year()}年`}${d.monthValue()}月${d.dayOfMonth()}日（${weekdayJa(d)}）`

/** 2025/05/20 */
export const formatDate = (d: JstDate): string => `${d.year()}/${pad(d.monthValue())}/${pad(d.dayOfMonth())}`

/** 2025/05/20 14:30 (JST) from unix seconds. */
export const formatDateTimeUnix = (seconds: number): string => {
  const jst = new Date(seconds * 1000 + JST_OFFSET_MS)
  return `${formatDate(JstDate.at(seconds * 1000))} ${pad(jst.getUTCHours())}:${pad(jst.getUTCMinutes())}`
}

export const formatDateUnix = (seconds: number): string => formatDate(JstDate.at(seconds * 1000))

/** 5月20日（火） 14:30 from a reservation's `YYYYMMDD` and time. */
export const formatReservation = (ymd: string, hour: number, minute: number): string => {
  const d = parseYmd(ymd)
  return `${d.year()}年${d.monthValue()}月${d.dayOfMonth()}日（${weekdayJa(d)}） ${pad(hour)}:${pad(minute)}`
}

/** The home calendar: `days` days from today (JST), product.md §9 "home calendar spans 3 weeks". */
export function calendarDays(now: Date, days = 21): JstDate[] {
  const today = todayJst(now)
  return Array.from({ length: days }, (_, i) => today.plusDays(i))
}

/**
 * Yen with a comma every 3 digits (product.md §9). Whole yen without `toLocaleString`: a browser's first
 * `ja-JP` number format loads its locale data, ≈ 50 ms on a phone in the home's first render
 * (docs/performance.md "Loading in stages"); the same text.
 */
export const formatYen = (amount: number): string =>
  `${Number.isSafeInteger(amount) ? String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ',') : amount.toLocaleString('ja-JP')}円`
