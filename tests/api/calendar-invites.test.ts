import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { desc, eq } from 'drizzle-orm'
import ICAL from 'ical.js'
import MailComposer from 'nodemailer/lib/mail-composer'
import type { Mail, OutgoingMail } from '../../server/adapters/mailer'
import { nodemailerParts } from '../../server/adapters/mailer'
import { mailOutbox, tickets } from '../../server/db/schema'
import { resend } from '../../server/infra/outbox'
import { outboxOf } from '../../server/services/delivery'
import { ApiError, NotLoggedInError } from '../../src/api/api-error'
import { ticketCalendarFetcher } from '../../src/api/ticket-calendar'
import { createHarness, NOW, type Harness } from './harness'
import { buySupport, staffAccount, staffGet, staffPost } from './staff-harness'

// Calendar invites (docs/server.md "Calendar invites"): the booking, change, reassignment and refund
// mails carry one event per ticket — one UID, a SEQUENCE that rises with each change, REQUEST while
// it lives, CANCEL when it ends — read here with a real iCalendar parser (ical.js), as a calendar
// would. The card's file call answers only the member's own live booking.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type T = Record<string, any>

type Invite = { method: string; uid: string; sequence: number; start: Date; end: Date; status: string; summary: string; description: string; attendees: string[]; organizer: string }

/** Parses iCalendar text as a calendar does; exactly one event. */
function parse(ics: string): Invite {
  const cal = new ICAL.Component(ICAL.parse(ics))
  const events = cal.getAllSubcomponents('vevent')
  expect(events).toHaveLength(1)
  const ev = new ICAL.Event(events[0])
  return {
    method: String(cal.getFirstPropertyValue('method')),
    uid: ev.uid,
    sequence: ev.sequence,
    start: ev.startDate.toJSDate(),
    end: ev.endDate.toJSDate(),
    status: String(events[0].getFirstPropertyValue('status')),
    summary: ev.summary,
    description: ev.description,
    // A calendar address is a URI: its scheme compares without case (`MAILTO:` is `mailto:`).
    attendees: ev.attendees.map((a) => String(a.getFirstValue()).replace(/^mailto:/i, 'mailto:')),
    organizer: String(ev.organizer).replace(/^mailto:/i, 'mailto:'),
  }
}

/** The invite a mail carries (its one text/calendar attachment). */
function inviteOf(mail: Mail | undefined, method: 'REQUEST' | 'CANCEL'): Invite {
  expect(mail, 'the mail was sent').toBeTruthy()
  const files = mail!.attachments ?? []
  expect(files).toHaveLength(1)
  expect(files[0]).toMatchObject({ filename: 'invite.ics', contentType: `text/calendar; method=${method}; charset=UTF-8` })
  const invite = parse(files[0].content)
  expect(invite.method).toBe(method)
  return invite
}

const lastTo = (h: Harness, to: string, subject: string) => [...h.mailer.sent].reverse().find((m) => m.to === to && m.subject === subject)

let h: Harness
beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(async () => h?.close())

