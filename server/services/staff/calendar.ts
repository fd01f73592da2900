import type { StaffId } from '../../../contract/staff-calls'
import { createHash, randomBytes } from 'node:crypto'
import ical, { ICalEventStatus } from 'ical-generator'
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm'
import { staffMessages as sm } from '../../../contract/staff-messages'
import { STAFF_CALENDAR_PREFIX, type ConsultationState } from '../../../contract/staff-calls'
import type { Db, Tx } from '../../db/client'
import { staff, staffAccounts, staffCalendarFeeds, tickets } from '../../db/schema'
import { addMinutes, unixSeconds } from '../../domain/time'
import { forbidden } from '../../domain/errors'
import type { Deps } from '../deps'
import { writeAudit, type AuditActor } from '../../infra/audit'
import { consultationsBetween } from './consultations'

// A consultant's private iCalendar feed (docs/server.md "Calendar feed"): a URL with a random
// token they subscribe to in their own calendar. Only the token's SHA-256 is stored; rotating makes
// a new URL (the old one answers 404), revoking leaves none. The events carry the ticket number,
// the product and how to contact (電話/オンライン), never the member's name, phone or concern:
// the URL ends up in a third-party calendar service.
//
// A feed belongs to the account that made it (`owner_uid`), not only to the staff row: it answers,
// and staff-me's status reports it, only while that account still holds the row as a consultant.
// Revoking the consultant role, or granting the row to another account, deletes it for good
// (`endCalendarFeeds`, called by accounts.ts in the same transaction), so a departed consultant's URL
// never comes back to show a successor's bookings (docs/server.md "Calendar feed").

const TOKEN_BYTES = 32
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')
const supportTypeText = { TEL: '電話', ONLINE: 'オンライン' } as const
const stateText: Record<ConsultationState, string> = { live: '', refunded: '返金済み', cancelled: '取消' }

export async function calendarFeed(deps: Deps, actor: AuditActor, staffId: StaffId | null, action: 'STATUS' | 'ROTATE' | 'REVOKE') {
  if (!staffId) throw forbidden(sm.calendarNoStaff)
  const now = deps.clock.now()
  if (action === 'STATUS') {
    const [row] = await deps.db
      .select()
      .from(staffCalendarFeeds)
      .where(and(eq(staffCalendarFeeds.staffId, staffId), eq(staffCalendarFeeds.ownerUid, actor.uid)))
    return { active: !!row, url: null, createdUnixTime: row ? unixSeconds(row.createdAt) : null }
  }
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select({ createdAt: staffCalendarFeeds.createdAt }).from(staffCalendarFeeds).where(eq(staffCalendarFeeds.staffId, staffId)).for('update')
    await tx.delete(staffCalendarFeeds).where(eq(staffCalendarFeeds.staffId, staffId))
    let url: string | null = null
    if (action === 'ROTATE') {
      const token = randomBytes(TOKEN_BYTES).toString('base64url')
      await tx.insert(staffCalendarFeeds).values({ staffId, tokenHash: hashOf(token), ownerUid: actor.uid, createdAt: now })
      url = `${deps.config.appOrigin}${STAFF_CALENDAR_PREFIX}${token}.ics`
    }
    await writeAudit(tx, actor, { action: action === 'ROTATE' ? 'calendar-feed-rotate' : 'calendar-feed-revoke', targetType: 'staff', targetId: staffId, before: { active: !!before }, after: { active: action === 'ROTATE' } }, now)
    return { active: action === 'ROTATE', url, createdUnixTime: action === 'ROTATE' ? unixSeconds(now) : null }
  })
}

/**
 * The .ics of a feed token, or null (404) for an unknown or revoked token, or when the account that
 * made it no longer holds the staff row as a consultant. The consultant's consultations from 30 days
 * back to 60 ahead, refunded and cancelled ones as STATUS:CANCELLED events.
 */
