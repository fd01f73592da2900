import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LocalDate } from '@js-joda/core'
import { parseConfig } from '../../server/config'
import { businessHolidays } from '../../server/db/schema'
import type { JobEngine } from '../../server/jobs/engine'
import { followUpReminderJob } from '../../server/jobs/follow-up-reminder'
import { addBusinessDays } from '../../server/services/staff/deadlines'
import { createHarness, NOW, type Harness } from './harness'
import { bookedWithMailableConsultant, staffAccount, staffGet, staffPost } from './staff-harness'

// Follow-ups (docs/decisions.md 85, docs/server.md "The consultation loop"): 未解決 sets a due day
// FOLLOW_UP_BUSINESS_DAYS (3) business days later, skipping the business holidays (weekends are
// open days: consultants work them by their plans); the consultant is mailed once from the business
// day before it; 未解決で完了 closes it. The clock is moved and the due jobs run at once.

let h: Harness
let engine: JobEngine
let op: Awaited<ReturnType<typeof staffAccount>>
beforeAll(async () => {
  h = await createHarness()
  engine = await h.jobEngine([followUpReminderJob])
  op = await staffAccount(h, [{ role: 'operator' }])
  // Friday 13 June and Monday 16 June 2025 are closed.
  await h.db.insert(businessHolidays).values([{ ymd: '20250613' }, { ymd: '20250616' }]).onConflictDoNothing()
}, 60_000)
afterAll(async () => h?.close())

const tick = (iso: string) => {
  h.clock.set(new Date(iso))
  return engine.runDue()
}
const followUpMails = (ticketNumber: string) => h.mailer.sent.filter((m) => m.subject.includes('フォロー期限が近づいています') && m.text.includes(ticketNumber))
const unsolved = async (ticketNumber: string, at: string) => {
  h.clock.set(new Date(at))
  const r = await staffPost(h, 'consultation-outcome', { token: op.token, body: { ticketNumber, outcome: 'UNSOLVED' } })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return r.body.consultation as { followUpDue: string | null }
}

const booked = (reservationTime: string) => {
  h.clock.set(NOW)
  return bookedWithMailableConsultant(h, reservationTime)
}

describe('business days', () => {
  it('count every day but a business holiday', () => {
    const closed = new Set(['20250613', '20250616'])
    const wed = LocalDate.of(2025, 6, 11)
    expect(addBusinessDays(closed, wed, 1).toString()).toBe('2025-06-12')
    expect(addBusinessDays(closed, wed, 2).toString()).toBe('2025-06-14') // skips Friday 13th
    expect(addBusinessDays(closed, wed, 3).toString()).toBe('2025-06-15') // Saturday and Sunday count
    expect(addBusinessDays(closed, wed, 4).toString()).toBe('2025-06-17') // skips Monday 16th
    expect(addBusinessDays(new Set(), wed, 3).toString()).toBe('2025-06-14')
  })
  it('FOLLOW_UP_BUSINESS_DAYS is 3 by default, 1 to 30', () => {
    const base = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1' }
    expect(parseConfig(base).outcomes).toEqual({ graceHours: 24, followUpBusinessDays: 3 })
    expect(parseConfig({ ...base, FOLLOW_UP_BUSINESS_DAYS: '5', OUTCOME_GRACE_HOURS: '48' }).outcomes).toEqual({ graceHours: 48, followUpBusinessDays: 5 })
    expect(() => parseConfig({ ...base, FOLLOW_UP_BUSINESS_DAYS: '0' })).toThrow(/FOLLOW_UP_BUSINESS_DAYS/)
    expect(() => parseConfig({ ...base, OUTCOME_GRACE_HOURS: '0' })).toThrow(/OUTCOME_GRACE_HOURS/)
  })
})

