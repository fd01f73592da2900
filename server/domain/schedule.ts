import { LocalDate, LocalTime } from '@js-joda/core'
import {
  BOOKING_WINDOW_DAYS,
  CELL_MINUTES,
  FIRST_SLOT_HOUR,
  LAST_SLOT_END_HOUR,
  atJst,
  cellsOf,
  daysBetween,
  formatYmd,
  isBeyondCutoff,
  slotKey,
  todayJst,
} from './time'

// The slot rule (design.md "Server rules"), pure: no database, no clock of its own.

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

/** The slot starts of a day, 09:00 … 20:30, with their keys. */
export function daySlots(day: LocalDate): { key: string; start: Date }[] {
  const out: { key: string; start: Date }[] = []
  for (let h = FIRST_SLOT_HOUR; h < LAST_SLOT_END_HOUR; h++) {
    for (const m of [0, 30]) out.push({ key: slotKey(LocalTime.of(h, m)), start: atJst(day, h, m) })
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
  return cellsOf(start, minutes).every((cell) => {
    const end = cell.getTime() + CELL_MINUTES * 60_000
    const inShift = shifts.some((s) => s.startsAt.getTime() <= cell.getTime() && end <= s.endsAt.getTime())
    return inShift && !booked?.has(cell.getTime())
  })
}

export function isSlotOpen(input: DayInput, staffId: string, start: Date): boolean {
  if (!isBookableDay(input.day, input.now, input.holidays)) return false
  if (!isBeyondCutoff(start, input.now)) return false
  return isStaffFree(start, input.minutes, input.shifts.get(staffId) ?? [], input.booked.get(staffId))
}

export type DaySchedule = {
  staff: Map<string, Record<string, boolean>>
  noAssign: Record<string, boolean>
  anyTime: boolean
}

export function computeDaySchedule(input: DayInput, staffIds: string[]): DaySchedule {
  const slots = daySlots(input.day)
  const staff = new Map<string, Record<string, boolean>>()
  const noAssign: Record<string, boolean> = Object.fromEntries(slots.map((s) => [s.key, false]))
  for (const id of staffIds) {
    const row: Record<string, boolean> = {}
    for (const slot of slots) {
      const open = isSlotOpen(input, id, slot.start)
      row[slot.key] = open
      if (open) noAssign[slot.key] = true
    }
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
