import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { CallResponse } from '../../../contract/calls'
import { formatMessages } from '../../../contract/validation-messages'
import { staff, tickets } from '../../db/schema'
import type { Tx } from '../../db/client'
import { chooseServedDay } from '../../domain/schedule'
import { BOOKING_WINDOW_DAYS, formatReservationTime, formatYmd, parseReservationTime, parseYmd, todayJst, type LocalDate } from '../../domain/time'
import { invalid, serverErrors } from '../../domain/errors'
import type { CallInput, Deps, MemberRow } from '../deps'
import { mails } from '../../mail/member-mails'
import { notify } from '../../infra/outbox'
import { notifyConsultant } from '../booking/consultant-notices'
import { bookSlot, daySchedule, loadDay, releaseBooking } from '../booking/schedule'
import { assertChangeable, loadOwnTicket, toStaffProfile } from '../booking/tickets'
import { inviteFor, nextInviteSequence } from '../booking/ticket-invite'

/** The requested `dt` as a day; 400 for an impossible date (20250231). */
export function requestedDay(dt: string): LocalDate {
  const day = parseYmd(dt)
  if (!day) throw invalid(formatMessages.ymd)
  return day
}

/** The schedule of `requested` (or the day served instead, product.md §8) as of `now`. */
export async function scheduleAnswer(db: Tx, requested: LocalDate, minutes: number, now: Date, exclude?: string) {
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

/** Moves the booking in one transaction: old cells released, new cells taken (unique per cell). */
export async function changeReservation(deps: Deps, m: MemberRow, input: CallInput<'update-resevation-date'>): Promise<CallResponse<'update-resevation-date'>> {
  const now = deps.clock.now()
  const start = parseReservationTime(input.reservationTime)
  if (!start) throw invalid(serverErrors.reservationTimeInvalid)
  const staffId = input.staffId ? input.staffId : null
  const result = await deps.db.transaction(async (tx) => {
    const { ticket } = await loadOwnTicket(tx, m.memberId, input.ticketNumber, true)
    assertChangeable(ticket, now)
    if (input.minutesToSupport !== ticket.minutesToSupport) throw invalid(serverErrors.minutesMismatch)
    await releaseBooking(tx, ticket.ticketNumber)
    const booked = await bookSlot(tx, { start, minutes: ticket.minutesToSupport, staffId, ticketNumber: ticket.ticketNumber, now })
    // What the member chose now is the booking's preference (docs/server.md "Consultation state"):
    // a named consultant is no 指名なし booking any more, and 指名なし is one again, assigned.
    // The member's calendar follows: the invite mailed with it supersedes the one they hold (its
    // SEQUENCE raised in the same statement as the move, so the row is written once).
    await tx.update(tickets).set({ reservationAt: start, staffId: booked, noPreference: staffId === null, calendarSequence: nextInviteSequence }).where(eq(tickets.ticketNumber, ticket.ticketNumber))
    const [s] = await tx.select().from(staff).where(eq(staff.staffId, booked))
    // The member's mail with its invite as the row now stands, and the consultants' (docs/server.md
    // "Mails to consultants": the one who held it, and the one who holds it now), with the move.
    const invite = await inviteFor({ ...deps, db: tx }, ticket.ticketNumber, 'REQUEST')
    await notify(tx, deps, { kind: 'reservation-changed', key: `reservation-changed:${ticket.ticketNumber}:${randomUUID()}`, mail: mails.reservationChanged(m.email, { ticketNumber: input.ticketNumber, reservationAt: start, staffNickname: s.staffNickname }, invite) })
    const moved = { ticketNumber: ticket.ticketNumber, productName: ticket.productName, minutes: ticket.minutesToSupport, supportType: ticket.supportType, reservationAt: start, memberId: m.memberId }
    if (ticket.staffId === booked) {
      await notifyConsultant(deps, tx, booked, moved, { kind: 'moved', from: ticket.reservationAt! })
    } else {
      if (ticket.staffId) await notifyConsultant(deps, tx, ticket.staffId, { ...moved, reservationAt: ticket.reservationAt! }, { kind: 'movedAway' })
      await notifyConsultant(deps, tx, booked, moved, { kind: 'movedTo' })
    }
    return { staffId: booked }
  })
  return { ticketNumber: input.ticketNumber, reservationTime: formatReservationTime(start), staffId: result.staffId }
}
