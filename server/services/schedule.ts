import { and, asc, eq, gte, lt, ne } from 'drizzle-orm'
import type { LocalDate } from '@js-joda/core'
import type { Tx } from '../db/client'
import { bookings, businessHolidays, staff, staffShifts } from '../db/schema'
import { computeDaySchedule, isSlotOpen, type DayInput, type Interval } from '../domain/schedule'
import { atJst, cellsOf, toZoned } from '../domain/time'
import { badRequest } from '../http/errors'
import { apiErrors } from '../../src/contract/messages'
import type { StaffRow } from './tickets'

export async function loadHolidays(db: Tx): Promise<Set<string>> {
  const rows = await db.select().from(businessHolidays)
  return new Set(rows.map((r) => r.ymd))
}

/** Everything the slot rule needs for one day; the cells of `excludeTicket` count as free. */
export async function loadDay(db: Tx, day: LocalDate, minutes: number, now: Date, excludeTicket?: string) {
  const from = atJst(day, 0, 0)
  const to = atJst(day.plusDays(1), 0, 0)
  const [staffList, shiftRows, bookingRows, holidays] = await Promise.all([
    db.select().from(staff).orderBy(asc(staff.sortOrder)),
    db.select().from(staffShifts).where(and(lt(staffShifts.startsAt, to), gte(staffShifts.endsAt, from))),
    db
      .select()
      .from(bookings)
      .where(and(gte(bookings.cellStart, from), lt(bookings.cellStart, to), ...(excludeTicket ? [ne(bookings.ticketNumber, excludeTicket)] : []))),
    loadHolidays(db),
  ])
  const shifts = new Map<string, Interval[]>()
  for (const s of shiftRows) shifts.set(s.staffId, [...(shifts.get(s.staffId) ?? []), s])
  const booked = new Map<string, Set<number>>()
  for (const b of bookingRows) {
    const set = booked.get(b.staffId) ?? new Set<number>()
    set.add(b.cellStart.getTime())
    booked.set(b.staffId, set)
  }
  const input: DayInput = { day, minutes, now, holidays, shifts, booked }
  return { input, staffList: staffList.filter((s) => shifts.has(s.staffId)) }
}

export function daySchedule(input: DayInput, staffList: StaffRow[]) {
  return computeDaySchedule(input, staffList.map((s) => s.staffId))
}

const isUniqueViolation = (e: unknown): boolean => {
  for (let x = e as { code?: string; cause?: unknown } | undefined; x; x = x.cause as typeof x) {
    if (x.code === '23505') return true
  }
  return false
}

/**
 * Books `minutes` from `start` for `ticketNumber`: with `staffId` that consultant (STAFF_DENY when
 * unavailable), without it the first available one in display order (STAFF_ASSING_DENY when none).
 * Each attempt runs in a savepoint: the unique (staff, cell) constraint decides races, and a
 * violation must not abort the surrounding transaction. Returns the booked consultant.
 */
export async function bookSlot(
  tx: Tx,
  opts: { start: Date; minutes: number; staffId: string | null; ticketNumber: string; now: Date; excludeTicket?: string },
): Promise<string> {
  const day = toZoned(opts.start).toLocalDate()
  const { input, staffList } = await loadDay(tx, day, opts.minutes, opts.now, opts.excludeTicket)
  const denied = opts.staffId ? apiErrors.staffDeny : apiErrors.staffAssignDeny
  const candidates = opts.staffId ? staffList.filter((s) => s.staffId === opts.staffId) : staffList
  for (const s of candidates) {
    if (!isSlotOpen(input, s.staffId, opts.start)) continue
    try {
      await tx.transaction(async (sp) => {
        await sp.insert(bookings).values(cellsOf(opts.start, opts.minutes).map((cellStart) => ({ staffId: s.staffId, cellStart, ticketNumber: opts.ticketNumber })))
      })
      return s.staffId
    } catch (e) {
      if (!isUniqueViolation(e)) throw e
    }
  }
  throw badRequest(denied)
}

export async function releaseBooking(tx: Tx, ticketNumber: string) {
  await tx.delete(bookings).where(eq(bookings.ticketNumber, ticketNumber))
}
