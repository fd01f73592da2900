import { and, asc, desc, eq, gte, isNotNull, lt, lte, sql } from 'drizzle-orm'
import { DESK_OUTCOME_LOOKBACK_DAYS, DESK_TODAY_LIST_MAX, type DeskBooking, type DeskTodayResponse } from '../../../contract/desk/bookings'
import { deskMessages as dm } from '../../../contract/desk-messages'
import type { Tx } from '../../db/client'
import { members, purchases, refunds, staff, tickets } from '../../db/schema'
import { atJst, formatYmd, todayJst, unixSeconds, type LocalDate } from '../../domain/time'
import type { Deps } from '../deps'
import { selectBookings, statusWhere, toDeskBookings } from './bookings'
import { inState, outcomeOverdue } from '../staff/deadlines'
import { OUTCOME_PENDING } from '../../domain/ticket'

// 今日の状況, the operator's landing (desk-today; docs/product.md §10 "The operator's desk"): one
// call answering what running the day needs, from seven bounded queries run side by side:
//   - today's and tomorrow's consultations by consultant (two JST days of tickets);
//   - outcomes overdue: consultations started in the last DESK_OUTCOME_LOOKBACK_DAYS days with no
//     outcome and no refund whose end (extensions included) is more than OUTCOME_GRACE_HOURS past:
//     the consultant was reminded and had the grace period (docs/decisions.md 85); older ones are
//     in 過去の相談's 結果未記録（期限超過）;
//   - follow-ups owed: UNSOLVED, not refunded, the due day soonest first (docs/server.md "The
//     consultation loop");
//   - "no call came" reports (docs/decisions.md 86) on consultations with no outcome yet (ご連絡なし
//     recorded or not) and not refunded: the member is waiting for us;
//   - today's purchases and succeeded refunds, counted and summed by the database.
// Each list carries its first DESK_TODAY_LIST_MAX rows and its total (`count(*) over ()`).

/** Rows of a money list with the count and the yen of every row the query matched. */
type MoneyRow = { memberId: string; lastname: string; firstname: string; deletedAt: Date | null; ticketNumber: string; productName: string; amount: number; at: Date; count: number; yen: number }

const MONEY_ITEMS = 20

function money(rows: MoneyRow[]) {
  return {
    count: rows[0]?.count ?? 0,
    yen: rows[0]?.yen ?? 0,
    items: rows.map((r) => ({
      memberId: r.memberId,
      memberName: r.deletedAt ? dm.cancelledMember : `${r.lastname} ${r.firstname}`,
      ticketNumber: r.ticketNumber,
      productName: r.productName,
      amount: r.amount,
      at: unixSeconds(r.at),
    })),
  }
}

const totals = {
  count: sql<number>`cast(count(*) over () as integer)`,
  memberId: members.memberId,
  lastname: members.memberLastname,
  firstname: members.memberFirstname,
  deletedAt: members.deletedAt,
}

/** One JST day of the board: every active consultant in display order, and any other holding a consultation that day. */
function boardDay(day: LocalDate, roster: { staffId: string; staffNickname: string; active: boolean }[], consultations: DeskBooking[]) {
  const from = unixSeconds(atJst(day, 0, 0))
  const to = unixSeconds(atJst(day.plusDays(1), 0, 0))
  const ofDay = consultations.filter((c) => c.startUnixTime >= from && c.startUnixTime < to)
  const consultants = roster
    .map((s) => ({ ...s, consultations: ofDay.filter((c) => c.staffId === s.staffId) }))
    .filter((s) => s.active || s.consultations.length > 0)
  return { ymd: formatYmd(day), consultants, total: ofDay.length }
}