export async function calendarIcs(db: Db, token: string, now: Date): Promise<string | null> {
  const [feed] = await db
    .select({ staffId: staffCalendarFeeds.staffId, nickname: staff.staffNickname })
    .from(staffCalendarFeeds)
    .innerJoin(staff, eq(staff.staffId, staffCalendarFeeds.staffId))
    .innerJoin(
      staffAccounts,
      and(
        eq(staffAccounts.uid, staffCalendarFeeds.ownerUid),
        eq(staffAccounts.staffId, staffCalendarFeeds.staffId),
        sql`${staffAccounts.roles} @> '["consultant"]'::jsonb`,
      ),
    )
    .where(eq(staffCalendarFeeds.tokenHash, hashOf(token)))
  if (!feed) return null
  const consultations = await consultationsBetween(db, feed.staffId, addMinutes(now, -30 * 24 * 60), addMinutes(now, 60 * 24 * 60))
  // One SEQUENCE per booking (docs/server.md "Calendar feed"): the one its member's invites carry
  // (`tickets.calendar_sequence`, services/booking/ticket-invite.ts), raised with every move,
  // reassignment and the refund or cancellation that ends it; the feed's event says the same.
  const numbers = consultations.map((c) => c.ticketNumber)
  const sequences = new Map(
    numbers.length ? (await db.select({ n: tickets.ticketNumber, s: tickets.calendarSequence }).from(tickets).where(inArray(tickets.ticketNumber, numbers))).map((r) => [r.n, r.s]) : [],
  )
  // Instants in UTC (…Z): every calendar shows them in its own zone, Japan time for a consultant there.
  const cal = ical({ name: `ITサポート 相談予定（${feed.nickname}）`, prodId: { company: 'mypage', product: 'staff-calendar', language: 'JA' } })
  for (const c of consultations) {
    const how = c.supportType ? supportTypeText[c.supportType] : ''
    // A refunded or cancelled booking stays as a cancelled event (docs/server.md "Calendar feed"):
    // a calendar that already holds it shows it struck through instead of a slot that silently
    // empties, and the same cell's new booking is the only live event there.
    const live = c.state === 'live'
    cal.createEvent({
      id: `${c.ticketNumber}@mypage`,
      start: new Date(c.startUnixTime * 1000),
      // The end the staff pages show: the booked minutes plus any extension (docs/server.md "Consultation state").
      end: new Date(c.endUnixTime * 1000),
      status: live ? ICalEventStatus.CONFIRMED : ICalEventStatus.CANCELLED,
      sequence: sequences.get(c.ticketNumber) ?? 0,
      summary: `${live ? '' : `【${stateText[c.state]}】`}相談 ${c.ticketNumber}${how ? `（${how}）` : ''}`,
      description: `${c.productName}${c.addedMinutes > 0 ? `（延長 ${c.addedMinutes}分）` : ''}\nチケット番号: ${c.ticketNumber}\n詳細はスタッフページの「本日の相談」で確認してください。`,
    })
  }
  return cal.toString()
}

/**
 * Ends the feeds a role change leaves without their owner, in the change's transaction. `holder`:
 * the account that now holds `staffId` as a consultant (a grant) — its own feed of that row stays,
 * any other feed of the row and any feed it made of another row end; null (a revoke of `uid`'s
 * consultant role) — every feed of the row and every feed `uid` made end.
 */
export async function endCalendarFeeds(tx: Tx, change: { staffId: string | null; uid: string; holder: boolean }): Promise<void> {
  const { staffId, uid, holder } = change
  const ofRow = staffId === null ? undefined : holder ? and(eq(staffCalendarFeeds.staffId, staffId), sql`${staffCalendarFeeds.ownerUid} is distinct from ${uid}`) : eq(staffCalendarFeeds.staffId, staffId)
  const ofOwner = holder && staffId !== null ? and(eq(staffCalendarFeeds.ownerUid, uid), ne(staffCalendarFeeds.staffId, staffId)) : eq(staffCalendarFeeds.ownerUid, uid)
  await tx.delete(staffCalendarFeeds).where(ofRow ? or(ofRow, ofOwner) : ofOwner)
}
