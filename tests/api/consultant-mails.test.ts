import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { deskMessages as dm } from '../../contract/desk-messages'
import type { Ticket } from '../../contract/entities'
import { ticketLabel } from '../../contract/ticket-rules'
import type { Mail } from '../../server/adapters/mailer'
import { auditLog, mailOutbox } from '../../server/db/schema'
import { createHarness, type Harness } from './harness'
import { buySupport, staffAccount, staffGet, staffPost } from './staff-harness'

// docs/server.md "Mails to consultants": a consultant hears of every consultation of theirs that is
// booked, moved, given to them, taken from them or ended (at their own address set on the desk, or
// their staff account's; not at all without either), a new staff login is invited, ご連絡なし mails
// the member once, and operators add consultants on the desk.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type T = Record<string, any>

let h: Harness
let op: Awaited<ReturnType<typeof staffAccount>>
beforeAll(async () => {
  h = await createHarness()
  op = await staffAccount(h, [{ role: 'operator' }])
}, 60_000)
afterAll(async () => h?.close())

/** The mails sent to `to` about `ticketNumber` since `from` (an index into the sent list). */
const mailsTo = (to: string, ticketNumber: string, from = 0): Mail[] => h.mailer.sent.slice(from).filter((m) => m.to === to && m.text.includes(ticketNumber))
const desk = (name: string, body: T, token = op.token) => staffPost(h, name, { token, body })

/** Sets consultant `staffId`'s own mail address through the desk (null clears it). */
async function setAddress(staffId: string, email: string | null) {
  const c = ((await staffGet(h, 'desk-consultants', { token: op.token })).body.items as T[]).find((x) => x.staffId === staffId)!
  const r = await desk('desk-consultant-save', { staffId, version: c.version, staffNickname: c.staffNickname, staffAge: c.staffAge, staffGender: c.staffGender, staffImageUrl: c.staffImageUrl, email })
  expect(r.status).toBe(200)
  return r.body.consultant as T
}

async function at<R>(iso: string, fn: () => Promise<R>): Promise<R> {
  const before = h.clock.now()
  h.clock.set(new Date(iso))
  try {
    return await fn()
  } finally {
    h.clock.set(before)
  }
}

