import { RESERVATION_TIME, ReservationTime, Ymd } from './ids'

// The schemas (Ymd, ReservationTime) live in ./ids.ts with the other branded wire values, so that
// the contract's calls (in the first page's bundle) take them without these functions.
export { ReservationTime, Ymd }

// The domain values of the wire that are strings with a shape (product.md §3), parsed here once and only
// here, for both sides: `dt` days (`YYYYMMDD`) and `reservationTime` (`SUPPORT-YYYYMMDD-HH-MM`,
// Japan wall-clock). Pure and free of js-joda (docs/performance.md "bundle"). Japan has kept UTC+9 without daylight saving since 1952, so a
// fixed offset turns a wall-clock time into an instant exactly (contract/jst.ts).

const JST_OFFSET_MS = 9 * 60 * 60 * 1000
const pad = (n: number) => String(n).padStart(2, '0')

// ---- days

export type YmdParts = { year: number; month: number; day: number }

/** `20250612` → { year: 2025, month: 6, day: 12 }; null for another shape or a day that does not exist (20250231). */
export function parseYmd(s: string): YmdParts | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(s)
  if (!m) return null
  const year = Number(m[1])
  const month = Number(m[2])
  const day = Number(m[3])
  const d = new Date(Date.UTC(year, month - 1, day))
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null
  return { year, month, day }
}

/** { year, month, day } → `YYYYMMDD`. */
export const ymdOf = (p: YmdParts): Ymd => `${String(p.year).padStart(4, '0')}${pad(p.month)}${pad(p.day)}` as Ymd

/**
 * The day `days` after `ymd` (calendar arithmetic, no zone); null when `ymd` is not a day or the
 * result has no `YYYYMMDD` (before year 0 or after 9999: the day after 99991231 is no day, and
 * a caller that took its own input back instead walked on the spot for ever).
 */
export function plusDays(ymd: string, days: number): Ymd | null {
  const p = parseYmd(ymd)
  if (!p) return null
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day + days))
  const year = d.getUTCFullYear()
  if (!Number.isInteger(year) || year < 0 || year > 9999) return null
  return ymdOf({ year, month: d.getUTCMonth() + 1, day: d.getUTCDate() })
}

// ---- reservation times


/** A reservation start in Japan wall-clock: its day and its time. */
export type ReservationAt = { ymd: Ymd; hour: number; minute: number }

/**
 * `SUPPORT-20250612-10-30` → { ymd: '20250612', hour: 10, minute: 30 }; null for anything else: the
 * product type alone (`INTERVIEW`, `TIP`, `ADD`: a ticket without a date), another shape, a day
 * that does not exist or a time past 23:59. The one reader of the format, on both sides.
 */
export function parseReservationTime(s: string | null | undefined): ReservationAt | null {
  const m = s ? RESERVATION_TIME.exec(s) : null
  if (!m || !parseYmd(m[1])) return null
  const hour = Number(m[2])
  const minute = Number(m[3])
  if (hour > 23 || minute > 59) return null
  return { ymd: m[1] as Ymd, hour, minute }
}

/** { ymd, hour, minute } → `SUPPORT-YYYYMMDD-HH-MM`. The one writer of the format. */
export const reservationTimeOf = (at: ReservationAt | { ymd: string; hour: number; minute: number }): ReservationTime =>
  `SUPPORT-${at.ymd}-${pad(at.hour)}-${pad(at.minute)}` as ReservationTime

/** The slot key of the schedule grid (`hh-mm`, product.md §3) of a reservation start. */
export const slotKeyOf = (at: { hour: number; minute: number }): string => `${pad(at.hour)}-${pad(at.minute)}`

/** `10:30`: the clock time of a reservation start, as the screens show it. */
export const clockOf = (at: { hour: number; minute: number }): string => `${pad(at.hour)}:${pad(at.minute)}`

/** A slot key `hh-mm` (or the original backend's `hh#mm`) → { hour, minute }, or null. */
export function parseSlotKey(key: string): { hour: number; minute: number } | null {
  const m = /^(\d{2})[-#](\d{2})$/.exec(key)
  return m ? { hour: Number(m[1]), minute: Number(m[2]) } : null
}

/** The reservation starting on day `ymd` at grid slot `key` (`hh-mm`); null when either is unreadable. */
export function reservationAtSlot(ymd: string, key: string): ReservationAt | null {
  const t = parseSlotKey(key)
  return t && parseYmd(ymd) ? { ymd: ymd as Ymd, ...t } : null
}

/** The instant (epoch ms) of a Japan wall-clock start. */
export function instantOf(at: ReservationAt): number {
  const p = parseYmd(at.ymd)!
  return Date.UTC(p.year, p.month - 1, p.day, at.hour, at.minute) - JST_OFFSET_MS
}

/** The Japan wall-clock start of an instant (epoch ms or Date). */
export function reservationAtOf(instant: number | Date): ReservationAt {
  const jst = new Date((typeof instant === 'number' ? instant : instant.getTime()) + JST_OFFSET_MS)
  return {
    ymd: ymdOf({ year: jst.getUTCFullYear(), month: jst.getUTCMonth() + 1, day: jst.getUTCDate() }),
    hour: jst.getUTCHours(),
    minute: jst.getUTCMinutes(),
  }
}
