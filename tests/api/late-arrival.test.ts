import { and, asc, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Ticket } from '../../contract/entities'
import { roomMessages } from '../../contract/room'
import { canJoinRoom, ticketCardState } from '../../contract/ticket-rules'
import { auditLog, mailOutbox } from '../../server/db/schema'
import { roomJoined, roomLeft } from '../../server/services/room/presence'
import { createHarness, type Harness } from './harness'
import { buySupport, staffAccount, staffGet, staffPost } from './staff-harness'

// A member late for an online consultation (docs/product.md §10 "Outcomes fit the time", decision
// 120): after the consultant records ご連絡なし the booked time still runs and the room still admits
// the member until it closes (the end + ROOM_GRACE_MINUTES). Their card keeps the room's button
// until then (the tickets' `roomClosesUnixTime`, contract/ticket-rules.ts `ticketCardState`), the
// ご連絡なし mail says until when and gives the room's link, the consultant sees them come in
// (room_presence on their day) and records 完了 over ご連絡なし, audited as every staff write; the
// card then reads that outcome alone. The clock is moved, never waited for.

let h: Harness
let consultant: Awaited<ReturnType<typeof staffAccount>>
beforeAll(async () => {
  h = await createHarness()
  consultant = await staffAccount(h, [{ role: 'consultant', staffId: 'STAFF-03' }])
}, 60_000)
afterAll(async () => h?.close())

const Z = (iso: string) => new Date(iso)
const unix = (iso: string) => Date.parse(iso) / 1000

/** Runs `fn` at `iso` (the harness's clock), then puts the clock back. */
async function at<T>(iso: string, fn: () => Promise<T>): Promise<T> {
  const before = h.clock.now()
  h.clock.set(Z(iso))
  try {
    return await fn()
  } finally {
    h.clock.set(before)
  }
}

/** The member's ticket as the home reads it (user-data MEMBER_SUPPORT_TICKET). */
const cardOf = async (member: { token: string }, ticketNumber: string): Promise<Ticket> =>
  ((await h.get('user-data', { token: member.token, query: { data: 'MEMBER_SUPPORT_TICKET' } })).body.supportTicketList as Ticket[]).find((t) => t.ticketNumber === ticketNumber)!

/** The ご連絡なし mail of a ticket as the outbox holds it (every mail is written there first). */
async function noContactMail(email: string, ticketNumber: string): Promise<string> {
  const rows = await h.db
    .select({ body: mailOutbox.body })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), like(mailOutbox.subject, '%ご連絡がとれませんでした%'), like(mailOutbox.body, `%${ticketNumber}%`)))
  expect(rows, `one ご連絡なし mail for ${ticketNumber}`).toHaveLength(1)
  return rows[0].body
}

const record = (body: object) => staffPost(h, 'consultation-outcome', { token: consultant.token, body })