describe('mails to consultants', () => {
  it('a new booking: who, when in Japan time, TEL/ONLINE, the ticket and a link to their day; nothing the day does not show', async () => {
    const member = await h.member('fresh')
    const mark = h.mailer.sent.length
    const b = await buySupport(h, member, { reservationTime: 'SUPPORT-20250612-13-00', staffId: 'STAFF-02', supportType: 'ONLINE' })
    const [mail, ...more] = mailsTo('takeshi@staff.example.com', b.ticketNumber, mark)
    expect(more).toEqual([])
    expect(mail.subject).toBe('【ITサポート】新しい相談の予約が入りました')
    expect(mail.text).toContain('たけし さん')
    expect(mail.text).toContain('日時: 2025年6月12日 13:00〜14:00（60分）')
    expect(mail.text).toContain('サポート方法: オンライン')
    expect(mail.text).toContain('http://app.test/staff')
    expect(mail.text).toMatch(/会員: .+ 様/)
    // The concern, phone and address stay on the staff page.
    expect(mail.text).not.toContain('プリンターがつながりません')
    expect(mail.text).not.toContain(member.email)
  })

  it('a date change mails the consultant who held it and the one who holds it now; a change of time only, the one consultant', async () => {
    const member = await h.member('fresh')
    const b = await buySupport(h, member, { reservationTime: 'SUPPORT-20250613-10-00', staffId: 'STAFF-02' })
    let mark = h.mailer.sent.length
    const moved = await h.post('update-resevation-date', { token: member.token, body: { ticketNumber: b.ticketNumber, staffId: 'STAFF-03', reservationTime: 'SUPPORT-20250613-15-00', minutesToSupport: 60 } })
    expect(moved.status).toBe(200)
    const [away] = mailsTo('takeshi@staff.example.com', b.ticketNumber, mark)
    expect(away.subject).toBe('【ITサポート】担当する相談が変更されました')
    expect(away.text).toContain('日時: 2025年6月13日 10:00〜11:00（60分）')
    expect(away.text).not.toMatch(/会員: /)
    const [to] = mailsTo('midori@staff.example.com', b.ticketNumber, mark)
    expect(to.subject).toBe('【ITサポート】担当する相談が追加されました')
    expect(to.text).toContain('日時: 2025年6月13日 15:00〜16:00（60分）')

    mark = h.mailer.sent.length
    expect((await h.post('update-resevation-date', { token: member.token, body: { ticketNumber: b.ticketNumber, staffId: 'STAFF-03', reservationTime: 'SUPPORT-20250614-11-00', minutesToSupport: 60 } })).status).toBe(200)
    const [same, ...again] = mailsTo('midori@staff.example.com', b.ticketNumber, mark)
    expect(again).toEqual([])
    expect(same.subject).toBe('【ITサポート】担当する相談の日時が変更されました')
    expect(same.text).toContain('変更前の日時: 2025年6月13日 15:00')
    expect(same.text).toContain('変更後の日時: 2025年6月14日 11:00〜12:00（60分）')
    expect(mailsTo('takeshi@staff.example.com', b.ticketNumber, mark)).toEqual([])
  })

  it('a reassignment mails both consultants at the address set on the desk, logins or not, never the reason; the response says who was mailed', async () => {
    // けんじ and ゆうこ have no staff login: only the address on their row.
    const member = await h.member('fresh')
    const b = await buySupport(h, member, { reservationTime: 'SUPPORT-20250619-14-00', staffId: 'STAFF-04' })
    const cand = (await staffGet(h, 'reassign-candidates', { token: op.token, query: { ticketNumber: b.ticketNumber } })).body.candidates as T[]
    expect(cand.find((c) => c.staffId === 'STAFF-04')).toMatchObject({ mailable: true })
    expect(cand.find((c) => c.staffId === 'STAFF-05')).toMatchObject({ mailable: true, free: true })
    const mark = h.mailer.sent.length
    const r = await staffPost(h, 'reassign', { token: op.token, body: { ticketNumber: b.ticketNumber, staffId: 'STAFF-05', reason: '体調不良のため' } })
    expect(r.status).toBe(200)
    expect(r.body.mailed).toEqual(['MEMBER', 'FROM_STAFF', 'TO_STAFF'])
    const [from] = mailsTo('kenji@staff.example.com', b.ticketNumber, mark)
    const [to] = mailsTo('yuko@staff.example.com', b.ticketNumber, mark)
    expect(from.subject).toBe('【ITサポート】担当する相談が変更されました')
    expect(to.subject).toBe('【ITサポート】担当する相談が追加されました')
    expect(to.text).toMatch(/会員: .+ 様/)
    for (const m of [from, to]) expect(m.text).not.toContain('体調不良')
  })

  it('a consultant with no address at all is not mailed, the candidates say so and so does the answer; a login without an own address uses the login', async () => {
    await setAddress('STAFF-06', null)
    const member = await h.member('fresh')
    const b = await buySupport(h, member, { reservationTime: 'SUPPORT-20250617-10-00', staffId: 'STAFF-02' })
    const cand = (await staffGet(h, 'reassign-candidates', { token: op.token, query: { ticketNumber: b.ticketNumber } })).body.candidates as T[]
    expect(cand.find((c) => c.staffId === 'STAFF-06')).toMatchObject({ mailable: false })
    const mark = h.mailer.sent.length
    const r = await staffPost(h, 'reassign', { token: op.token, body: { ticketNumber: b.ticketNumber, staffId: 'STAFF-06', reason: '担当替え' } })
    expect(r.status).toBe(200)
    expect(r.body.mailed).toEqual(['MEMBER', 'FROM_STAFF'])
    // Nobody else got a consultant's mail about it.
    expect(h.mailer.sent.slice(mark).filter((m) => m.text.includes(b.ticketNumber)).map((m) => m.to).sort()).toEqual([member.email, 'takeshi@staff.example.com'].sort())

    // Given a login (and still no own address), しょう is mailed there.
    const login = await staffAccount(h, [{ role: 'consultant', staffId: 'STAFF-06' }])
    expect(((await staffGet(h, 'desk-consultants', { token: op.token })).body.items as T[]).find((x) => x.staffId === 'STAFF-06')).toMatchObject({ email: null, accountEmail: login.email })
    const back = await staffPost(h, 'reassign', { token: op.token, body: { ticketNumber: b.ticketNumber, staffId: 'STAFF-02', reason: '戻し' } })
    expect(back.body.mailed).toEqual(['MEMBER', 'FROM_STAFF', 'TO_STAFF'])
    expect(mailsTo(login.email, b.ticketNumber)[0].subject).toBe('【ITサポート】担当する相談が変更されました')
  })

  it('a refund that ends the booking mails its consultant, without the member', async () => {
    const member = await h.member('fresh')
    const b = await buySupport(h, member, { reservationTime: 'SUPPORT-20250618-13-00', staffId: 'STAFF-03' })
    const mark = h.mailer.sent.length
    const r = await desk('desk-refund', { ticketNumber: b.ticketNumber, amount: 1000, reason: 'お客様都合', idempotencyKey: `cm-refund-${b.ticketNumber}` })
    expect(r.status).toBe(200)
    const [mail, ...more] = mailsTo('midori@staff.example.com', b.ticketNumber, mark)
    expect(more).toEqual([])
    expect(mail.subject).toBe('【ITサポート】担当する相談が取り消されました')
    expect(mail.text).toContain('返金により')
    expect(mail.text).not.toMatch(/会員: /)
    expect(mail.text).not.toContain('お客様都合')
  })

  it('cancelling the account during a consultation that has started mails its consultant', async () => {
    const member = await h.member('fresh')
    const b = await buySupport(h, member, { reservationTime: 'SUPPORT-20250610-11-00', staffId: 'STAFF-05' })
    const mark = h.mailer.sent.length
    // 11:10 JST: the consultation is running (cancel-account allows it, its start is past).
    await at('2025-06-10T02:10:00Z', async () => expect((await h.post('cancel-account', { token: member.token, body: {} })).status).toBe(200))
    const [mail] = mailsTo('yuko@staff.example.com', b.ticketNumber, mark)
    expect(mail.subject).toBe('【ITサポート】担当する相談が取り消されました')
    expect(mail.text).toContain('会員の退会により')
    expect(mail.text).toContain('日時: 2025年6月10日 11:00〜12:00（60分）')
  })
})

