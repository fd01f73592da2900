import { and, asc, eq, gte, lt, lte } from 'drizzle-orm'
import { canChangeReservation } from '../../contract/reservation-rules'
import { members, reminderSends, staff, tickets } from '../db/schema'
import { addMinutes, atJst, todayJst } from '../domain/time'
import type { Mail } from '../adapters/mailer'
import type { Tx } from '../db/client'
import { notify } from '../infra/outbox'
import type { Deps } from '../services/deps'
import { consultantAddress } from '../services/booking/consultant-notices'
import { onlineRoomLines } from '../mail/format'
import { reminderMails, type ConsultantDayItem, type MemberReminder } from '../mail/reminder-mails'
import { supportTelFor } from '../services/booking/support-tel'
import { inviteFor } from '../services/booking/ticket-invite'
import { outcomePending } from '../services/staff/deadlines'
import type { JobDefinition } from './engine'

/**
 * Reminders (docs/server.md "Reminders", docs/decisions.md 83): each run decides
 * from the booking rows as they are now, so a moved, reassigned, refunded or cancelled booking is
 * reminded of as it now stands or not at all; a row of `reminder_sends` per (kind, ticket,
 * reservation time), claimed before it mails, keeps a retried or duplicated run from mailing
 * twice, and gives a moved booking a reminder of its new time.
 */

/** Live consultations starting in [from, to): not refunded, not over, the member still a member. */
const liveBetween = (deps: Deps, from: Date, to: Date, toInclusive = false) =>
  deps.db
    .select({ t: tickets, m: members, staffNickname: staff.staffNickname })
    .from(tickets)
    .innerJoin(members, eq(members.memberId, tickets.memberId))
    .innerJoin(staff, eq(staff.staffId, tickets.staffId))
    .where(
      and(
        eq(tickets.productType, 'SUPPORT'),
        gte(tickets.reservationAt, from),
        toInclusive ? lte(tickets.reservationAt, to) : lt(tickets.reservationAt, to),
        // No outcome, neither refunded nor cancelled (server/domain/ticket.ts): booked (or starting this instant).
        outcomePending(deps.clock.now(), deps.config.outcomes.graceHours),
      ),
    )
    .orderBy(asc(tickets.reservationAt))

type Row = Awaited<ReturnType<typeof liveBetween>>[number]

const reminderOf = (deps: Deps, r: Row, now: Date): MemberReminder => ({
  name: `${r.m.memberLastname} ${r.m.memberFirstname}`.trim(),
  productName: r.t.productName,
  ticketNumber: r.t.ticketNumber,
  reservationAt: r.t.reservationAt!,
  staffNickname: r.staffNickname,
  supportType: r.t.supportType ?? 'TEL',
  supportTel: supportTelFor(deps.config, r.m.lpSource),
  roomLines: onlineRoomLines(deps.config.appOrigin, r.t.ticketNumber, deps.config.room.opensMinutesBefore),
  phoneNumber: r.m.phoneNumber,
  changeLink: canChangeReservation(r.t.reservationAt!, now) ? `${deps.config.appOrigin}/support/reservation-date-change?ticketNumber=${encodeURIComponent(r.t.ticketNumber)}` : null,
})

/**
 * Claims (kind, subject, at) and writes its mail to the outbox in one transaction: a run that
 * finds it claimed writes nothing (also the consultation loop's reminders,
 * server/jobs/outcome-reminder.ts and follow-up-reminder.ts), and a claimed reminder always has
 * its message, which the outbox delivers with its retries (docs/server.md "Outbox") — a mail
 * server away delays a reminder, it no longer loses it.
 */
export async function once(deps: Deps, key: { kind: (typeof reminderSends.$inferInsert)['kind']; subject: string; at: Date }, build: (tx: Tx) => Promise<Mail>): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [claimed] = await tx.insert(reminderSends).values({ ...key, sentAt: deps.clock.now() }).onConflictDoNothing().returning()
    if (!claimed) return false
    await notify(tx, deps, { kind: `reminder-${key.kind}`, key: `reminder:${key.kind}:${key.subject}:${key.at.toISOString()}`, mail: await build(tx) })
    return true
  })
}

/** The evening before: every member with a consultation tomorrow, and every consultant their list. */
export async function sendEveningReminders(deps: Deps): Promise<{ members: number; consultants: number }> {
  const now = deps.clock.now()
  const today = todayJst(now)
  const evening = atJst(today, deps.config.reminders.eveningHour, 0)
  const rows = await liveBetween(deps, atJst(today.plusDays(1), 0, 0), atJst(today.plusDays(2), 0, 0))
  let sentMembers = 0
  for (const r of rows) {
    // Booked after the evening hour: the booking's own mail is fresh, no reminder the same evening.
    if (r.t.purchaseTime.getTime() > evening.getTime()) continue
    if (await once(deps, { kind: 'evening', subject: r.t.ticketNumber, at: r.t.reservationAt! }, async (tx) => reminderMails.evening(r.m.email, reminderOf(deps, r, now), await inviteFor({ ...deps, db: tx }, r.t.ticketNumber, 'REQUEST')))) sentMembers++
  }
  const byStaff = new Map<string, Row[]>()
  for (const r of rows) byStaff.set(r.t.staffId!, [...(byStaff.get(r.t.staffId!) ?? []), r])
  let sentConsultants = 0
  const day = atJst(today.plusDays(1), 0, 0)
  for (const [staffId, list] of byStaff) {
    const to = await consultantAddress(deps.db, staffId)
    if (!to?.email) continue
    const items: ConsultantDayItem[] = list.map((r) => ({
      reservationAt: r.t.reservationAt!,
      minutes: r.t.minutesToSupport,
      memberName: `${r.m.memberLastname} ${r.m.memberFirstname}`.trim(),
      supportType: r.t.supportType,
      ticketNumber: r.t.ticketNumber,
      productName: r.t.productName,
    }))
    const email = to.email
    if (await once(deps, { kind: 'consultant-day', subject: staffId, at: day }, async () => reminderMails.consultantDay(email, { staffNickname: to.nickname, day, items, link: `${deps.config.appOrigin}/staff` }))) sentConsultants++
  }
  return { members: sentMembers, consultants: sentConsultants }
}

/** Shortly before: members whose consultation starts within the next `beforeMinutes`. */
export async function sendSoonReminders(deps: Deps): Promise<{ members: number }> {
  const now = deps.clock.now()
  const rows = await liveBetween(deps, now, addMinutes(now, deps.config.reminders.beforeMinutes), true)
  let sent = 0
  for (const r of rows) {
    if (r.t.reservationAt!.getTime() <= now.getTime()) continue
    if (await once(deps, { kind: 'hour', subject: r.t.ticketNumber, at: r.t.reservationAt! }, async (tx) => reminderMails.soon(r.m.email, reminderOf(deps, r, now), await inviteFor({ ...deps, db: tx }, r.t.ticketNumber, 'REQUEST')))) sent++
  }
  return { members: sent }
}

export const eveningReminderJob = {
  name: 'reminder-evening',
  schedule: (config) => ({ cron: `0 ${config.reminders.eveningHour} * * *` }),
  retryLimit: 3,
  run: sendEveningReminders,
} satisfies JobDefinition

export const soonReminderJob = {
  name: 'reminder-soon',
  // Every five minutes: a reservation starts on :00 or :30, so its reminder leaves at most five
  // minutes after its window opens.
  schedule: (config) => (config.reminders.beforeMinutes > 0 ? { cron: '*/5 * * * *' } : null),
  retryLimit: 3,
  run: sendSoonReminders,
} satisfies JobDefinition
