import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { staff, tickets } from '../../server/db/schema'
import type { JobEngine } from '../../server/jobs/engine'
import { jobsOf } from '../../server/jobs/registry'

/** The server's jobs; the room log's clean-up has no room bus here (tests/api/room.test.ts tests it). */
const jobs = jobsOf({ roomLog: { prune: async () => 0 } })
import { sendEveningReminders } from '../../server/jobs/reminders'
import { createHarness, NOW, type Harness } from './harness'
import { buySupport, staffAccount } from './staff-harness'

// Reminders (server/jobs/reminders.ts, docs/server.md "Reminders"): the evening before at 18:00 JST
// and an hour before, decided from the booking as it is when they go out, never twice.

let h: Harness
let engine: JobEngine
beforeAll(async () => {
  h = await createHarness()
  engine = await h.jobEngine(jobs)
}, 60_000)
afterAll(async () => h?.close())

const at = (iso: string) => new Date(iso)
const mailsTo = (to: string, subject: string) => h.mailer.sent.filter((m) => m.to === to && m.subject.includes(subject))
const tick = async (iso: string) => {
  h.clock.set(at(iso))
  return engine.runDue()
}

describe('reminders', () => {
  it('the evening before and an hour before, with what, when, with whom, how, the change link and the support line; once each', async () => {
    h.clock.set(NOW)
    const m = await h.member('fresh')
    const bought = await buySupport(h, m, { reservationTime: 'SUPPORT-20250611-14-00', staffId: null, supportType: 'TEL' })
    const [t] = await h.db.select().from(tickets).where(eq(tickets.ticketNumber, bought.ticketNumber))
    await h.db.update(staff).set({ email: `cs-${t.staffId!.toLowerCase()}@example.com` }).where(eq(staff.staffId, t.staffId!))
    const [s] = await h.db.select().from(staff).where(eq(staff.staffId, t.staffId!))

    await tick('2025-06-10T08:55:00Z') // 17:55 JST: not yet
    expect(mailsTo(m.email, '明日のご予約')).toHaveLength(0)
    await tick('2025-06-10T09:00:00Z') // 18:00 JST
    const [evening] = mailsTo(m.email, '明日のご予約のお知らせ')
    expect(evening.text).toContain('ご予約日時: 2025年6月11日 14:00')
    expect(evening.text).toContain(`担当相談員: ${s.staffNickname}`)
    expect(evening.text).toContain('サポート方法: 電話')
    expect(evening.text).toMatch(/担当相談員が [\d-]+ からご登録の電話番号（09000000000）へお電話します/)
    expect(evening.text).toContain(`http://app.test/support/reservation-date-change?ticketNumber=${bought.ticketNumber}`)
    // The booking's calendar invite as it stands, so a calendar that missed the booking mail has it.
    const eveningInvite = String(evening.attachments?.[0]?.content ?? '').replace(/\r\n[ \t]/g, '')
    expect(eveningInvite).toContain(`UID:${bought.ticketNumber}.booking@mypage`)
    expect(eveningInvite).toContain('DTSTART:20250611T050000Z')
    // The consultant's list of the next day.
    const [day] = mailsTo(s.email!, '明日の担当')
    expect(day.text).toContain(`14:00（${t.minutesToSupport}分）`)
    expect(day.text).toContain(bought.ticketNumber)

    // The same tick again (a retry, another replica): nothing more.
    await tick('2025-06-10T09:00:30Z')
    expect(mailsTo(m.email, '明日のご予約のお知らせ')).toHaveLength(1)
    expect(mailsTo(s.email!, '明日の担当')).toHaveLength(1)

    // The member moves it to 15:00: the hour-before reminder names the new time, once.
    const moved = await h.post('update-resevation-date', { token: m.token, body: { ticketNumber: bought.ticketNumber, staffId: t.staffId, reservationTime: 'SUPPORT-20250611-15-00', minutesToSupport: t.minutesToSupport } })
    expect(moved.status).toBe(200)
    await tick('2025-06-11T04:00:00Z') // 13:00 JST: an hour before the old time
    expect(mailsTo(m.email, 'まもなく')).toHaveLength(0)
    await tick('2025-06-11T05:00:00Z') // 14:00 JST: an hour before the new one
    await tick('2025-06-11T05:05:00Z')
    const soon = mailsTo(m.email, 'まもなくご予約の時間です')
    expect(soon).toHaveLength(1)
    expect(soon[0].text).toContain('ご予約日時: 2025年6月11日 15:00')
    expect(soon[0].text).not.toContain('14:00')
    const soonInvite = String(soon[0].attachments?.[0]?.content ?? '').replace(/\r\n[ \t]/g, '')
    expect(soonInvite).toContain('DTSTART:20250611T060000Z')
    expect(soonInvite).toContain('SEQUENCE:1')
    h.clock.set(NOW)
  })

  it('none for a refunded booking, none the evening of a booking made after the hour', async () => {
    h.clock.set(NOW)
    const op = await staffAccount(h, [{ role: 'operator' }])
    const refunded = await h.member('fresh')
    const r = await buySupport(h, refunded, { reservationTime: 'SUPPORT-20250612-14-00', staffId: null })
    const refund = await h.post('staff/desk-refund', { token: op.token, body: { ticketNumber: r.ticketNumber, amount: 100, reason: 'テスト', idempotencyKey: `reminder-refund-${Date.now()}` } })
    expect(refund.status, JSON.stringify(refund.body)).toBe(200)

    h.clock.set(at('2025-06-11T10:00:00Z')) // 19:00 JST, after the evening hour
    const late = await h.member('fresh')
    await buySupport(h, late, { reservationTime: 'SUPPORT-20250612-15-00', staffId: null })

    // The evening run of that day, late (a retry after the booking): still none for it.
    h.clock.set(at('2025-06-11T10:05:00Z'))
    await sendEveningReminders(h.deps)
    await tick('2025-06-12T04:00:00Z') // 13:00 JST on the day
    expect(mailsTo(refunded.email, 'ご予約')).toEqual([])
    expect(mailsTo(late.email, '明日のご予約')).toEqual([])
    // An hour before still reaches the late booking.
    await tick('2025-06-12T05:00:00Z')
    expect(mailsTo(late.email, 'まもなくご予約の時間です')).toHaveLength(1)
    expect(mailsTo(refunded.email, 'まもなく')).toEqual([])
    h.clock.set(NOW)
  })
})