describe('calendar invites follow a booking from purchase to refund', () => {
  it('REQUEST on purchase, a higher SEQUENCE on a change and a reassignment, CANCEL on the refund; the card file only for the owner', async () => {
    const member = await h.member('fresh')
    const other = await h.member('fresh')
    const op = await staffAccount(h, [{ role: 'operator' }])

    // Purchase: 2025-06-17 14:00 JST is 05:00 UTC.
    const bought = await buySupport(h, member, { reservationTime: 'SUPPORT-20250617-14-00', staffId: null, supportType: 'TEL' })
    const n = bought.ticketNumber
    const first = inviteOf(lastTo(h, member.email, '【ITサポート】ご購入ありがとうございます'), 'REQUEST')
    expect(first).toMatchObject({ uid: `${n}.booking@mypage`, sequence: 0, status: 'CONFIRMED' })
    expect(first.start.toISOString()).toBe('2025-06-17T05:00:00.000Z')
    expect(first.end.toISOString()).toBe('2025-06-17T06:00:00.000Z')
    const [bookedRow] = await h.db.select().from(tickets).where(eq(tickets.ticketNumber, n))
    const [firstStaff] = (await staffGet(h, 'reassign-candidates', { token: op.token, query: { ticketNumber: n } })).body.candidates.filter((c: T) => c.reason === 'CURRENT')
    expect(first.summary).toContain(bookedRow.productName)
    expect(first.summary).toContain(firstStaff.staffNickname)
    // What, with whom, how reached (TEL: the support number that calls), and the change page.
    expect(first.description).toContain(`チケット番号: ${n}`)
    expect(first.description).toContain(`担当相談員: ${firstStaff.staffNickname}`)
    expect(first.description).toMatch(/ご予約の時間に、担当相談員が [\d-]+ からご登録の電話番号へお電話します。/)
    expect(first.description).toContain(`http://app.test/support/reservation-date-change?ticketNumber=${n}`)
    expect(first.attendees).toEqual([`mailto:${member.email}`])
    expect(first.organizer).toMatch(/^mailto:.+@/)
    // The member's phone number stays out of a file that ends up in a calendar service.
    expect(first.description).not.toContain('09000000000')
    // The mail says what the file is for.
    expect(lastTo(h, member.email, '【ITサポート】ご購入ありがとうございます')!.text).toContain('invite.ics')

    // The outbox keeps the attachment with the mail, and a resend sends it again.
    const [row] = await h.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, member.email)).orderBy(desc(mailOutbox.id)).limit(1)
    expect(row.subject).toBe('【ITサポート】ご購入ありがとうございます')
    expect(row.attachments).toHaveLength(1)
    expect(parse(row.attachments![0].content)).toMatchObject({ uid: first.uid, sequence: 0 })
    const caught: OutgoingMail[] = []
    await resend({ ...outboxOf(h.deps), transport: { deliver: async (m) => void caught.push(m) } }, row.id)
    expect(caught).toHaveLength(1)
    expect(inviteOf(caught[0], 'REQUEST')).toMatchObject({ uid: first.uid, sequence: 0 })

    // The member moves it to the 18th, 15:00 JST: same UID, SEQUENCE up, the new start.
    const changed = await h.post('update-resevation-date', { token: member.token, body: { ticketNumber: n, reservationTime: 'SUPPORT-20250618-15-00', staffId: '', minutesToSupport: 60 } })
    expect(changed.status).toBe(200)
    const second = inviteOf(lastTo(h, member.email, '【ITサポート】ご予約日時の変更を承りました'), 'REQUEST')
    expect(second).toMatchObject({ uid: first.uid, status: 'CONFIRMED' })
    expect(second.sequence).toBeGreaterThan(first.sequence)
    expect(second.start.toISOString()).toBe('2025-06-18T06:00:00.000Z')

    // An operator gives it to another consultant: same UID and time, SEQUENCE up, the new name.
    const cand = await staffGet(h, 'reassign-candidates', { token: op.token, query: { ticketNumber: n } })
    const target = (cand.body.candidates as T[]).find((c) => c.free)!
    expect(target).toBeTruthy()
    expect((await staffPost(h, 'reassign', { token: op.token, body: { ticketNumber: n, staffId: target.staffId, reason: '体調不良のため' } })).status).toBe(200)
    const third = inviteOf(lastTo(h, member.email, '【ITサポート】担当相談員変更のお知らせ'), 'REQUEST')
    expect(third).toMatchObject({ uid: first.uid, status: 'CONFIRMED' })
    expect(third.sequence).toBeGreaterThan(second.sequence)
    expect(third.start.toISOString()).toBe(second.start.toISOString())
    expect(third.description).toContain(`担当相談員: ${target.staffNickname}`)
    expect(third.description).not.toContain('体調不良')

    // The card's file: the owner's live booking, METHOD:PUBLISH, the same event; nobody else's.
    const own = await h.app.request(`/api/ticket-calendar/${n}.ics`, { headers: { authorization: `Bearer ${member.token}` } })
    expect(own.status).toBe(200)
    expect(own.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(own.headers.get('content-disposition')).toBe(`attachment; filename="${n}.ics"`)
    const published = parse(await own.text())
    expect(published).toMatchObject({ method: 'PUBLISH', uid: first.uid, sequence: third.sequence, attendees: [] })
    expect(published.start.toISOString()).toBe(third.start.toISOString())
    const foreign = await h.app.request(`/api/ticket-calendar/${n}.ics`, { headers: { authorization: `Bearer ${other.token}` } })
    expect(foreign.status).toBe(404)
    expect(await foreign.json()).toEqual({ message: 'Not Found' })
    expect((await h.app.request(`/api/ticket-calendar/${n}.ics`)).status).toBe(401)
    expect((await h.app.request(`/api/ticket-calendar/${n}.txt`, { headers: { authorization: `Bearer ${member.token}` } })).status).toBe(404)

    // The app's own fetcher (the card's button) against this server: the member's token, the file's name.
    const fetcher = (token: string | null) => ticketCalendarFetcher({ baseUrl: '/api', getIdToken: async () => token, fetch: async (url, init) => h.app.request(String(url), init) })
    const saved = await fetcher(member.token)(n)
    expect(saved.name).toBe(`${n}.ics`)
    expect(parse(await saved.blob.text())).toMatchObject({ method: 'PUBLISH', uid: first.uid })
    await expect(fetcher(other.token)(n)).rejects.toMatchObject({ status: 404 })
    await expect(fetcher(other.token)(n)).rejects.toBeInstanceOf(ApiError)
    await expect(fetcher(null)(n)).rejects.toBeInstanceOf(NotLoggedInError)

    // A refund ends the booking: the refund mail carries CANCEL for the same event, SEQUENCE up.
    const refunded = await staffPost(h, 'desk-refund', { token: op.token, body: { ticketNumber: n, amount: 1000, reason: 'ご要望により', idempotencyKey: `invite-${n}` } })
    expect(refunded.status).toBe(200)
    const mail = lastTo(h, member.email, '【ITサポート】ご返金のお知らせ')
    const cancel = inviteOf(mail, 'CANCEL')
    expect(cancel).toMatchObject({ uid: first.uid, status: 'CANCELLED' })
    expect(cancel.sequence).toBeGreaterThan(third.sequence)
    expect(cancel.summary).toContain('【取消】')
    expect(mail!.text).toContain('このチケットのご予約は取り消しました。')
    // …and the card's file is gone with it.
    expect((await h.app.request(`/api/ticket-calendar/${n}.ics`, { headers: { authorization: `Bearer ${member.token}` } })).status).toBe(404)

    // A second refund of the same ticket releases nothing more: no second CANCEL.
    const before = h.mailer.sent.length
    expect((await staffPost(h, 'desk-refund', { token: op.token, body: { ticketNumber: n, amount: 500, reason: '追加返金', idempotencyKey: `invite-${n}-2` } })).status).toBe(200)
    const again = h.mailer.sent.slice(before).find((m) => m.to === member.email)
    expect(again?.attachments ?? []).toEqual([])

    // The operator's desk lists the member's mails with the files they carried.
    const desk = await staffGet(h, 'desk-member', { token: op.token, query: { memberId: member.memberId } })
    expect(desk.status).toBe(200)
    const deskMails = desk.body.mails as T[]
    expect(deskMails.find((m) => m.subject === '【ITサポート】ご購入ありがとうございます')?.attachments).toEqual(['invite.ics'])
    expect(deskMails.find((m) => m.subject === '【ITサポート】ご返金のお知らせ' && m.attachments.length === 0)).toBeTruthy()

    // Cancelling the account blanks the kept mails' invites with their texts (they name the address).
    expect((await h.post('cancel-account', { token: member.token, body: {} })).status).toBe(200)
    const kept = await h.db.select().from(mailOutbox).where(eq(mailOutbox.memberId, member.memberId))
    expect(kept.length).toBeGreaterThan(3)
    expect(kept.every((r) => r.attachments === null && r.body === '')).toBe(true)
  }, 60_000)

  it('the card file ends with the consultation: none once it is over', async () => {
    const member = await h.member('fresh')
    const { ticketNumber } = await buySupport(h, member, { reservationTime: 'SUPPORT-20250619-11-00', staffId: null })
    const file = () => h.app.request(`/api/ticket-calendar/${ticketNumber}.ics`, { headers: { authorization: `Bearer ${member.token}` } })
    try {
      // 11:00–12:00 JST on the 19th: under way at 11:59, over at 12:00.
      h.clock.set(new Date('2025-06-19T02:59:00Z'))
      expect((await file()).status).toBe(200)
      h.clock.set(new Date('2025-06-19T03:00:00Z'))
      expect((await file()).status).toBe(404)
    } finally {
      h.clock.set(NOW)
    }
  }, 60_000)
})

describe('the SMTP adapter sends an invite as an invitation', () => {
  it('a text/calendar alternative with its method, and the file attached', async () => {
    const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n'
    const parts = nodemailerParts([{ filename: 'invite.ics', contentType: 'text/calendar; method=REQUEST; charset=UTF-8', content: ics }])
    expect(parts).toEqual({ icalEvent: { filename: 'invite.ics', method: 'REQUEST', content: ics } })
    const raw = (await new MailComposer({ from: 'a@example.com', to: 'b@example.com', subject: 's', text: '本文', ...parts }).compile().build()).toString()
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i)
    expect(raw).toMatch(/Content-Type: application\/ics; name=invite\.ics/i)
    expect(nodemailerParts([])).toEqual({})
  })
})