describe('follow-ups', () => {
  it('未解決 sets the due day; the consultant and the desk see it; one mail from the business day before; 未解決で完了 closes it', async () => {
    const first = await booked('SUPPORT-20250611-14-00')
    const second = await booked('SUPPORT-20250612-10-00')
    const closed = await booked('SUPPORT-20250611-15-00')

    // Wednesday 11th → 12, (13 closed), 14, 15: due Sunday 15th.
    expect((await unsolved(first.ticketNumber, '2025-06-11T06:10:00Z')).followUpDue).toBe('20250615')
    // Thursday 12th → (13 closed), 14, 15, (16 closed), 17: due Tuesday 17th.
    expect((await unsolved(second.ticketNumber, '2025-06-12T02:10:00Z')).followUpDue).toBe('20250617')
    expect((await unsolved(closed.ticketNumber, '2025-06-12T02:20:00Z')).followUpDue).toBe('20250617')

    // The consultant's day and past, and the desk, show the due day.
    const cs = await staffAccount(h, [{ role: 'consultant', staffId: first.staffId }])
    const day = await staffGet(h, 'consultant-day', { token: cs.token, query: { from: '20250611' } })
    expect(day.body.consultations.find((c: { ticketNumber: string }) => c.ticketNumber === first.ticketNumber)?.followUpDue).toBe('20250615')
    const past = await staffGet(h, 'past-consultations', { token: cs.token, query: { filter: 'UNSOLVED' } })
    expect(past.body.consultations.find((c: { ticketNumber: string }) => c.ticketNumber === first.ticketNumber)?.followUpDue).toBe('20250615')
    const desk = (await staffGet(h, 'desk-today', { token: op.token })).body
    const owed = desk.followUps.items as { ticketNumber: string; followUpDue: string | null }[]
    expect(owed.find((b) => b.ticketNumber === first.ticketNumber)?.followUpDue).toBe('20250615')
    // Soonest due first.
    const order = owed.map((b) => b.ticketNumber).filter((n) => [first.ticketNumber, second.ticketNumber].includes(n))
    expect(order).toEqual([first.ticketNumber, second.ticketNumber])

    // 未解決で完了 closes one before its reminder.
    h.clock.set(new Date('2025-06-13T01:00:00Z'))
    const close = await staffPost(h, 'consultation-outcome', { token: op.token, body: { ticketNumber: closed.ticketNumber, outcome: 'UNSOLVED_COMPLETED', unsolvedAfterFollowContent: '電話でフォロー済み' } })
    expect(close.status, JSON.stringify(close.body)).toBe(200)
    expect(((await staffGet(h, 'desk-today', { token: op.token })).body.followUps.items as { ticketNumber: string }[]).map((b) => b.ticketNumber)).not.toContain(closed.ticketNumber)

    // Friday 13th (closed), 09:10 JST: the next business day is the 14th, nothing is due by then.
    await tick('2025-06-13T00:10:00Z')
    expect(followUpMails(first.ticketNumber)).toHaveLength(0)
    // Saturday 14th, 09:10 JST: the business day before Sunday 15th — the first is mailed, once.
    await tick('2025-06-14T00:10:00Z')
    const [mail] = followUpMails(first.ticketNumber)
    expect(mail.text).toContain('フォロー期限は 2025年6月15日 です')
    expect(mail.text).toContain('http://app.test/staff/past?filter=UNSOLVED')
    expect(followUpMails(second.ticketNumber)).toHaveLength(0)
    await tick('2025-06-14T01:10:00Z')
    expect(followUpMails(first.ticketNumber)).toHaveLength(1)
    // Sunday 15th: the business day before Tuesday 17th (Monday is closed) — the second.
    await tick('2025-06-15T00:10:00Z')
    expect(followUpMails(second.ticketNumber)).toHaveLength(1)
    await tick('2025-06-16T00:10:00Z')
    await tick('2025-06-17T00:10:00Z')
    expect(followUpMails(second.ticketNumber)).toHaveLength(1)
    expect(followUpMails(first.ticketNumber)).toHaveLength(1)
    expect(followUpMails(closed.ticketNumber)).toEqual([])
    h.clock.set(NOW)
  })

})
