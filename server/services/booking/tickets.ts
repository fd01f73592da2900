import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Ticket, StaffProfile } from '../../../contract/entities'
import type { TicketNumber } from '../../../contract/ids'
import type { Tx } from '../../db/client'
import { staff, tickets } from '../../db/schema'
import { formatReservationTime, unixSeconds } from '../../domain/time'
import { reservationChangeRefusal } from '../../../contract/reservation-rules'
import { invalid, notFound, serverErrors } from '../../domain/errors'
import { apiErrors, changeRefusalMessages } from '../../../contract/messages'
import { roomWindow } from '../../../contract/room'

export type TicketRow = typeof tickets.$inferSelect
export type StaffRow = typeof staff.$inferSelect

/** A consultant's mean rating as members read it: one decimal (the row keeps it unrounded). */
export const roundScore = (score: number): number => Math.round(Number(score) * 10) / 10

export const toStaffProfile = (s: StaffRow): StaffProfile => ({
  staffId: s.staffId,
  staffNickname: s.staffNickname,
  staffAge: s.staffAge,
  staffGender: s.staffGender,
  staffImageUrl: s.staffImageUrl,
  averageScore: roundScore(s.averageScore),
  supportCompleteCount: s.supportCompleteCount,
  supportUnSolvedCount: s.supportUnSolvedCount,
})

/** What a booked SUPPORT ticket's end and outcome due time are read from (docs/decisions.md 85). */
export type TicketTimes = { addedMinutes: number; graceHours: number }

/**
 * A ticket as the member reads it. With `times`, a booked SUPPORT ticket also carries its end
 * (extensions included) and the moment its outcome is overdue, for the card's label
 * (contract/ticket-rules.ts `ticketLabel`).
 */
export function toTicket(t: TicketRow, s: StaffRow | null, times?: TicketTimes): Ticket {
  const end = times && t.productType === 'SUPPORT' && t.reservationAt ? unixSeconds(t.reservationAt) + (t.minutesToSupport + times.addedMinutes) * 60 : null
  return {
    ticketNumber: t.ticketNumber,
    isFreeTicket: t.isFreeTicket,
    amountRefunded: t.amountRefunded,
    reservationTime: t.productType === 'SUPPORT' && t.reservationAt ? formatReservationTime(t.reservationAt) : t.productType,
    reservationUnixTime: t.reservationAt ? unixSeconds(t.reservationAt) : null,
    productId: t.productId,
    productName: t.productName,
    productType: t.productType,
    price: t.price,
    minutesToSupport: t.minutesToSupport,
    staff: s ? toStaffProfile(s) : null,
    supportType: t.supportType,
    supportStatus: t.supportStatus,
    unsolvedAfterFollowContent: t.unsolvedAfterFollowContent,
    refundReason: t.refundReason,
    alreadyRating: t.alreadyRating,
    staffImageUrl: s?.staffImageUrl ?? null,
    interviewTelNumber: t.interviewTelNumber,
    reservationMenuList: t.reservationMenuList,
    purchaseTime: unixSeconds(t.purchaseTime),
    // Only when recorded: the card reads 「ご連絡がありませんでした」 from then on (contract/ticket-rules.ts).
    ...(t.noContact ? { noContact: true } : {}),
    parentTicketNumber: t.parentTicketNumber,
    ...(end !== null ? { endUnixTime: end, outcomeDueUnixTime: end + times!.graceHours * 3600 } : {}),
    ...(t.noCallReportedAt ? { noCallReportedUnixTime: unixSeconds(t.noCallReportedAt) } : {}),
    // An online booking's room stays open a while after the end: a late member may still come in (decision 120).
    ...(end !== null && t.supportType === 'ONLINE' ? { roomClosesUnixTime: roomWindow(unixSeconds(t.reservationAt!), end, 0).closesUnixTime } : {}),
  }
}

/** Minutes of the unrefunded extensions (ADD) on each of a member's consultations, by its ticket number. */
export async function extensionMinutesOf(db: Tx, memberId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ parent: tickets.parentTicketNumber, minutes: sql<number>`sum(${tickets.minutesToSupport})`.mapWith(Number) })
    .from(tickets)
    .where(and(eq(tickets.memberId, memberId), eq(tickets.productType, 'ADD'), eq(tickets.amountRefunded, 0), isNotNull(tickets.parentTicketNumber)))
    .groupBy(tickets.parentTicketNumber)
  return new Map(rows.map((r) => [r.parent!, r.minutes]))
}

/** A member's tickets of these types, oldest first; `graceHours` is the config's OUTCOME_GRACE_HOURS. */
export async function listTickets(db: Tx, memberId: string, types: TicketRow['productType'][], graceHours: number): Promise<Ticket[]> {
  const [rows, added] = await Promise.all([
    db
      .select()
      .from(tickets)
      .leftJoin(staff, eq(staff.staffId, tickets.staffId))
      .where(and(eq(tickets.memberId, memberId), inArray(tickets.productType, types)))
      .orderBy(tickets.purchaseTime),
    types.includes('SUPPORT') ? extensionMinutesOf(db, memberId) : new Map<string, number>(),
  ])
  return rows.map((r) => toTicket(r.tickets, r.staff, { addedMinutes: added.get(r.tickets.ticketNumber) ?? 0, graceHours }))
}

/** The caller's own ticket; another member's (or an unknown) number answers 404. */
export async function loadOwnTicket(db: Tx, memberId: string, ticketNumber: TicketNumber, forUpdate = false) {
  const q = db
    .select()
    .from(tickets)
    .leftJoin(staff, eq(staff.staffId, tickets.staffId))
    .where(and(eq(tickets.ticketNumber, ticketNumber), eq(tickets.memberId, memberId)))
  const [row] = forUpdate ? await q.for('update', { of: tickets }) : await q
  if (!row) throw notFound(serverErrors.ticketNotFound)
  return { ticket: row.tickets, staff: row.staff }
}

/** Spec §6 / docs/design.md: SUPPORT, UNSUPPORTED, not refunded, more than 30 minutes before (the contract's rule, as the home's button). */
export function assertChangeable(t: TicketRow, now: Date) {
  const refusal = reservationChangeRefusal(t, now)
  // A refunded booking says so: its old change links explain themselves (contract/messages.ts).
  if (refusal === 'notChangeable' && t.amountRefunded > 0) throw invalid(changeRefusalMessages.refunded)
  if (refusal === 'notChangeable') throw invalid(serverErrors.ticketNotChangeable)
  if (refusal === 'tooLate') throw invalid(apiErrors.reservationTimeout)
}

/** Spec §6: COMPLETED SUPPORT ticket, no refund, not yet rated. */
export function assertRatable(t: TicketRow) {
  if (t.productType !== 'SUPPORT' || t.supportStatus !== 'COMPLETED' || t.amountRefunded > 0) {
    throw invalid(serverErrors.ratingNotAvailable)
  }
  if (t.alreadyRating) throw invalid(serverErrors.alreadyRated)
}
