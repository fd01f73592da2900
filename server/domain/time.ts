import { Duration, Instant, LocalDate, LocalDateTime, LocalTime, ZonedDateTime, ZoneId, ChronoUnit } from '@js-joda/core'
import '@js-joda/timezone'

// All business rules run in Japan time (spec §1); instants are stored in UTC.
export const JST = ZoneId.of('Asia/Tokyo')

export type Clock = { now: () => Date }
export const systemClock: Clock = { now: () => new Date() }
/** A clock pinned at one instant (tests, deterministic seed). */
export const fixedClock = (at: Date): Clock => ({ now: () => new Date(at.getTime()) })

export const CELL_MINUTES = 30
/** Bookable day window: today … today + 14 (spec §5 "Reservation dates"). */
export const BOOKING_WINDOW_DAYS = 14
/** A reservation can be made or changed only more than 30 minutes ahead (spec §5, §9). */
export const CHANGE_CUTOFF_MINUTES = 30
/** Time bands 9–13, 13–17, 17–21 (spec §9): slots start from 09:00 to 20:30. */
export const FIRST_SLOT_HOUR = 9
export const LAST_SLOT_END_HOUR = 21

export const toZoned = (d: Date): ZonedDateTime => ZonedDateTime.ofInstant(Instant.ofEpochMilli(d.getTime()), JST)
export const toDate = (z: ZonedDateTime): Date => new Date(z.toInstant().toEpochMilli())
export const todayJst = (now: Date): LocalDate => toZoned(now).toLocalDate()
export const unixSeconds = (d: Date): number => Math.floor(d.getTime() / 1000)

const pad = (n: number, w = 2) => String(n).padStart(w, '0')

export const formatYmd = (d: LocalDate): string => `${d.year()}${pad(d.monthValue())}${pad(d.dayOfMonth())}`
export const parseYmd = (s: string): LocalDate | null => {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(s)
  if (!m) return null
  try {
    return LocalDate.of(Number(m[1]), Number(m[2]), Number(m[3]))
  } catch {
    return null
  }
}

/** Slot key `hh-mm` (spec §3 schedule: '#' replaced by '-'). */
export const slotKey = (t: LocalTime): string => `${pad(t.hour())}-${pad(t.minute())}`

export const atJst = (day: LocalDate, hour: number, minute: number): Date =>
  toDate(ZonedDateTime.of(LocalDateTime.of(day, LocalTime.of(hour, minute)), JST))

/** `SUPPORT-YYYYMMDD-HH-MM` ↔ instant (Japan wall-clock). */
export const formatReservationTime = (at: Date): string => {
  const z = toZoned(at)
  return `SUPPORT-${formatYmd(z.toLocalDate())}-${pad(z.hour())}-${pad(z.minute())}`
}
export const parseReservationTime = (s: string): Date | null => {
  const m = /^SUPPORT-(\d{8})-(\d{2})-(\d{2})$/.exec(s)
  if (!m) return null
  const day = parseYmd(m[1])
  const hour = Number(m[2])
  const minute = Number(m[3])
  if (!day || hour > 23 || (minute !== 0 && minute !== 30)) return null
  return atJst(day, hour, minute)
}

export const addMinutes = (d: Date, minutes: number): Date => new Date(d.getTime() + minutes * 60_000)

/** More than 30 minutes ahead of now (strictly). */
export const isBeyondCutoff = (start: Date, now: Date): boolean =>
  start.getTime() - now.getTime() > Duration.ofMinutes(CHANGE_CUTOFF_MINUTES).toMillis()

export const daysBetween = (a: LocalDate, b: LocalDate): number => a.until(b, ChronoUnit.DAYS)

/** Start of the cells a booking of `minutes` occupies from `start`. */
export const cellsOf = (start: Date, minutes: number): Date[] => {
  const n = Math.ceil(minutes / CELL_MINUTES)
  return Array.from({ length: n }, (_, i) => addMinutes(start, i * CELL_MINUTES))
}

export { LocalDate, LocalTime }
