import { LocalDate, LocalTime } from '@js-joda/core'
import {
  BOOKING_WINDOW_DAYS,
  CELL_MINUTES,
  CHANGE_CUTOFF_MINUTES,
  FIRST_SLOT_HOUR,
  LAST_SLOT_END_HOUR,
  atJst,
  daysBetween,
  formatYmd,
  canChangeReservation,
  slotKey,
  todayJst,
} from './time'

// The slot rule (docs/design.md "Server rules"), pure: no database, no clock of its own.

export type Interval = { startsAt: Date; endsAt: Date }

export type DayInput = {
  day: LocalDate
  minutes: number
  now: Date
  holidays: ReadonlySet<string>
  /** staffId → shifts touching the day. */
  shifts: ReadonlyMap<string, Interval[]>
  /** staffId → booked cell starts (epoch ms), already without the cells of the ticket being moved. */
  booked: ReadonlyMap<string, ReadonlySet<number>>
}

/**
 * The slot starts of a day, 09:00 … 20:30, with their keys. One time-zone conversion per day: the
 * others are 30-minute steps from 09:00 (Asia/Tokyo has had no daylight-saving time since 1951).
 */
export function daySlots(day: LocalDate): { key: string; start: Date }[] {
  const first = atJst(day, FIRST_SLOT_HOUR, 0).getTime()
  const out: { key: string; start: Date }[] = []
  for (let h = FIRST_SLOT_HOUR; h < LAST_SLOT_END_HOUR; h++) {
    for (const m of [0, 30]) {
      out.push({ key: slotKey(LocalTime.of(h, m)), start: new Date(first + ((h - FIRST_SLOT_HOUR) * 60 + m) * 60_000) })
    }
  }
  return out
}

/** Today … today+14 in Japan time, and not a business holiday. */
export function isBookableDay(day: LocalDate, now: Date, holidays: ReadonlySet<string>): boolean {
  const offset = daysBetween(todayJst(now), day)
  return offset >= 0 && offset <= BOOKING_WINDOW_DAYS && !holidays.has(formatYmd(day))
}

/** A consultant can take `minutes` from `start` when every cell is inside a shift and free. */
export function isStaffFree(start: Date, minutes: number, shifts: Interval[], booked: ReadonlySet<number> | undefined): boolean {
  const cellMs = CELL_MINUTES * 60_000
  const cells = Math.ceil(minutes / CELL_MINUTES)
  for (let i = 0, cell = start.getTime(); i < cells; i++, cell += cellMs) {
    if (booked?.has(cell)) return false
    if (!shifts.some((s) => s.startsAt.getTime() <= cell && cell + cellMs <= s.endsAt.getTime())) return false
  }
  return true
}

export function isSlotOpen(input: DayInput, staffId: string, start: Date): boolean {
  if (!isBookableDay(input.day, input.now, input.holidays)) return false
  // A slot is offered only while a reservation there could still be made or changed (30 minutes).
  if (!canChangeReservation(start, input.now)) return false
  return isStaffFree(start, input.minutes, input.shifts.get(staffId) ?? [], input.booked.get(staffId))
}

export type DaySchedule = {
  staff: Map<string, Record<string, boolean>>
  noAssign: Record<string, boolean>
  anyTime: boolean
}

/**
 * The grid of one day: slots × consultants × cells, linear. What does not depend on the consultant
 * (bookable day, the 30-minute cut-off) is decided once per day and per slot, not per cell: the
 * time-zone arithmetic is the expensive part, and it must not grow with the consultants.
 */
export function computeDaySchedule(input: DayInput, staffIds: string[]): DaySchedule {
  const slots = daySlots(input.day)
  const bookable = isBookableDay(input.day, input.now, input.holidays)
  const openable = slots.map((slot) => bookable && canChangeReservation(slot.start, input.now))
  const staff = new Map<string, Record<string, boolean>>()
  const noAssign: Record<string, boolean> = Object.fromEntries(slots.map((s) => [s.key, false]))
  for (const id of staffIds) {
    const shifts = input.shifts.get(id) ?? []
    const booked = input.booked.get(id)
    const row: Record<string, boolean> = {}
    slots.forEach((slot, i) => {
      const open = openable[i] && isStaffFree(slot.start, input.minutes, shifts, booked)
      row[slot.key] = open
      if (open) noAssign[slot.key] = true
    })
    staff.set(id, row)
  }
  return { staff, noAssign, anyTime: Object.values(noAssign).some(Boolean) }
}

/**
 * The day to serve for a requested `dt`: itself when bookable, else the next bookable day in the
 * window, else the last bookable one before it; null when nothing in the window is bookable.
 */
export function chooseServedDay(requested: LocalDate, now: Date, holidays: ReadonlySet<string>): LocalDate | null {
  const today = todayJst(now)
  const last = today.plusDays(BOOKING_WINDOW_DAYS)
  let d = requested.isBefore(today) ? today : requested
  for (; !d.isAfter(last); d = d.plusDays(1)) if (isBookableDay(d, now, holidays)) return d
  for (d = last; !d.isBefore(today); d = d.minusDays(1)) if (isBookableDay(d, now, holidays)) return d
  return null
}

/**
 * Until when (epoch ms, exclusive) an answer for `day` computed at `now` stays right as far as the
 * clock is concerned: the next instant one of the day's slots passes its 30-minute cut-off
 * (canChangeReservation turns false at start − 30 min), or the next midnight in Japan, when "today" moves
 * (the bookable window, the day served for a request, firstDate/lastDate). Bookings aside: those
 * are the cache's invalidation (docs/decisions.md 17).
 */
export function scheduleStableUntil(day: LocalDate, now: Date): number {
  const t = now.getTime()
  const midnight = atJst(todayJst(now).plusDays(1), 0, 0).getTime()
  const cutoffMs = CHANGE_CUTOFF_MINUTES * 60_000
  for (const slot of daySlots(day)) {
    const closes = slot.start.getTime() - cutoffMs
    if (closes > t) return Math.min(closes, midnight)
  }
  return midnight
}
