import { and, eq, sql } from 'drizzle-orm'
import { apiErrors } from '../../src/contract/messages'
import { products, ratings, staff, tickets } from '../db/schema'
import type { CallResponse } from '../../src/contract/calls'
import type { Tx } from '../db/client'
import { chooseServedDay, scheduleStableUntil } from '../domain/schedule'
import { BOOKING_WINDOW_DAYS, formatReservationTime, formatYmd, parseReservationTime, parseYmd, todayJst, type LocalDate } from '../domain/time'
import { checkedJson } from '../http/checked-json'
import { badRequest, serverErrors } from '../http/errors'
import type { PartialHandlers } from '../http/handler'
import { mails } from '../services/mails'
import { bookSlot, daySchedule, loadDay, releaseBooking } from '../services/schedule'
import { assertChangeable, assertRatable, loadOwnTicket, toStaffProfile, toTicket } from '../services/tickets'

function requestedDay(dt: string) {
  const day = parseYmd(dt)
  if (!day) throw badRequest('dt must be a valid date YYYYMMDD')
  return day
}

/** The schedule of `requested` (or the day served instead, spec §8) as of `now`. */
async function scheduleAnswer(db: Tx, requested: LocalDate, minutes: number, now: Date, exclude?: string) {
  // One query for the requested day (holidays included); a second only when another day is served.
  let loaded = await loadDay(db, requested, minutes, now, exclude)
  const day = chooseServedDay(requested, now, loaded.holidays) ?? requested
  if (!day.equals(requested)) loaded = await loadDay(db, day, minutes, now, exclude)
  const { input: dayInput, staffList } = loaded
  const schedule = daySchedule(dayInput, staffList)
  const today = todayJst(now)
  const answer: CallResponse<'reservation-schedule'> = {
    selectDate: formatYmd(day),
    staffSchedules: staffList.map((s) => {
      const schedules = schedule.staff.get(s.staffId) ?? {}
      return { ...toStaffProfile(s), isAvailableAnyTime: Object.values(schedules).some(Boolean), schedules }
    }),
    noAssignSchedules: schedule.noAssign,
    isAvailableAnyTime: schedule.anyTime,
    firstDate: formatYmd(today),
    lastDate: formatYmd(today.plusDays(BOOKING_WINDOW_DAYS)),
  }
  return { answer, day }
}

