import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm'
import type { LocalDate } from '@js-joda/core'
import type { Tx } from '../../db/client'
import { bookings, staff } from '../../db/schema'
import { computeDaySchedule, isSlotOpen, type DayInput, type Interval } from '../../domain/schedule'
import { atJst, cellsOf, toZoned } from '../../domain/time'
import { invalid } from '../../domain/errors'
import { isUniqueViolation } from '../../db/constraints'
import { apiErrors } from '../../../contract/messages'
import { roundScore, type StaffRow } from './tickets'
import { fairOrder } from './assignment'
import { lockShiftsShared } from '../staff/shifts'

type DayRow = StaffRow & {
  holidays: string[]
  /** [startsAt, endsAt] in epoch ms; null when the consultant has no shift that day. */
  shifts: [number, number][] | null
  /** Booked cell starts in epoch ms. */
  cells: number[] | null
}

/**
 * Everything the slot rule needs for one day, in ONE query: the consultants with their shifts
 * and booked cells of the day aggregated per consultant, plus the business holidays (so the
 * caller can pick the served day without a query of its own). A consultant an operator set
 * inactive is left out: not in the member's grid, never booked (STAFF_DENY when asked for by name).
 * The cells of `excludeTicket`
 * count as free, and so do the holds of abandoned purchases (held_until passed). The rest is linear work in computeDaySchedule.
 */
export async function loadDay(db: Tx, day: LocalDate, minutes: number, now: Date, excludeTicket?: string) {
  const from = atJst(day, 0, 0)
  const to = atJst(day.plusDays(1), 0, 0)
  const exclude = excludeTicket ? sql`AND ticket_number <> ${excludeTicket}` : sql``
  const result = await db.execute(sql`
    WITH sh AS (
      SELECT staff_id, json_agg(json_build_array(extract(epoch FROM starts_at) * 1000, extract(epoch FROM ends_at) * 1000)) AS shifts
      FROM staff_shifts WHERE starts_at < ${to} AND ends_at >= ${from} GROUP BY staff_id
    ), bk AS (
      SELECT staff_id, json_agg(extract(epoch FROM cell_start) * 1000) AS cells
      FROM bookings WHERE cell_start >= ${from} AND cell_start < ${to} ${exclude}
        AND (held_until IS NULL OR held_until > ${now}) GROUP BY staff_id
    ), h AS (
      SELECT coalesce(json_agg(ymd), '[]'::json) AS holidays FROM business_holidays
    )
    SELECT h.holidays, sh.shifts, bk.cells,
      s.staff_id AS "staffId", s.staff_nickname AS "staffNickname", s.staff_age AS "staffAge", s.staff_gender AS "staffGender",
      s.staff_image_url AS "staffImageUrl", s.average_score AS "averageScore", s.support_complete_count AS "supportCompleteCount",
      s.support_unsolved_count AS "supportUnSolvedCount", s.rating_count AS "ratingCount", s.sort_order AS "sortOrder"
    FROM h LEFT JOIN (staff s JOIN sh ON sh.staff_id = s.staff_id AND s.active) ON true
    LEFT JOIN bk ON bk.staff_id = s.staff_id
    ORDER BY s.sort_order, s.staff_id`)
  const rows = (result as { rows: DayRow[] }).rows
  const holidays = new Set<string>(rows[0]?.holidays ?? [])
  const shifts = new Map<string, Interval[]>()
  const booked = new Map<string, Set<number>>()
  const staffList: StaffRow[] = []
  for (const { holidays: _h, shifts: sh, cells, ...member } of rows) {
    if (!member.staffId || !sh) continue
    staffList.push({ ...member, averageScore: roundScore(member.averageScore) })
    shifts.set(member.staffId, sh.map(([a, b]) => ({ startsAt: new Date(Number(a)), endsAt: new Date(Number(b)) })))
    if (cells) booked.set(member.staffId, new Set(cells.map(Number)))
  }
  const input: DayInput = { day, minutes, now, holidays, shifts, booked }
  return { input, staffList, holidays }
}

export function daySchedule(input: DayInput, staffList: StaffRow[]) {
  return computeDaySchedule(input, staffList.map((s) => s.staffId))
}

/**
 * Books `minutes` from `start` for `ticketNumber`: with `staffId` that consultant (STAFF_DENY when
 * unavailable), without it the available one with the fewest consultations that week, ties in
 * display order (services/booking/assignment.ts; STAFF_ASSING_DENY when none).
 * Each attempt runs in a savepoint: the unique (staff, cell) constraint decides races, and a
 * violation must not abort the surrounding transaction. Returns the booked consultant.
 */
export async function bookSlot(
  tx: Tx,
  opts: { start: Date; minutes: number; staffId: string | null; ticketNumber: string; now: Date; excludeTicket?: string; heldUntil?: Date },
): Promise<string> {
  // A shift or holiday change waits for this booking, and this booking for it (services/staff/shifts.ts).
  await lockShiftsShared(tx)
  const day = toZoned(opts.start).toLocalDate()
  const { input, staffList } = await loadDay(tx, day, opts.minutes, opts.now, opts.excludeTicket)
  const denied = opts.staffId ? apiErrors.staffDeny : apiErrors.staffAssignDeny
  // 指名なし: the fairest free consultant first (services/booking/assignment.ts).
  const candidates = opts.staffId ? staffList.filter((s) => s.staffId === opts.staffId) : await fairOrder(tx, staffList, opts.start, opts.now)
  for (const s of candidates) {
    if (!isSlotOpen(input, s.staffId, opts.start)) continue
    const cells = cellsOf(opts.start, opts.minutes)
    try {
      await tx.transaction(async (sp) => {
        // An abandoned purchase's hold is void (loadDay already counts it free): clear it so the
        // unique (staff, cell) constraint lets this booking in.
        await sp
          .delete(bookings)
          .where(and(eq(bookings.staffId, s.staffId), inArray(bookings.cellStart, cells), isNotNull(bookings.heldUntil), lte(bookings.heldUntil, opts.now)))
        await sp.insert(bookings).values(cells.map((cellStart) => ({ staffId: s.staffId, cellStart, ticketNumber: opts.ticketNumber, heldUntil: opts.heldUntil ?? null })))
        // An operator may have deactivated the consultant since loadDay read them: the insert above
        // waited for that write's row lock (services/desk/consultants.ts), so this read sees it.
        const [still] = await sp.select({ active: staff.active }).from(staff).where(eq(staff.staffId, s.staffId))
        if (!still?.active) throw new StaffInactive()
      })
      return s.staffId
    } catch (e) {
      if (!isUniqueViolation(e) && !(e instanceof StaffInactive)) throw e
    }
  }
  throw invalid(denied)
}

class StaffInactive extends Error {}

export async function releaseBooking(tx: Tx, ticketNumber: string) {
  await tx.delete(bookings).where(eq(bookings.ticketNumber, ticketNumber))
}

/** A purchase recorded: its held cells become an ordinary booking. */
export async function confirmBooking(tx: Tx, ticketNumber: string): Promise<number> {
  const rows = await tx.update(bookings).set({ heldUntil: null }).where(eq(bookings.ticketNumber, ticketNumber)).returning({ id: bookings.id })
  return rows.length
}
