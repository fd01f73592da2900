import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { canChangeReservation } from '../../../contract/reservation-rules'
import type { MailAttachment } from '../../adapters/mailer'
import type { Tx } from '../../db/client'
import { members, staff, tickets } from '../../db/schema'
import { addMinutes } from '../../domain/time'
import { onlineRoomLines, supportTypeText } from '../../mail/format'
import type { Deps } from '../deps'
import { supportTelFor } from './support-tel'

// A booking's calendar invite (docs/server.md "Calendar invites", docs/decisions.md 84): the
// member's booking, change, reassignment and refund mails carry it, and the ticket card's
// 「カレンダーに追加」 downloads it, so the member's calendar holds one event per booking that follows
// every change and goes when the booking ends.
//
// - One UID per ticket, `<ticketNumber>.booking@mypage`: not the app's host, so moving the app to
//   another domain does not make every calendar see new events.
// - SEQUENCE is `tickets.calendar_sequence`, raised in the transaction of
//   every change a calendar must follow; the invite is built after the commit from the row as it is,
//   so its SEQUENCE and its times are always one state, and a later change always carries a higher
//   SEQUENCE (a calendar ignores an invite older than the one it holds).
// - METHOD:REQUEST while the booking lives, METHOD:CANCEL with STATUS:CANCELLED when it ends;
//   the card's file is METHOD:PUBLISH (a file imported by hand, no invitation).
// - Times in UTC (`…Z`), as the consultant's feed: an instant every calendar reads the same and
//   shows in its own zone (Japan time for a member here). A TZID needs its VTIMEZONE, which some
//   clients ignore in favour of their own zone names, and Japan has no summer time to describe.
// - The texts say what, with whom and how the member is reached; no phone number, address or
//   concern of the member: the file ends up in a third-party calendar service.

export type InviteMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH'

const methods = { REQUEST: ICalCalendarMethod.REQUEST, CANCEL: ICalCalendarMethod.CANCEL, PUBLISH: ICalCalendarMethod.PUBLISH } as const

/** The event's UID: one per ticket, whatever happens to the booking. */
export const inviteUid = (ticketNumber: string) => `${ticketNumber}.booking@mypage`

/** The next invite SEQUENCE, for a change that writes the ticket row anyway (set it in that update). */
export const nextInviteSequence = sql`${tickets.calendarSequence} + 1`

/** Raises the invite SEQUENCE of `ticketNumbers`; called inside the transaction of the change itself. */
export async function raiseInviteSequence(tx: Tx, ticketNumbers: readonly string[]): Promise<void> {
  if (ticketNumbers.length === 0) return
  await tx
    .update(tickets)
    .set({ calendarSequence: nextInviteSequence })
    .where(inArray(tickets.ticketNumber, [...ticketNumbers]))
}

/** The address of `MAIL_FROM` (`"名前" <addr>` or a bare address): the invite's organizer. */
const organizerAddress = (mailFrom: string) => /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? (/^[^<>\s"]+@[^<>\s"]+$/.test(mailFrom.trim()) ? mailFrom.trim() : 'no-reply@mypage.invalid')

type Booking = {
  t: typeof tickets.$inferSelect
  m: typeof members.$inferSelect
  staffNickname: string | null
}

/** The booking of a SUPPORT ticket with a date, of a member who has not left; null otherwise. */
async function loadBooking(db: Tx, ticketNumber: string, memberId?: string): Promise<Booking | null> {
  const [row] = await db
    .select({ t: tickets, m: members, staffNickname: staff.staffNickname })
    .from(tickets)
    .innerJoin(members, eq(members.memberId, tickets.memberId))
    .leftJoin(staff, eq(staff.staffId, tickets.staffId))
    .where(and(eq(tickets.ticketNumber, ticketNumber), memberId === undefined ? undefined : eq(tickets.memberId, memberId)))
  if (!row || row.m.deletedAt || row.t.productType !== 'SUPPORT' || !row.t.reservationAt) return null
  return row
}

