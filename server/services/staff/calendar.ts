import { createHash, randomBytes } from 'node:crypto'
import ical from 'ical-generator'
import { and, asc, eq, gte, isNotNull, lt, ne, or, sql } from 'drizzle-orm'
import { staffMessages as sm } from '../../../contract/staff-messages'
import { STAFF_CALENDAR_PREFIX } from '../../../contract/staff-calls'
import type { Db, Tx } from '../../db/client'
import { staff, staffAccounts, staffCalendarFeeds, tickets } from '../../db/schema'
import { addMinutes, unixSeconds } from '../../domain/time'
import { forbidden } from '../../http/errors'
import type { Deps } from '../../http/handler'
import { writeAudit, type AuditActor } from '../audit'

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
export const FEED_PATH = /^([A-Za-z0-9_-]{43})\.ics$/
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')
const supportTypeText = { TEL: '電話', ONLINE: 'オンライン' } as const

export async function calendarFeed(deps: Deps, actor: AuditActor, staffId: string | null, action: 'STATUS' | 'ROTATE' | 'REVOKE') {
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
 * back to 60 ahead.
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
  const rows = await db
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.staffId, feed.staffId),
        eq(tickets.productType, 'SUPPORT'),
        isNotNull(tickets.reservationAt),
        eq(tickets.amountRefunded, 0),
        gte(tickets.reservationAt, addMinutes(now, -30 * 24 * 60)),
        lt(tickets.reservationAt, addMinutes(now, 60 * 24 * 60)),
      ),
    )
    .orderBy(asc(tickets.reservationAt))
  // Instants in UTC (…Z): every calendar shows them in its own zone, Japan time for a consultant there.
  const cal = ical({ name: `ITサポート 相談予定（${feed.nickname}）`, prodId: { company: 'mypage', product: 'staff-calendar', language: 'JA' } })
  for (const t of rows) {
    const how = t.supportType ? supportTypeText[t.supportType] : ''
    cal.createEvent({
      id: `${t.ticketNumber}@mypage`,
      start: t.reservationAt!,
      end: addMinutes(t.reservationAt!, t.minutesToSupport),
      summary: `相談 ${t.ticketNumber}${how ? `（${how}）` : ''}`,
      description: `${t.productName}\nチケット番号: ${t.ticketNumber}\n詳細はスタッフページの「本日の相談」で確認してください。`,
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