describe('staff invitations', () => {
  it('a new staff login is mailed its role, where to sign in and a password link the outbox does not keep; a repeated grant mails nothing', async () => {
    const email = `invited-${Date.now()}@example.com`
    const r = await staffPost(h, 'role-grant', { token: op.token, body: { email, role: 'consultant', staffId: 'STAFF-04', initialPassword: 'first-pass-123' } })
    expect(r.status).toBe(200)
    expect(r.body.invitationMailed).toBe(true)
    const mail = h.mailer.last(email)!
    expect(mail.subject).toBe('【ITサポート】スタッフページへのご招待')
    expect(mail.text).toContain('相談員として登録されました')
    expect(mail.text).toContain('担当する相談員: けんじ')
    expect(mail.text).toContain('ログインページ: http://app.test/staff/login')
    const link = mail.text.split('\n').find((l) => l.includes('oobCode='))
    expect(link).toBeTruthy()
    const [kept] = await h.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.subject, mail.subject)))
    expect(kept.body).not.toContain('oobCode=')
    expect(kept.body).toContain('［非表示］')
    expect(kept.resendable).toBe(false)

    const count = h.mailer.sent.length
    const again = await staffPost(h, 'role-grant', { token: op.token, body: { email, role: 'consultant', staffId: 'STAFF-04' } })
    expect(again.body.invitationMailed).toBe(false)
    expect(h.mailer.sent.length).toBe(count)
    // A second role is a new invitation (operator).
    const operator = await staffPost(h, 'role-grant', { token: op.token, body: { email, role: 'operator' } })
    expect(operator.body.invitationMailed).toBe(true)
    expect(h.mailer.last(email)!.text).toContain('運営担当者として登録されました')
  })
})

