import { and, asc, eq, gt, isNotNull, lte, sql } from 'drizzle-orm'
import { members, staff, tickets } from '../db/schema'
import { addMinutes } from '../domain/time'
import type { Deps } from '../services/deps'
import { endSql, inState } from '../services/staff/deadlines'
import { CANCELLED_NAME } from '../services/staff/consultations'
import { consultantAddress } from '../services/booking/consultant-notices'
import { outcomeMails, type RemindedConsultation } from '../mail/outcome-mails'
import type { JobDefinition } from './engine'
import { once } from './reminders'

/**
 * How long after a consultation's end its consultant is reminded of a missing outcome: a
 * consultant who records it on hanging up is not mailed; one who forgot hears of it well inside
 * the grace period (OUTCOME_GRACE_HOURS, at least an hour).
 */
export const OUTCOME_REMINDER_AFTER_MINUTES = 30

/** The consultation as a reminder to its consultant names it (the member as the staff views show them). */
export const remindedOf = (r: { t: typeof tickets.$inferSelect; m: typeof members.$inferSelect }, staffNickname: string): RemindedConsultation => ({
  staffNickname,
  ticketNumber: r.t.ticketNumber,
  productName: r.t.productName,
  reservationAt: r.t.reservationAt!,
  memberName: r.m.deletedAt ? CANCELLED_NAME : `${r.m.memberLastname} ${r.m.memberFirstname}`.trim(),
  supportType: r.t.supportType,
})

/**
 * Overdue outcomes (docs/server.md "The consultation loop", docs/decisions.md 85): a consultation
 * whose end (extensions included) is OUTCOME_REMINDER_AFTER_MINUTES past, still in its grace
 * period, with no outcome, not refunded and not cancelled, gets its consultant one mail. Once:
 * `reminder_sends` ('outcome-overdue', ticket, start) is claimed before the mail, so a retried or
 * duplicated run sends nothing. After the grace period the desk lists it instead.
 */
export async function remindOverdueOutcomes(deps: Deps): Promise<{ consultants: number }> {
  const now = deps.clock.now()
  const graceMs = deps.config.outcomes.graceHours * 3_600_000
  const rows = await deps.db
    .select({ t: tickets, m: members, staffNickname: staff.staffNickname, endAt: sql<string>`${endSql}`.mapWith((v: string | Date) => new Date(v)) })
    .from(tickets)
    .innerJoin(members, eq(members.memberId, tickets.memberId))
    .innerJoin(staff, eq(staff.staffId, tickets.staffId))
    .where(
      and(
        eq(tickets.productType, 'SUPPORT'),
        isNotNull(tickets.reservationAt),
        // Bounds the index read: the end is after the start, and the grace period ends a day at most later than an extension could.
        gt(tickets.reservationAt, new Date(now.getTime() - graceMs - 86_400_000)),
        lte(tickets.reservationAt, now),
        // Over, no outcome, inside its grace period, neither refunded nor cancelled (server/domain/ticket.ts).
        inState(['awaitingOutcome'], now, deps.config.outcomes.graceHours),
        sql`${endSql} <= ${addMinutes(now, -OUTCOME_REMINDER_AFTER_MINUTES).toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(tickets.reservationAt))
  let sent = 0
  for (const r of rows) {
    const to = await consultantAddress(deps.db, r.t.staffId!)
    if (!to?.email) continue
    const email = to.email
    const mail = async () =>
      outcomeMails.outcomeOverdue(email, {
        ...remindedOf(r, to.nickname),
        endAt: r.endAt,
        dueAt: new Date(r.endAt.getTime() + graceMs),
        link: `${deps.config.appOrigin}/staff/past?filter=NO_OUTCOME`,
      })
    if (await once(deps, { kind: 'outcome-overdue', subject: r.t.ticketNumber, at: r.t.reservationAt! }, mail)) sent++
  }
  return { consultants: sent }
}

export const outcomeReminderJob = {
  name: 'outcome-reminder',
  // Every quarter hour: the reminder leaves 30 to 45 minutes after the end.
  schedule: () => ({ cron: '*/15 * * * *' }),
  retryLimit: 3,
  run: remindOverdueOutcomes,
} satisfies JobDefinition