export async function deskToday(deps: Deps): Promise<DeskTodayResponse> {
  const now = deps.clock.now()
  const today = todayJst(now)
  const dayStart = atJst(today, 0, 0)
  const tomorrowStart = atJst(today.plusDays(1), 0, 0)
  const boardEnd = atJst(today.plusDays(2), 0, 0)
  const lookback = atJst(today.minusDays(DESK_OUTCOME_LOOKBACK_DAYS), 0, 0)
  const db: Tx = deps.db

  const [roster, board, missing, follow, reports, bought, refunded] = await Promise.all([
    db.select({ staffId: staff.staffId, staffNickname: staff.staffNickname, active: staff.active }).from(staff).orderBy(asc(staff.sortOrder), asc(staff.staffId)),
    selectBookings(db, and(gte(tickets.reservationAt, dayStart), lt(tickets.reservationAt, boardEnd))).orderBy(asc(tickets.reservationAt), asc(tickets.ticketNumber)),
    selectBookings(db, and(gte(tickets.reservationAt, lookback), lte(tickets.reservationAt, now), outcomeOverdue(now, deps.config.outcomes.graceHours)))
      .orderBy(asc(tickets.reservationAt), asc(tickets.ticketNumber))
      .limit(DESK_TODAY_LIST_MAX),
    selectBookings(db, statusWhere('UNSOLVED', now, deps.config.outcomes.graceHours))
      .orderBy(sql`${tickets.followUpDue} asc nulls first`, asc(tickets.outcomeAt), asc(tickets.reservationAt))
      .limit(DESK_TODAY_LIST_MAX),
    // Reported, and no outcome yet but ご連絡なし, the booking kept (server/domain/ticket.ts).
    selectBookings(db, and(isNotNull(tickets.noCallReportedAt), inState([...OUTCOME_PENDING, 'noContact'], now, deps.config.outcomes.graceHours)))
      .orderBy(asc(tickets.noCallReportedAt), asc(tickets.ticketNumber))
      .limit(DESK_TODAY_LIST_MAX),
    db
      .select({ ...totals, yen: sql<number>`cast(sum(${purchases.amount}) over () as integer)`, ticketNumber: purchases.ticketNumber, productName: purchases.productName, amount: purchases.amount, at: purchases.purchaseTime })
      .from(purchases)
      .innerJoin(members, eq(members.memberId, purchases.memberId))
      .where(and(gte(purchases.purchaseTime, dayStart), lt(purchases.purchaseTime, tomorrowStart)))
      .orderBy(desc(purchases.purchaseTime), desc(purchases.ticketNumber))
      .limit(MONEY_ITEMS),
    db
      .select({ ...totals, yen: sql<number>`cast(sum(${refunds.amount}) over () as integer)`, ticketNumber: refunds.ticketNumber, productName: tickets.productName, amount: refunds.amount, at: refunds.createdAt })
      .from(refunds)
      .innerJoin(members, eq(members.memberId, refunds.memberId))
      .innerJoin(tickets, eq(tickets.ticketNumber, refunds.ticketNumber))
      .where(and(eq(refunds.status, 'succeeded'), gte(refunds.createdAt, dayStart), lt(refunds.createdAt, tomorrowStart)))
      .orderBy(desc(refunds.createdAt), desc(refunds.id))
      .limit(MONEY_ITEMS),
  ])

  // One read of the room's stays for every list (ONLINE consultations: who came in, and when).
  const all = await toDeskBookings(db, [...board, ...missing, ...follow, ...reports])
  const take = (n: number) => all.splice(0, n)
  const [consultations, missingItems, followItems, reportItems] = [take(board.length), take(missing.length), take(follow.length), take(reports.length)]
  return {
    now: unixSeconds(now),
    today: boardDay(today, roster, consultations),
    tomorrow: boardDay(today.plusDays(1), roster, consultations),
    outcomesMissing: { items: missingItems, total: missing[0]?.total ?? 0 },
    followUps: { items: followItems, total: follow[0]?.total ?? 0 },
    noCallReports: { items: reportItems, total: reports[0]?.total ?? 0 },
    purchases: money(bought),
    refunds: money(refunded),
  }
}