describe('ご連絡なし', () => {
  it('mails the member once what happened and what to do next; the card reads ご連絡がありませんでした before the hour is over', async () => {
    const member = await h.member('fresh')
    const b = await buySupport(h, member, { reservationTime: 'SUPPORT-20250610-11-00', staffId: 'STAFF-03' })
    const cs = await staffAccount(h, [{ role: 'consultant', staffId: 'STAFF-03' }])
    const nowAt = '2025-06-10T02:15:00Z' // 11:15 JST, 45 minutes before the consultation's end
    await at(nowAt, async () => {
      const post = () => staffPost(h, 'consultation-outcome', { token: cs.token, body: { ticketNumber: b.ticketNumber, outcome: 'NO_CONTACT' } })
      expect((await post()).status).toBe(200)
      expect((await post()).status).toBe(409)
      const sent = h.mailer.sent.filter((m) => m.to === member.email && m.subject === '【ITサポート】ご予約のサポートでご連絡がとれませんでした')
      expect(sent).toHaveLength(1)
      expect(sent[0].text).toContain(b.ticketNumber)
      expect(sent[0].text).toContain(`サポート窓口へのお電話: ${h.deps.config.supportTel.default}`)
      expect(sent[0].text).toContain('http://app.test/')
      expect(sent[0].text).toContain('「ご連絡がありませんでした」')
      const list = (await h.get('user-data', { token: member.token, query: { data: 'MEMBER_SUPPORT_TICKET' } })).body.supportTicketList as Ticket[]
      const t = list.find((x) => x.ticketNumber === b.ticketNumber)!
      expect(t.noContact).toBe(true)
      expect(ticketLabel(t, new Date(nowAt))).toBe('noContact')
    })
  })
})

describe('adding a consultant on the desk', () => {
  it('an operator adds one with a mail address, sort order and active flag; audited; in the grid once they have shifts; bad input is 400 in Japanese', async () => {
    const made = await desk('desk-consultant-save', { staffNickname: 'はるか', staffAge: 27, staffGender: 'FEMALE', email: ' Haruka@Staff.Example.com ', sortOrder: 7, active: true })
    expect(made.status).toBe(200)
    const c = made.body.consultant as T
    expect(c).toMatchObject({ staffNickname: 'はるか', email: 'haruka@staff.example.com', accountEmail: null, sortOrder: 7, active: true, version: 1 })
    const [audit] = await h.db.select().from(auditLog).where(and(eq(auditLog.targetId, c.staffId), eq(auditLog.action, 'consultant-create')))
    expect(audit).toMatchObject({ actorUid: op.uid, after: { email: 'haruka@staff.example.com', sortOrder: 7 } })

    const member = await h.member('fresh')
    const grid = async () => ((await h.get('reservation-schedule', { token: member.token, query: { dt: '20250617', minutesToSupport: 60 } })).body.staffSchedules as T[]).map((s) => s.staffId)
    expect(await grid()).not.toContain(c.staffId)
    const weekly = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '10:00', end: '18:00' }))
    expect((await staffPost(h, 'shift-plan-update', { token: op.token, body: { staffId: c.staffId, weekly } })).status).toBe(200)
    expect(await grid()).toContain(c.staffId)

    // Booked by a member: the new consultant is mailed at the address the operator gave.
    const b = await buySupport(h, member, { reservationTime: 'SUPPORT-20250617-16-00', staffId: c.staffId })
    expect(h.mailer.last('haruka@staff.example.com')?.text).toContain(b.ticketNumber)

    // Switched off from the start: not in the grid even with shifts.
    const off = await desk('desk-consultant-save', { staffNickname: 'そら', staffAge: 33, staffGender: 'MALE', active: false })
    expect(off.body.consultant).toMatchObject({ active: false, email: null })

    expect((await desk('desk-consultant-save', { staffNickname: 'x', staffAge: 30, staffGender: 'MALE', email: 'not-an-address' })).body).toEqual({ message: dm.consultantEmailInvalid })
    expect((await desk('desk-consultant-save', { staffNickname: 'x', staffAge: 30, staffGender: 'MALE', email: 12 })).body).toEqual({ message: dm.consultantEmailInvalid })
    expect((await desk('desk-consultant-save', { staffId: c.staffId, version: 1, staffNickname: 'x', staffAge: 30, staffGender: 'MALE', active: false })).body).toEqual({ message: dm.activeOnEdit })
  })

  it('a consultant cannot add a consultant, nor can a member', async () => {
    const cs = await staffAccount(h, [{ role: 'consultant', staffId: 'STAFF-05' }])
    const body = { staffNickname: 'もぐり', staffAge: 30, staffGender: 'MALE', email: 'x@staff.example.com' }
    expect((await desk('desk-consultant-save', body, cs.token)).status).toBe(403)
    const member = await h.member('fresh')
    expect((await desk('desk-consultant-save', body, member.token)).status).toBe(403)
    expect((await staffPost(h, 'desk-consultant-save', { body })).status).toBe(401)
    const names = ((await staffGet(h, 'desk-consultants', { token: op.token })).body.items as T[]).map((x) => x.staffNickname)
    expect(names).not.toContain('もぐり')
  })
})
