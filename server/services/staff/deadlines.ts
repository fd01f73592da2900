import { and, gte, lte, sql, type SQL } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { businessHolidays, tickets } from '../../db/schema'
import { formatYmd, type LocalDate } from '../../domain/time'
import { OUTCOME_PENDING, ticketStateIn, type TicketFactsSql, type TicketState } from '../../domain/ticket'

// The consultation loop's deadlines (docs/server.md "The consultation loop", docs/decisions.md 85):
// when a consultation ends, when its unrecorded outcome becomes overdue, and when a 未解決's
// follow-up falls due in business days. One SQL for the end, so the desk, the past filter and the
// reminder job agree with the staff views' `endUnixTime` (services/staff/consultations.ts).

/**
 * A consultation's end as SQL: start + the ticket's minutes + the minutes of the extensions (ADD)
 * bought on it and not refunded — `Consultation.endUnixTime`. Written with qualified names: drizzle
 * renders a column of a one-table select unqualified (past-consultations counts from `tickets`
 * alone), which inside the subquery would name the extension's own row.
 */
export const endSql: SQL<Date> = sql<Date>`("tickets"."reservation_at" + make_interval(mins => "tickets"."minutes_to_support" + coalesce((select sum("ext"."minutes_to_support") from "tickets" as "ext" where "ext"."product_type" = 'ADD' and "ext"."parent_ticket_number" = "tickets"."ticket_number" and "ext"."amount_refunded" = 0), 0)::int))`

/**
 * The facts of a ticket's state (server/domain/ticket.ts) as SQL over `tickets`: its columns, the
 * minutes of its unrefunded extensions and its member's cancellation (a subquery each, so a query
 * needs no join). Every query that asks what state a ticket is in passes these to `ticketStateIn`.
 */
export const ticketFacts: TicketFactsSql = {
  productType: tickets.productType,
  reservationAt: tickets.reservationAt,
  minutesToSupport: tickets.minutesToSupport,
  extensionMinutes: sql`coalesce((select sum("ext"."minutes_to_support") from "tickets" as "ext" where "ext"."product_type" = 'ADD' and "ext"."parent_ticket_number" = "tickets"."ticket_number" and "ext"."amount_refunded" = 0), 0)`,
  supportStatus: tickets.supportStatus,
  amountRefunded: tickets.amountRefunded,
  noContact: tickets.noContact,
  memberDeletedAt: sql`(select "mdel"."deleted_at" from "members" as "mdel" where "mdel"."member_id" = "tickets"."member_id")`,
}

/** The tickets whose state at `now` is one of `states` (docs/server.md "A ticket's state"). */
export const inState = (states: readonly TicketState[], now: Date, graceHours: number): SQL => ticketStateIn(ticketFacts, states, now, { graceHours })

/** No outcome, no ご連絡なし, the booking kept: a consultation whose outcome is still owed (or will be once it starts). */
export const outcomePending = (now: Date, graceHours: number): SQL => inState(OUTCOME_PENDING, now, graceHours)

/** Awaiting an outcome and overdue: the end plus the grace period (hours) has passed at `now`. */
export const outcomeOverdue = (now: Date, graceHours: number): SQL => inState(['outcomeOverdue'], now, graceHours)

/**
 * The day `n` business days after `from`: every day counts but a business holiday (the table the
 * booking calendar and the shift plans read). Weekends are not closed as such: consultants work
 * on the weekdays of their plans, Saturdays and Sundays included, so only an operator's 休業日 is.
 */
export function addBusinessDays(holidays: ReadonlySet<string>, from: LocalDate, n: number): LocalDate {
  let day = from
  // At most a holiday set's worth of days beyond n (the set is read for a year ahead): a year
  // closed end to end still ends the walk.
  for (let left = n, steps = 0; left > 0 && steps <= n + holidays.size; steps++) {
    day = day.plusDays(1)
    if (!holidays.has(formatYmd(day))) left--
  }
  return day
}

/** The business holidays in [from, to] (JST days, YYYYMMDD). */
export async function holidaysBetween(db: Tx, from: LocalDate, to: LocalDate): Promise<Set<string>> {
  const rows = await db
    .select({ ymd: businessHolidays.ymd })
    .from(businessHolidays)
    .where(and(gte(businessHolidays.ymd, formatYmd(from)), lte(businessHolidays.ymd, formatYmd(to))))
  return new Set(rows.map((r) => r.ymd))
}

/**
 * `n` business days after `from`, reading the holidays from the database. A year of holidays is
 * read: n is at most 30 (config FOLLOW_UP_BUSINESS_DAYS), so the due day is well inside it unless
 * an operator closed most of the year.
 */
export async function businessDaysAfter(db: Tx, from: LocalDate, n: number): Promise<LocalDate> {
  return addBusinessDays(await holidaysBetween(db, from, from.plusDays(366)), from, n)
}
