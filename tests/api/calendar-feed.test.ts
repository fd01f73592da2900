import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import ICAL from 'ical.js'
import { auditLog, tickets } from '../../server/db/schema'
import { createHarness, type Harness } from './harness'
import { buySupport, staffAccount, staffPost } from './staff-harness'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(async () => h?.close())

const fetchFeed = async (url: string) => {
  const res = await h.app.request(new URL(url).pathname)
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() }
}

describe('a consultant\'s private calendar feed', () => {
  it('lists only that consultant\'s bookings, without member details; rotation and revocation end the old URL', async () => {
    const member = await h.member('fresh')
    const mine = await buySupport(h, member, { reservationTime: 'SUPPORT-20250617-10-00', staffId: 'STAFF-04', supportType: 'ONLINE' })
    const theirs = await buySupport(h, member, { reservationTime: 'SUPPORT-20250617-13-00', staffId: 'STAFF-02' })
    const cs = await staffAccount(h, [{ role: 'consultant', staffId: 'STAFF-04' }])
    const op = await staffAccount(h, [{ role: 'operator' }])
    // A consultant's call only (an operator has no calendar of their own).
    expect((await staffPost(h, 'calendar-feed', { token: op.token, body: { action: 'ROTATE' } })).status).toBe(403)
    expect((await staffPost(h, 'calendar-feed', { token: cs.token, body: { action: 'STATUS' } })).body).toEqual({ active: false, url: null, createdUnixTime: null })

    const made = await staffPost(h, 'calendar-feed', { token: cs.token, body: { action: 'ROTATE' } })
    expect(made.status).toBe(200)
    expect(made.body.url).toMatch(/^http:\/\/app\.test\/api\/staff-calendar\/[A-Za-z0-9_-]{43}\.ics$/)
    const feed = await fetchFeed(made.body.url)
    expect(feed.status).toBe(200)
    expect(feed.type).toContain('text/calendar')
    expect(feed.text).toContain('BEGIN:VCALENDAR')
    expect(feed.text).toContain(`UID:${mine.ticketNumber}@mypage`)
    expect(feed.text).toContain(`相談 ${mine.ticketNumber}（オンライン）`)
    expect(feed.text).toContain('DTSTART:20250617T010000Z')
    expect(feed.text).toContain('DTEND:20250617T020000Z')
    expect(feed.text).not.toContain(theirs.ticketNumber)
    expect(feed.text).not.toContain('プリンター')
    expect(feed.text).not.toContain(member.email)

    // Someone else's token, a made-up one, a malformed one: 404.
    expect((await fetchFeed(made.body.url.replace(/[A-Za-z0-9_-]{43}/, 'A'.repeat(43)))).status).toBe(404)
    expect((await fetchFeed('http://app.test/api/staff-calendar/nope.ics')).status).toBe(404)

    const rotated = await staffPost(h, 'calendar-feed', { token: cs.token, body: { action: 'ROTATE' } })
    expect((await fetchFeed(made.body.url)).status).toBe(404)
    expect((await fetchFeed(rotated.body.url)).status).toBe(200)
    expect((await staffPost(h, 'calendar-feed', { token: cs.token, body: { action: 'REVOKE' } })).body).toEqual({ active: false, url: null, createdUnixTime: null })
    expect((await fetchFeed(rotated.body.url)).status).toBe(404)

    // The consultant role revoked: the feed stops too.
    const again = await staffPost(h, 'calendar-feed', { token: cs.token, body: { action: 'ROTATE' } })
    expect((await staffPost(h, 'role-revoke', { token: op.token, body: { uid: cs.uid, role: 'consultant' } })).status).toBe(200)
    expect((await fetchFeed(again.body.url)).status).toBe(404)

    // Every change of the feed is in the audit trail (never the token); a status look-up is not.
    const audit = await h.db.select().from(auditLog).where(eq(auditLog.actorUid, cs.uid))
    expect(audit.map((a) => [a.action, a.targetId, a.actorRole])).toEqual([
      ['calendar-feed-rotate', 'STAFF-04', 'consultant'],
      ['calendar-feed-rotate', 'STAFF-04', 'consultant'],
      ['calendar-feed-revoke', 'STAFF-04', 'consultant'],
      ['calendar-feed-rotate', 'STAFF-04', 'consultant'],
    ])
    expect(JSON.stringify(audit)).not.toMatch(/[A-Za-z0-9_-]{43}/)
  })

  it('a revoked consultant\'s URL stays dead when the row is granted to another account, whose status reports no feed', async () => {
    const member = await h.member('fresh')
    const booked = await buySupport(h, member, { reservationTime: 'SUPPORT-20250618-10-00', staffId: 'STAFF-05' })
    const op = await staffAccount(h, [{ role: 'operator' }])
    const first = await staffAccount(h, [{ role: 'consultant', staffId: 'STAFF-05' }])
    const made = await staffPost(h, 'calendar-feed', { token: first.token, body: { action: 'ROTATE' } })
    expect((await fetchFeed(made.body.url)).status).toBe(200)

    expect((await staffPost(h, 'role-revoke', { token: op.token, body: { uid: first.uid, role: 'consultant' } })).status).toBe(200)
    expect((await fetchFeed(made.body.url)).status).toBe(404)
    // The row goes to a successor: the old URL must not come back with the successor's bookings.
    const next = await staffAccount(h, [{ role: 'consultant', staffId: 'STAFF-05' }])
    const revived = await fetchFeed(made.body.url)
    expect(revived.status).toBe(404)
    expect(revived.text).not.toContain(booked.ticketNumber)
    expect((await staffPost(h, 'calendar-feed', { token: next.token, body: { action: 'STATUS' } })).body).toEqual({ active: false, url: null, createdUnixTime: null })
    // Nor when the first account is given the row back: revoking ended that URL for good.
    expect((await staffPost(h, 'role-revoke', { token: op.token, body: { uid: next.uid, role: 'consultant' } })).status).toBe(200)
    expect((await staffPost(h, 'role-grant', { token: op.token, body: { email: first.email, role: 'consultant', staffId: 'STAFF-05' } })).status).toBe(200)
    expect((await fetchFeed(made.body.url)).status).toBe(404)

    // The successor's own feed is theirs: it answers, and shows the row's bookings.
    const own = await staffAccount(h, [{ role: 'consultant', staffId: 'STAFF-06' }])
    const ownFeed = await staffPost(h, 'calendar-feed', { token: own.token, body: { action: 'ROTATE' } })
    expect((await fetchFeed(ownFeed.body.url)).status).toBe(200)
    expect((await staffPost(h, 'calendar-feed', { token: own.token, body: { action: 'STATUS' } })).body.active).toBe(true)
  })

  // docs/server.md "Calendar feed": one SEQUENCE per booking. The consultant's feed carries the
  // booking's own SEQUENCE, the one its member's invites carry, so a calendar holding the event
  // from either side takes each change (and the cancellation) as newer than what it holds.
  it("carries the booking's SEQUENCE as the member's invite does: up with a move, the cancellation at the refund's", async () => {
    const member = await h.member('fresh')
    const op = await staffAccount(h, [{ role: 'operator' }])
    const { ticketNumber: n } = await buySupport(h, member, { reservationTime: 'SUPPORT-20250620-14-00', staffId: null })
    const [row] = await h.db.select().from(tickets).where(eq(tickets.ticketNumber, n))
    const cs = await staffAccount(h, [{ role: 'consultant', staffId: row.staffId! }])
    const made = await staffPost(h, 'calendar-feed', { token: cs.token, body: { action: 'ROTATE' } })
    expect(made.status).toBe(200)
    /** The booking's event as a calendar reads the feed (ical.js), and the one the member's last mail of `subject` carries. */
    const events = (ics: string) => new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((e) => new ICAL.Event(e))
    const feedEvent = async () => {
      const ev = events((await fetchFeed(made.body.url)).text).find((e) => e.uid === `${n}@mypage`)!
      expect(ev, 'the booking is in the feed').toBeTruthy()
      return { sequence: ev.sequence, status: String(ev.component.getFirstPropertyValue('status')), start: ev.startDate.toJSDate().toISOString() }
    }
    const invite = (subject: string) => {
      const mail = [...h.mailer.sent].reverse().find((m) => m.to === member.email && m.subject === subject)
      const [ev] = events(String(mail?.attachments?.[0]?.content ?? ''))
      return { sequence: ev.sequence, status: String(ev.component.getFirstPropertyValue('status')) }
    }
    const booked = invite('【ITサポート】ご購入ありがとうございます')
    expect(await feedEvent()).toEqual({ sequence: booked.sequence, status: 'CONFIRMED', start: '2025-06-20T05:00:00.000Z' })

    // Moved an hour later with the same consultant: both sides one SEQUENCE up.
    const moved = await h.post('update-resevation-date', { token: member.token, body: { ticketNumber: n, reservationTime: 'SUPPORT-20250620-15-00', staffId: row.staffId, minutesToSupport: row.minutesToSupport } })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    const change = invite('【ITサポート】ご予約日時の変更を承りました')
    expect(change.sequence).toBeGreaterThan(booked.sequence)
    expect(await feedEvent()).toEqual({ sequence: change.sequence, status: 'CONFIRMED', start: '2025-06-20T06:00:00.000Z' })

    // Refunded: the member's CANCEL and the feed's cancelled event, at the same SEQUENCE.
    expect((await staffPost(h, 'desk-refund', { token: op.token, body: { ticketNumber: n, amount: 1000, reason: 'ご要望により', idempotencyKey: `feed-${n}` } })).status).toBe(200)
    const cancel = invite('【ITサポート】ご返金のお知らせ')
    expect(cancel).toMatchObject({ status: 'CANCELLED' })
    expect(cancel.sequence).toBeGreaterThan(change.sequence)
    expect(await feedEvent()).toEqual({ sequence: cancel.sequence, status: 'CANCELLED', start: '2025-06-20T06:00:00.000Z' })
  }, 60_000)
})