function describe(deps: Pick<Deps, 'config'>, b: Booking, method: InviteMethod, now: Date) {
  const t = b.t
  const nickname = b.staffNickname ?? '未定'
  const how = t.supportType ? supportTypeText[t.supportType] : null
  const changeLink = `${deps.config.appOrigin}/support/reservation-date-change?ticketNumber=${encodeURIComponent(t.ticketNumber)}`
  const reached =
    t.supportType === 'ONLINE'
      ? onlineRoomLines(deps.config.appOrigin, t.ticketNumber, deps.config.room.opensMinutesBefore).join('\n')
      : `ご予約の時間に、担当相談員が ${supportTelFor(deps.config, b.m.lpSource)} からご登録の電話番号へお電話します。`
  const cancelled = method === 'CANCEL'
  const summary = `${cancelled ? '【取消】' : ''}ITサポート ${t.productName}（${nickname}${how ? `・${how}` : ''}）`
  const description = [
    ...(cancelled ? ['このご予約は取り消されました。', ''] : []),
    `商品: ${t.productName}`,
    `チケット番号: ${t.ticketNumber}`,
    `担当相談員: ${nickname}`,
    ...(how ? [`サポート方法: ${how}`] : []),
    ...(cancelled ? [] : ['', reached]),
    ...(!cancelled && canChangeReservation(t.reservationAt!, now) ? ['', 'ご予約日時の変更は、開始の30分前まで次のページからできます。', changeLink] : []),
    '',
    `マイページ: ${deps.config.appOrigin}/`,
  ].join('\n')
  return { summary, description, url: cancelled ? `${deps.config.appOrigin}/` : changeLink }
}

/** The iCalendar text of a booking with `method`. */
function icsOf(deps: Pick<Deps, 'config' | 'clock'>, b: Booking, method: InviteMethod): string {
  const now = deps.clock.now()
  const start = b.t.reservationAt!
  const { summary, description, url } = describe(deps, b, method, now)
  const cal = ical({ method: methods[method], prodId: { company: 'mypage', product: 'booking-invite', language: 'JA' } })
  cal.createEvent({
    id: inviteUid(b.t.ticketNumber),
    sequence: b.t.calendarSequence,
    stamp: now,
    start,
    end: addMinutes(start, b.t.minutesToSupport),
    summary,
    description,
    url,
    status: method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: 'ITサポート マイページ', email: organizerAddress(deps.config.mailFrom) },
    // An invitation names whom it invites (RFC 5546); a published file names nobody.
    attendees: method === 'PUBLISH' ? [] : [{ email: b.m.email, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED, rsvp: false }],
  })
  return cal.toString()
}

/**
 * The invite of a ticket's booking as a mail attachment (`invite.ics`, `text/calendar;
 * method=REQUEST|CANCEL`), read after the change's commit; none for a ticket that is no booking
 * (not SUPPORT, no date) or whose member has left.
 */
export async function inviteFor(deps: { db: Tx } & Pick<Deps, 'config' | 'clock'>, ticketNumber: string, method: Exclude<InviteMethod, 'PUBLISH'>): Promise<MailAttachment[]> {
  const b = await loadBooking(deps.db, ticketNumber)
  if (!b) return []
  return [{ filename: 'invite.ics', contentType: `text/calendar; method=${method}; charset=UTF-8`, content: icsOf(deps, b, method) }]
}

/**
 * The card's calendar file (contract/file-calls.ts 'ticket-calendar', METHOD:PUBLISH): only the
 * member's own booking that is still to come — not refunded, no outcome, no ご連絡なし, not over;
 * null (a 404) for anything else, another member's ticket included.
 */
export async function ticketCalendarIcs(deps: Pick<Deps, 'db' | 'config' | 'clock'>, memberId: string, ticketNumber: string): Promise<string | null> {
  const b = await loadBooking(deps.db, ticketNumber, memberId)
  if (!b) return null
  const t = b.t
  const live = t.amountRefunded === 0 && t.supportStatus === 'UNSUPPORTED' && !t.noContact && addMinutes(t.reservationAt!, t.minutesToSupport).getTime() > deps.clock.now().getTime()
  return live ? icsOf(deps, b, 'PUBLISH') : null
}