describe('a late member after ご連絡なし', () => {
  it('the room still open: the card keeps the room, the mail says until when and where, the room admits them, the consultant sees them and records 完了', async () => {
    const member = await h.member('fresh')
    // 10:00–11:00 JST (01:00Z–02:00Z): the room closes at 11:10 JST.
    const { ticketNumber } = await buySupport(h, member, { reservationTime: 'SUPPORT-20250612-10-00', staffId: 'STAFF-03', supportType: 'ONLINE' })

    // 10 minutes in, nobody answered: ご連絡なし.
    const noContact = await at('2025-06-12T01:10:00Z', () => record({ ticketNumber, outcome: 'NO_CONTACT' }))
    expect(noContact.status, JSON.stringify(noContact.body)).toBe(200)

    // The card: 「ご連絡がありませんでした」, and still the room's button, until 11:10 JST.
    const card = await at('2025-06-12T01:10:00Z', () => cardOf(member, ticketNumber))
    expect(card).toMatchObject({ noContact: true, supportType: 'ONLINE', endUnixTime: unix('2025-06-12T02:00:00Z'), roomClosesUnixTime: unix('2025-06-12T02:10:00Z') })
    expect(ticketCardState(card, Z('2025-06-12T01:10:00Z'))).toMatchObject({ label: 'noContact', room: 'late', roomClosesUnixTime: unix('2025-06-12T02:10:00Z') })

    // The mail: the booked time runs until 11:00, the room admits them until 11:10, and its link.
    const mail = await noContactMail(member.email, ticketNumber)
    expect(mail).toContain('ご予約の時間は 11:00 まで続いています。')
    expect(mail).toContain('11:10 までは、今からでも次のページからオンライン相談にお入りいただけます。')
    expect(mail).toContain(`http://app.test/room/${ticketNumber}`)
    expect(mail).not.toContain('このご予約はマイページで「ご連絡がありませんでした」と表示されます。')
    // The other ways on are still there, for after the room closes.
    expect(mail).toContain('・サポート窓口へのお電話: ')

    // 40 minutes in the member turns up: the room admits them (room-access, as the page asks it).
    const room = await at('2025-06-12T01:40:00Z', () => h.get('room-access', { token: member.token, query: { ticketNumber } }))
    expect(room.status, JSON.stringify(room.body)).toBe(200)
    expect(room.body).toMatchObject({ phase: 'open', closesUnixTime: unix('2025-06-12T02:10:00Z') })
    // Admitted by the socket (services/room/access.ts roomEntry → room_presence), as the socket does.
    const stay = await roomJoined(h.deps.db, ticketNumber, 'member', member.memberId, Z('2025-06-12T01:40:00Z'))

    // The consultant's day shows them in the room, and 完了 is offered over ご連絡なし.
    const day = await at('2025-06-12T01:41:00Z', () => staffGet(h, 'consultant-day', { token: consultant.token, query: { from: '20250612', days: 1 } }))
    const c = day.body.consultations.find((x: { ticketNumber: string }) => x.ticketNumber === ticketNumber)
    expect(c).toMatchObject({ noContact: true, supportStatus: 'UNSUPPORTED', roomStays: [{ side: 'member', joinedUnixTime: unix('2025-06-12T01:40:00Z'), leftUnixTime: null }] })

    // 完了 over ご連絡なし, 35 minutes used; audited with the state before and after.
    await roomLeft(h.deps.db, stay, Z('2025-06-12T02:05:00Z'))
    const done = await at('2025-06-12T02:06:00Z', () => record({ ticketNumber, outcome: 'COMPLETED', minutesUsed: 35 }))
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body.consultation).toMatchObject({ supportStatus: 'COMPLETED', noContact: false, minutesUsed: 35 })
    const trail = await h.db.select().from(auditLog).where(and(eq(auditLog.action, 'consultation-outcome'), eq(auditLog.targetId, ticketNumber))).orderBy(asc(auditLog.id))
    expect(trail.map((a) => [a.actorUid, (a.before as { noContact: boolean }).noContact, (a.after as { outcome: string }).outcome])).toEqual([
      [consultant.uid, false, 'NO_CONTACT'],
      [consultant.uid, true, 'COMPLETED'],
    ])
    // ご連絡なし is not recorded a second time, nor over 完了.
    expect((await at('2025-06-12T02:07:00Z', () => record({ ticketNumber, outcome: 'NO_CONTACT' }))).status).toBe(409)

    // The member's card reads the outcome alone: サポート完了, no room, the room still open or not.
    const after = await at('2025-06-12T02:06:00Z', () => cardOf(member, ticketNumber))
    expect(ticketCardState(after, Z('2025-06-12T02:06:00Z'))).toMatchObject({ label: 'completed', room: 'hidden', noCallReport: 'hidden', rate: 'rate' })
  })

  it('at the edges: a second before the room closes the mail gives the link and the card the button; at the close neither, and the room refuses', async () => {
    const member = await h.member('fresh')
    // 30 minutes, 12:00–12:30 JST (03:00Z–03:30Z): the room closes at 12:40 JST (03:40Z).
    const open = await buySupport(h, member, { reservationTime: 'SUPPORT-20250612-12-00', staffId: 'STAFF-03', supportType: 'ONLINE', productId: 'SUPPORT-30' })
    // The same times on another day, recorded at the close.
    const closed = await buySupport(h, member, { reservationTime: 'SUPPORT-20250612-13-00', staffId: 'STAFF-03', supportType: 'ONLINE', productId: 'SUPPORT-30' })
    // A telephone booking has no room: today's mail whenever it is recorded.
    const tel = await buySupport(h, member, { reservationTime: 'SUPPORT-20250612-14-00', staffId: 'STAFF-03', supportType: 'TEL', productId: 'SUPPORT-30' })

    expect((await at('2025-06-12T03:39:59Z', () => record({ ticketNumber: open.ticketNumber, outcome: 'NO_CONTACT' }))).status).toBe(200)
    expect((await at('2025-06-12T04:40:00Z', () => record({ ticketNumber: closed.ticketNumber, outcome: 'NO_CONTACT' }))).status).toBe(200)
    expect((await at('2025-06-12T05:10:00Z', () => record({ ticketNumber: tel.ticketNumber, outcome: 'NO_CONTACT' }))).status).toBe(200)

    // A second before the close: past the end (no "still runs" line), the room's link until 12:40.
    const lastSecond = await noContactMail(member.email, open.ticketNumber)
    expect(lastSecond).not.toContain('まで続いています')
    expect(lastSecond).toContain('12:40 までは、今からでも次のページからオンライン相談にお入りいただけます。')
    expect(lastSecond).toContain(`http://app.test/room/${open.ticketNumber}`)
    // At the close: today's text, no room.
    for (const body of [await noContactMail(member.email, closed.ticketNumber), await noContactMail(member.email, tel.ticketNumber)]) {
      expect(body).toContain('このご予約はマイページで「ご連絡がありませんでした」と表示されます。')
      expect(body).toContain('・マイページからチケットを購入してご予約: http://app.test/')
      expect(body).not.toContain('/room/')
    }

    // The join button's data: the close is the ticket's roomClosesUnixTime; none for a telephone booking.
    const card = await cardOf(member, open.ticketNumber)
    expect(card.roomClosesUnixTime).toBe(unix('2025-06-12T03:40:00Z'))
    expect(canJoinRoom(card, Z('2025-06-12T03:39:59Z'))).toBe(true)
    expect(canJoinRoom(card, Z('2025-06-12T03:40:00Z'))).toBe(false)
    expect((await cardOf(member, tel.ticketNumber)).roomClosesUnixTime).toBeUndefined()
    // The room agrees: open a second before, closed (409) at the close.
    expect((await at('2025-06-12T03:39:59Z', () => h.get('room-access', { token: member.token, query: { ticketNumber: open.ticketNumber } }))).status).toBe(200)
    expect(await at('2025-06-12T03:40:00Z', () => h.get('room-access', { token: member.token, query: { ticketNumber: open.ticketNumber } }))).toEqual({ status: 409, body: { message: roomMessages.closed } })

    // A late 未解決 after the room closed is still allowed (the member called back): docs/product.md §10.
    const unsolved = await at('2025-06-12T04:00:00Z', () => record({ ticketNumber: open.ticketNumber, outcome: 'UNSOLVED' }))
    expect(unsolved.body.consultation).toMatchObject({ supportStatus: 'UNSOLVED', noContact: false })
  })
})
