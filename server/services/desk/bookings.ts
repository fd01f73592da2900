import { and, asc, count, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm'
import type { DeskCallInput } from '../../../contract/desk-calls'
import type { DeskBooking, DeskBookingStatus } from '../../../contract/desk/bookings'
import { deskMessages as dm } from '../../../contract/desk-messages'
import type { Tx } from '../../db/client'
import { members, staff, tickets } from '../../db/schema'
import { addMinutes, atJst, formatReservationTime, parseYmd, unixSeconds } from '../../domain/time'
import { invalid } from '../../domain/errors'
import type { Deps } from '../deps'
import { offsetOf, pageOf } from './common'
import { memberMatch } from './member-match'
import type { RoomStay } from '../../../contract/room'
import { roomStays } from '../room/presence'
// Any refund ends the booking (docs/product.md §4): the desk's status is a projection of the ticket's state.
import { deskStatusOf, statesOfDeskStatus } from '../../domain/ticket'
import { inState } from '../staff/deadlines'

// The desk's bookings (desk-bookings, and the glance of services/desk/today.ts): SUPPORT tickets
// with a date, with their member and consultant, in the status the desk shows
// (contract/desk-calls.ts DeskBookingStatus). Read from tickets alone: a refunded booking has lost
// its cells (docs/server.md "Refunds") but is still a booking the operator looks for.

/** A booking's own fields (also the consultations export's, services/desk/exports.ts). */
export const bookingTicketColumns = {
  ticketNumber: tickets.ticketNumber,
  memberId: tickets.memberId,
  staffId: tickets.staffId,
  productName: tickets.productName,
  reservationAt: tickets.reservationAt,
  minutes: tickets.minutesToSupport,
  supportType: tickets.supportType,
  supportStatus: tickets.supportStatus,
  noContact: tickets.noContact,
  amountRefunded: tickets.amountRefunded,
  noPreference: tickets.noPreference,
  outcomeAt: tickets.outcomeAt,
}

const columns = {
  t: { ...bookingTicketColumns, followUpDue: tickets.followUpDue, noCallReportedAt: tickets.noCallReportedAt },
  m: { lastname: members.memberLastname, firstname: members.memberFirstname, deletedAt: members.deletedAt },
  staffNickname: staff.staffNickname,
  /** How many rows the select matches in all, before its limit (the glance's capped lists). */
  total: sql<number>`cast(count(*) over () as integer)`,
}

/** The bookings' own rows: SUPPORT tickets with a date and a consultant. */
export const isBooking = and(eq(tickets.productType, 'SUPPORT'), isNotNull(tickets.reservationAt), isNotNull(tickets.staffId))!

/** A select of bookings with their member and consultant, `where` added to `isBooking`. */
export const selectBookings = (db: Tx, where: SQL | undefined) =>
  db
    .select(columns)
    .from(tickets)
    .innerJoin(members, eq(members.memberId, tickets.memberId))
    .innerJoin(staff, eq(staff.staffId, tickets.staffId))
    .where(and(isBooking, where))

type Row = Awaited<ReturnType<typeof selectBookings>>[number]

/** The tickets whose desk status is `status` (the SQL of `deskStatusOf`: the states it gathers). */
export const statusWhere = (status: DeskBookingStatus, now: Date, graceHours: number): SQL => inState(statesOfDeskStatus(status), now, graceHours)

/**
 * The rows as the desk shows them, with the room's stays of the ONLINE ones (one query for all:
 * the same rows as the consultant's views read, services/room/presence.ts).
 */
export async function toDeskBookings(db: Tx, rows: readonly Row[]): Promise<DeskBooking[]> {
  const stays = await roomStays(db, rows.filter((r) => r.t.supportType === 'ONLINE').map((r) => r.t.ticketNumber))
  return rows.map((r) => toDeskBooking(r, stays.get(r.t.ticketNumber) ?? []))
}

function toDeskBooking({ t, m, staffNickname }: Row, stays: RoomStay[]): DeskBooking {
  const start = t.reservationAt!
  const gone = m.deletedAt !== null
  return {
    ticketNumber: t.ticketNumber,
    memberId: t.memberId,
    memberName: gone ? dm.cancelledMember : `${m.lastname} ${m.firstname}`,
    memberCancelled: gone,
    staffId: t.staffId!,
    staffNickname,
    productName: t.productName,
    reservationTime: formatReservationTime(start),
    startUnixTime: unixSeconds(start),
    endUnixTime: unixSeconds(addMinutes(start, t.minutes)),
    minutes: t.minutes,
    supportType: t.supportType,
    status: deskStatusOf(t),
    noPreference: t.noPreference,
    outcomeUnixTime: t.outcomeAt ? unixSeconds(t.outcomeAt) : null,
    followUpDue: t.followUpDue,
    noCallReportedUnixTime: t.noCallReportedAt ? unixSeconds(t.noCallReportedAt) : null,
    roomStays: stays,
  }
}

const day = (ymd: string) => {
  const d = parseYmd(ymd)
  if (!d) throw invalid(dm.dateInvalid)
  return d
}

/**
 * desk-bookings: the bookings in the JST days asked for, of one consultant, in one status, of one
 * member (member-match.ts; a ticket number names the booking itself), paged. With a first day:
 * earliest first (what is coming); without: latest first (the history).
 */
export async function searchBookings(deps: Deps, input: DeskCallInput<'desk-bookings'>) {
  const member = input.member?.trim()
  const where = and(
    input.from ? gte(tickets.reservationAt, atJst(day(input.from), 0, 0)) : undefined,
    input.to ? lt(tickets.reservationAt, atJst(day(input.to).plusDays(1), 0, 0)) : undefined,
    input.staffId ? eq(tickets.staffId, input.staffId) : undefined,
    input.status ? statusWhere(input.status, deps.clock.now(), deps.config.outcomes.graceHours) : undefined,
    member ? memberMatch(member, 'ANY', (q) => eq(tickets.ticketNumber, q)) : undefined,
  )
  const order = input.from ? [asc(tickets.reservationAt), asc(tickets.ticketNumber)] : [desc(tickets.reservationAt), desc(tickets.ticketNumber)]
  const [[{ total }], rows] = await Promise.all([
    deps.db
      .select({ total: count() })
      .from(tickets)
      .innerJoin(members, eq(members.memberId, tickets.memberId))
      .innerJoin(staff, eq(staff.staffId, tickets.staffId))
      .where(and(isBooking, where)),
    selectBookings(deps.db, where)
      .orderBy(...order)
      .limit(input.pageSize)
      .offset(offsetOf(input)),
  ])
  return pageOf(await toDeskBookings(deps.db, rows), total, input)
}