export const reservationHandlers: PartialHandlers<'ticket-data' | 'reservation-schedule' | 'update-resevation-date' | 'rating'> = {
  async 'ticket-data'({ input, deps, me }) {
    const m = me()
    const { ticket, staff: s } = await loadOwnTicket(deps.db, m.memberId, input.ticketNumber)
    if (input.action === 'CHANGE_RESERVATION') assertChangeable(ticket, deps.clock.now())
    else assertRatable(ticket)
    return toTicket(ticket, s)
  },

  async 'reservation-schedule'({ input, deps, me }) {
    const m = me()
    // spec §8: the client sends the member to the menu when the message contains this.
    if (input.minutesToSupport === undefined || input.minutesToSupport <= 0) throw badRequest(apiErrors.minutesToSupportNone)
    const minutes = input.minutesToSupport
    if (input.updateTargetTicketNumber) {
      // The ticket being moved frees its own cells: an answer for one member, never cached.
      const requested = requestedDay(input.dt)
      await loadOwnTicket(deps.db, m.memberId, input.updateTargetTicketNumber)
      return (await scheduleAnswer(deps.db, requested, minutes, deps.clock.now(), input.updateTargetTicketNumber)).answer
    }
    // docs/decisions.md 17: the same answer for every member, cached per (dt, minutes), checked
    // and serialized once; every booking write clears it, and it expires at the next cut-off or
    // midnight. A stale "free" cell can only make a booking answer its clean STAFF_DENY. An
    // impossible date (20250231) throws inside the computation, so it is never kept.
    const compute = async (at: number) => {
      const now = new Date(at)
      const { answer, day } = await scheduleAnswer(deps.db, requestedDay(input.dt), minutes, now)
      return { value: checkedJson('reservation-schedule', answer), validUntil: scheduleStableUntil(day, now) }
    }
    // Another replica's booking must be seen on the next request (server/services/cache-bus.ts);
    // while the bus reconnects, the answer is computed afresh.
    if (!(await deps.caches.fresh())) return (await compute(deps.clock.now().getTime())).value
    return deps.caches.schedules.get(`${input.dt}/${minutes}`, compute)
  },

  // Moves the booking in one transaction: old cells released, new cells taken (unique per cell).
  async 'update-resevation-date'({ input, deps, me }) {
    const m = me()
    const now = deps.clock.now()
    const start = parseReservationTime(input.reservationTime)
    if (!start) throw badRequest(serverErrors.reservationTimeInvalid)
    const staffId = input.staffId ? input.staffId : null
    const result = await deps.db.transaction(async (tx) => {
      const { ticket } = await loadOwnTicket(tx, m.memberId, input.ticketNumber, true)
      assertChangeable(ticket, now)
      if (input.minutesToSupport !== ticket.minutesToSupport) throw badRequest(serverErrors.minutesMismatch)
      await releaseBooking(tx, ticket.ticketNumber)
      const booked = await bookSlot(tx, { start, minutes: ticket.minutesToSupport, staffId, ticketNumber: ticket.ticketNumber, now })
      await tx.update(tickets).set({ reservationAt: start, staffId: booked }).where(eq(tickets.ticketNumber, ticket.ticketNumber))
      const [s] = await tx.select().from(staff).where(eq(staff.staffId, booked))
      return { staffId: booked, staffNickname: s.staffNickname }
    })
    deps.caches.scheduleChanged()
    await mails.reservationChanged(deps.mailer, m.email, { ticketNumber: input.ticketNumber, reservationAt: start, staffNickname: result.staffNickname })
    return { ticketNumber: input.ticketNumber, reservationTime: formatReservationTime(start), staffId: result.staffId }
  },

  // Once per COMPLETED SUPPORT ticket; the tip itself is paid through charge (TIP, parentTicketNumber).
  async rating({ input, deps, me }) {
    const m = me()
    const now = deps.clock.now()
    if (input.tip && input.tipData) {
      const [tip] = await deps.db.select().from(products).where(and(eq(products.productId, input.tipData.productId), eq(products.productType, 'TIP')))
      if (!tip) throw badRequest(serverErrors.tipProductNotFound)
    }
    await deps.db.transaction(async (tx) => {
      const { ticket } = await loadOwnTicket(tx, m.memberId, input.ticketNumber, true)
      assertRatable(ticket)
      const inserted = await tx
        .insert(ratings)
        .values({
          ticketNumber: ticket.ticketNumber,
          memberId: m.memberId,
          staffId: ticket.staffId,
          memberTotalScore: input.memberTotalScore,
          memberDetailScore: input.memberDetailScore,
          ratingComment: input.ratingComment,
          tip: input.tip,
          tipProductId: input.tip ? (input.tipData?.productId ?? null) : null,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ t: ratings.ticketNumber })
      if (inserted.length === 0) throw badRequest(serverErrors.alreadyRated)
      await tx.update(tickets).set({ alreadyRating: true }).where(eq(tickets.ticketNumber, ticket.ticketNumber))
      if (ticket.staffId) {
        await tx
          .update(staff)
          .set({
            averageScore: sql`round(((${staff.averageScore} * ${staff.ratingCount} + ${input.memberTotalScore}) / (${staff.ratingCount} + 1))::numeric, 1)::float8`,
            ratingCount: sql`${staff.ratingCount} + 1`,
          })
          .where(eq(staff.staffId, ticket.staffId))
      }
    })
    // The consultant's averageScore is part of every schedule answer.
    deps.caches.scheduleChanged()
    return {}
  },
}
