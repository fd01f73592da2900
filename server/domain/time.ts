import { Instant, LocalDate, LocalDateTime, LocalTime, ZonedDateTime, ZoneId, ChronoUnit } from '@js-joda/core'
import '@js-joda/timezone'
import { CHANGE_CUTOFF_MINUTES, FIRST_SLOT_HOUR, LAST_SLOT_END_HOUR, canChangeReservation } from '../../contract/reservation-rules'
import {
  instantOf,
  parseReservationTime as readReservationTime,
  parseYmd as readYmd,
  reservationAtOf,
  reservationTimeOf,
  type ReservationTime,
} from '../../contract/reservation-time'

// All business rules run in Japan time (product.md §1); instants are stored in UTC.
export const JST = ZoneId.of('Asia/Tokyo')

export type Clock = { now: () => Date }
export const systemClock: Clock = { now: () => new Date() }

export const CELL_MINUTES = 30
/** Bookable day window: today … today + 14 (product.md §5 "Reservation dates"). */
export const BOOKING_WINDOW_DAYS = 14
/**
 * The 30-minute cut-off and the time bands (9–13, 13–17, 17–21: slots start from 09:00 to 20:30)
 * are the contract's, shared with the screens (contract/reservation-rules.ts).
 */
export { CHANGE_CUTOFF_MINUTES, FIRST_SLOT_HOUR, LAST_SLOT_END_HOUR, canChangeReservation }

export const toZoned = (d: Date): ZonedDateTime => ZonedDateTime.ofInstant(Instant.ofEpochMilli(d.getTime()), JST)
export const toDate = (z: ZonedDateTime): Date => new Date(z.toInstant().toEpochMilli())
export const todayJst = (now: Date): LocalDate => toZoned(now).toLocalDate()
export const unixSeconds = (d: Date): number => Math.floor(d.getTime() / 1000)

const pad = (n: number, w = 2) => String(n).padStart(w, '0')

export const formatYmd = (d: LocalDate): string => `${d.year()}${pad(d.monthValue())}${pad(d.dayOfMonth())}`
/** `YYYYMMDD` → the day (read by contract/reservation-time.ts), null when it does not exist. */
export const parseYmd = (s: string): LocalDate | null => {
  const p = readYmd(s)
  return p ? LocalDate.of(p.year, p.month, p.day) : null
}

/** Slot key `hh-mm` (product.md §3 schedule: '#' replaced by '-'). */
export const slotKey = (t: LocalTime): string => `${pad(t.hour())}-${pad(t.minute())}`

export const atJst = (day: LocalDate, hour: number, minute: number): Date =>
  toDate(ZonedDateTime.of(LocalDateTime.of(day, LocalTime.of(hour, minute)), JST))

/** `SUPPORT-YYYYMMDD-HH-MM` ↔ instant (Japan wall-clock), through the contract's reader and writer. */
export const formatReservationTime = (at: Date): ReservationTime => reservationTimeOf(reservationAtOf(at))
/** The start of a requested reservation: a readable time on a slot boundary (:00 or :30), else null. */
export const parseReservationTime = (s: string): Date | null => {
  const at = readReservationTime(s)
  if (!at || at.minute % CELL_MINUTES !== 0) return null
  return new Date(instantOf(at))
}

export const addMinutes = (d: Date, minutes: number): Date => new Date(d.getTime() + minutes * 60_000)


export const daysBetween = (a: LocalDate, b: LocalDate): number => a.until(b, ChronoUnit.DAYS)

/** Start of the cells a booking of `minutes` occupies from `start`. */
export const cellsOf = (start: Date, minutes: number): Date[] => {
  const n = Math.ceil(minutes / CELL_MINUTES)
  return Array.from({ length: n }, (_, i) => addMinutes(start, i * CELL_MINUTES))
}

export { LocalDate, LocalTime }
