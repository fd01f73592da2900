import { and, asc, eq, isNotNull, lte } from 'drizzle-orm'
import { members, staff, tickets } from '../db/schema'
import { atJst, formatYmd, parseYmd, todayJst } from '../domain/time'
import type { Deps } from '../services/deps'
import { businessDaysAfter, inState } from '../services/staff/deadlines'
import { consultantAddress } from '../services/booking/consultant-notices'
import { outcomeMails } from '../mail/outcome-mails'
import type { JobDefinition } from './engine'
import { remindedOf } from './outcome-reminder'
import { once } from './reminders'

/**
 * Follow-ups falling due (docs/server.md "The consultation loop", docs/decisions.md 85): a 未解決
 * consultation, not refunded, whose follow-up is due on the next business day — or already, when
 * 未解決 was recorded too late that day or a run was missed — gets its consultant one mail, from
 * the business day before it falls due. Once: `reminder_sends` ('follow-up', ticket, due day) is
 * claimed before the mail. 未解決で完了 closes it (the status is no longer UNSOLVED).
 */
export async function remindFollowUps(deps: Deps): Promise<{ consultants: number }> {
  const now = deps.clock.now()
  const horizon = formatYmd(await businessDaysAfter(deps.db, todayJst(now), 1))
  const rows = await deps.db
    .select({ t: tickets, m: members, staffNickname: staff.staffNickname })
    .from(tickets)
    .innerJoin(members, eq(members.memberId, tickets.memberId))
    .innerJoin(staff, eq(staff.staffId, tickets.staffId))
    // 未解決 and not refunded: the state (server/domain/ticket.ts); the status test beside it is the partial index's predicate.
    .where(and(eq(tickets.supportStatus, 'UNSOLVED'), inState(['followUpOwed'], now, deps.config.outcomes.graceHours), isNotNull(tickets.followUpDue), lte(tickets.followUpDue, horizon)))
    .orderBy(asc(tickets.followUpDue), asc(tickets.ticketNumber))
  let sent = 0
  for (const r of rows) {
    const to = await consultantAddress(deps.db, r.t.staffId!)
    const due = parseYmd(r.t.followUpDue!)
    if (!to?.email || !due) continue
    const email = to.email
    const dueDay = atJst(due, 0, 0)
    const mail = async () =>
      outcomeMails.followUpDue(email, {
        ...remindedOf(r, to.nickname),
        dueDay,
        link: `${deps.config.appOrigin}/staff/past?filter=UNSOLVED`,
      })
    if (await once(deps, { kind: 'follow-up', subject: r.t.ticketNumber, at: dueDay }, mail)) sent++
  }
  return { consultants: sent }
}

export const followUpReminderJob = {
  name: 'follow-up-reminder',
  // Hourly in working hours (Japan time): a 未解決 recorded during the day is seen the same day.
  schedule: () => ({ cron: '10 9-20 * * *' }),
  retryLimit: 3,
  run: remindFollowUps,
} satisfies JobDefinition
