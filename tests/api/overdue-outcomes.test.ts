import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Ticket } from '../../contract/entities'
import { noCallReportMessages } from '../../contract/messages'
import { noCallReport, ticketLabel } from '../../contract/ticket-rules'
import { auditLog } from '../../server/db/schema'
import type { JobEngine } from '../../server/jobs/engine'
import { outcomeReminderJob } from '../../server/jobs/outcome-reminder'
import { createHarness, NOW, type Harness } from './harness'
import { bookedWithMailableConsultant, staffAccount, staffGet, staffPost } from './staff-harness'

// Overdue outcomes and the "no call came" report (docs/decisions.md 85–86, docs/server.md "The
// consultation loop"): the consultant is reminded once after the end, the member's card reads 確認中
// for the grace period (OUTCOME_GRACE_HOURS, 24 h here) and no contact after it, and the desk lists
// the consultation as overdue from then until someone records it. The clock is moved, never waited for.

let h: Harness
let engine: JobEngine
let op: Awaited<ReturnType<typeof staffAccount>>
beforeAll(async () => {
  h = await createHarness()
  engine = await h.jobEngine([outcomeReminderJob])
  op = await staffAccount(h, [{ role: 'operator' }])
}, 60_000)
afterAll(async () => h?.close())

const tick = (iso: string) => {
  h.clock.set(new Date(iso))
  return engine.runDue()
}
const reminders = (ticketNumber: string) => h.mailer.sent.filter((m) => m.subject.includes('相談結果の記録をお願いします') && m.text.includes(ticketNumber))
const cardOf = async (member: { token: string }, ticketNumber: string): Promise<Ticket> =>
  ((await h.get('user-data', { token: member.token, query: { data: 'MEMBER_SUPPORT_TICKET' } })).body.supportTicketList as Ticket[]).find((t) => t.ticketNumber === ticketNumber)!
const numbers = (list: { ticketNumber: string }[]) => list.map((c) => c.ticketNumber)
const deskToday = async () => (await staffGet(h, 'desk-today', { token: op.token })).body
const overduePast = async () => numbers((await staffGet(h, 'past-consultations', { token: op.token, query: { filter: 'OVERDUE', pageSize: 50 } })).body.consultations)

const booked = (reservationTime: string) => {
  h.clock.set(NOW)
  return bookedWithMailableConsultant(h, reservationTime)
}

describe('overdue outcomes', () => {
  it('reminds the consultant once, reads 確認中 for the grace period, then no contact, and the desk lists it until recorded', async () => {
    const { member, ticketNumber } = await booked('SUPPORT-20250611-14-00') // ends 15:00 JST (06:00Z)

    // Just over: the card says 確認中, not that no contact was received.
    h.clock.set(new Date('2025-06-11T06:00:00Z'))
    const card = await cardOf(member, ticketNumber)
    expect(card).toMatchObject({ endUnixTime: Date.parse('2025-06-11T06:00:00Z') / 1000, outcomeDueUnixTime: Date.parse('2025-06-12T06:00:00Z') / 1000 })
    expect(ticketLabel(card, h.clock.now())).toBe('checking')

    await tick('2025-06-11T06:15:00Z') // 15 minutes after the end: not yet
    expect(reminders(ticketNumber)).toHaveLength(0)
    await tick('2025-06-11T06:30:00Z') // 30 minutes after: once
    const [mail] = reminders(ticketNumber)
    expect(mail.text).toContain('2025年6月11日 15:00 に終了時刻を過ぎました')
    expect(mail.text).toContain('2025年6月12日 15:00 までに記録がない場合')
    expect(mail.text).toContain('http://app.test/staff/past?filter=NO_OUTCOME')
    await tick('2025-06-11T06:45:00Z')
    await tick('2025-06-11T06:30:30Z') // the same slot again (a retry, another replica)
    expect(reminders(ticketNumber)).toHaveLength(1)

    // Inside the grace period: not on the desk's overdue list, nor 過去の相談's 期限超過.
    h.clock.set(new Date('2025-06-12T05:59:59Z'))
    expect(numbers((await deskToday()).outcomesMissing.items)).not.toContain(ticketNumber)
    expect(await overduePast()).not.toContain(ticketNumber)
    expect(ticketLabel(await cardOf(member, ticketNumber), h.clock.now())).toBe('checking')

    // Grace over: overdue on the desk and in the past filter, no contact on the card; no second mail.
    await tick('2025-06-12T06:00:00Z')
    expect(numbers((await deskToday()).outcomesMissing.items)).toContain(ticketNumber)
    expect(await overduePast()).toContain(ticketNumber)
    expect(ticketLabel(await cardOf(member, ticketNumber), h.clock.now())).toBe('noContact')
    expect(reminders(ticketNumber)).toHaveLength(1)

    // Recorded late: it leaves the lists and the card reads what was recorded.
    const done = await staffPost(h, 'consultation-outcome', { token: op.token, body: { ticketNumber, outcome: 'COMPLETED', minutesUsed: 50 } })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(numbers((await deskToday()).outcomesMissing.items)).not.toContain(ticketNumber)
    expect(await overduePast()).not.toContain(ticketNumber)
    expect(ticketLabel(await cardOf(member, ticketNumber), h.clock.now())).toBe('completed')
    h.clock.set(NOW)
  })

  it('an extension moves the end: the reminder and the grace period follow it; nothing for a recorded or refunded one', async () => {
    const { member, ticketNumber } = await booked('SUPPORT-20250613-10-00') // 60 min, ends 11:00 JST
    const add = await h.post('charge', {
      token: member.token,
      headers: { 'Idempotency-Key': `overdue-add-${ticketNumber}` },
      body: { productId: 'ADD-30', cardToken: await h.cardToken(undefined, member.token), saveCard: false, reservationTime: 'ADD', parentTicketNumber: ticketNumber },
    })
    expect(add.status, JSON.stringify(add.body)).toBe(200)
    const recorded = await booked('SUPPORT-20250613-10-00')
    const refunded = await booked('SUPPORT-20250613-11-00')
    expect((await staffPost(h, 'desk-refund', { token: op.token, body: { ticketNumber: refunded.ticketNumber, amount: 100, reason: 'テスト', idempotencyKey: `overdue-refund-${refunded.ticketNumber}` } })).status).toBe(200)
    h.clock.set(new Date('2025-06-13T01:20:00Z')) // 10:20 JST
    expect((await staffPost(h, 'consultation-outcome', { token: op.token, body: { ticketNumber: recorded.ticketNumber, outcome: 'UNSOLVED' } })).status).toBe(200)

    await tick('2025-06-13T02:30:00Z') // 11:30 JST: 30 minutes after the booked end, but the extension runs to 11:30
    expect(reminders(ticketNumber)).toHaveLength(0)
    expect((await cardOf(member, ticketNumber)).endUnixTime).toBe(Date.parse('2025-06-13T02:30:00Z') / 1000)
    await tick('2025-06-13T03:00:00Z') // 12:00 JST: 30 minutes after the extended end
    expect(reminders(ticketNumber)).toHaveLength(1)
    await tick('2025-06-13T03:30:00Z')
    expect(reminders(recorded.ticketNumber)).toEqual([])
    expect(reminders(refunded.ticketNumber)).toEqual([])

    // The grace period runs from the extended end too.
    h.clock.set(new Date('2025-06-14T02:29:59Z'))
    expect(ticketLabel(await cardOf(member, ticketNumber), h.clock.now())).toBe('checking')
    expect(numbers((await deskToday()).outcomesMissing.items)).not.toContain(ticketNumber)
    h.clock.set(new Date('2025-06-14T02:30:00Z'))
    expect(ticketLabel(await cardOf(member, ticketNumber), h.clock.now())).toBe('noContact')
    expect(numbers((await deskToday()).outcomesMissing.items)).toContain(ticketNumber)
    h.clock.set(NOW)
  })
})

describe('"no call came" reports', () => {
  it('own ticket, from the end for 24 hours, once; the desk lists it, the trail records it', async () => {
    const { member, ticketNumber } = await booked('SUPPORT-20250612-10-00') // ends 11:00 JST (02:00Z)
    const other = await h.member('fresh')
    const report = (token: string, n = ticketNumber) => h.post('no-call-report', { token, body: { ticketNumber: n } })

    h.clock.set(new Date('2025-06-12T01:59:59Z'))
    expect(await report(member.token)).toEqual({ status: 409, body: { message: noCallReportMessages.notOver } })
    h.clock.set(new Date('2025-06-12T02:00:00Z'))
    // Another member's ticket is not found; an unknown number neither.
    expect((await report(other.token)).status).toBe(404)
    expect((await report(member.token, 'T99999999')).status).toBe(404)
    // Bad input: 400 with the contract's message, never 500.
    expect((await h.post('no-call-report', { token: member.token, body: { ticketNumber: '' } })).status).toBe(400)

    const first = await report(member.token)
    expect(first).toEqual({ status: 200, body: { noCallReportedUnixTime: Date.parse('2025-06-12T02:00:00Z') / 1000 } })
    expect(await report(member.token)).toEqual({ status: 409, body: { message: noCallReportMessages.reported } })
    expect((await cardOf(member, ticketNumber)).noCallReportedUnixTime).toBe(first.body.noCallReportedUnixTime)

    // The desk sees it: its own list and the booking's field; the consultant's views carry it too.
    const desk = await deskToday()
    const listed = (desk.noCallReports.items as { ticketNumber: string; noCallReportedUnixTime: number | null }[]).find((b) => b.ticketNumber === ticketNumber)
    expect(listed?.noCallReportedUnixTime).toBe(first.body.noCallReportedUnixTime)
    const past = await staffGet(h, 'past-consultations', { token: op.token, query: { filter: 'NO_OUTCOME', pageSize: 50 } })
    expect(past.body.consultations.find((c: { ticketNumber: string }) => c.ticketNumber === ticketNumber)?.noCallReportedUnixTime).toBe(first.body.noCallReportedUnixTime)
    const trail = await h.db.select().from(auditLog).where(and(eq(auditLog.action, 'no-call-report'), eq(auditLog.targetId, ticketNumber)))
    expect(trail).toHaveLength(1)
    expect(trail[0]).toMatchObject({ actorRole: 'member', actorUid: member.memberId })
    const inWords = await staffGet(h, 'desk-audit', { token: op.token, query: { action: 'no-call-report', targetId: ticketNumber } })
    expect(inWords.body.items[0].actionName).toBe('会員からの「連絡が来なかった」報告')

    // Once the consultant records an outcome that is not ご連絡なし, the report leaves the desk's list.
    expect((await staffPost(h, 'consultation-outcome', { token: op.token, body: { ticketNumber, outcome: 'UNSOLVED' } })).status).toBe(200)
    expect(numbers((await deskToday()).noCallReports.items)).not.toContain(ticketNumber)
    h.clock.set(NOW)
  })

  // docs/product.md "No call came": the report is offered "from the end of a booked consultation",
  // so before the start, at the start and during it the member is told to report after the end,
  // nothing is recorded, and the card offers no report; at the end exactly it is taken.
  it('before the start, at the start and until the end: refused (ご予約の時間が終わってから), nothing recorded; taken at the end', async () => {
    const { member, ticketNumber } = await booked('SUPPORT-20250614-10-00') // 10:00–11:00 JST (01:00Z–02:00Z)
    const report = () => h.post('no-call-report', { token: member.token, body: { ticketNumber } })
    for (const at of ['2025-06-13T14:59:59Z', '2025-06-13T15:00:00Z', '2025-06-14T00:59:59Z', '2025-06-14T01:00:00Z', '2025-06-14T01:30:00Z', '2025-06-14T01:59:59Z']) {
      h.clock.set(new Date(at))
      expect(await report(), at).toEqual({ status: 409, body: { message: noCallReportMessages.notOver } })
      const card = await cardOf(member, ticketNumber)
      expect(card.noCallReportedUnixTime, at).toBeUndefined()
      expect(noCallReport(card, h.clock.now()), at).toBe('hidden')
    }
    expect(await h.db.select().from(auditLog).where(and(eq(auditLog.action, 'no-call-report'), eq(auditLog.targetId, ticketNumber)))).toEqual([])
    h.clock.set(new Date('2025-06-14T02:00:00Z'))
    expect(noCallReport(await cardOf(member, ticketNumber), h.clock.now())).toBe('open')
    expect(await report()).toEqual({ status: 200, body: { noCallReportedUnixTime: Date.parse('2025-06-14T02:00:00Z') / 1000 } })
    h.clock.set(NOW)
  })

  it('after 24 hours: refused with a Japanese message; a recorded or refunded consultation cannot be reported', async () => {
    const late = await booked('SUPPORT-20250612-13-00') // ends 14:00 JST (05:00Z)
    const done = await booked('SUPPORT-20250612-14-00')
    h.clock.set(new Date('2025-06-12T05:10:00Z'))
    expect((await staffPost(h, 'consultation-outcome', { token: op.token, body: { ticketNumber: done.ticketNumber, outcome: 'UNSOLVED' } })).status).toBe(200)
    h.clock.set(new Date('2025-06-13T04:59:59Z'))
    expect((await cardOf(late.member, late.ticketNumber)).noCallReportedUnixTime).toBeUndefined()
    h.clock.set(new Date('2025-06-13T05:00:00Z'))
    expect(await h.post('no-call-report', { token: late.member.token, body: { ticketNumber: late.ticketNumber } })).toEqual({ status: 409, body: { message: noCallReportMessages.tooLate } })
    h.clock.set(new Date('2025-06-12T06:00:00Z'))
    expect(await h.post('no-call-report', { token: done.member.token, body: { ticketNumber: done.ticketNumber } })).toEqual({ status: 409, body: { message: noCallReportMessages.notOpen } })
    h.clock.set(NOW)
  })
})

// Real races need real connections: PostgreSQL only (TEST_DATABASE_URL), through two replicas.
describe.runIf(!!process.env.TEST_DATABASE_URL)('"no call came" reports on PostgreSQL', () => {
  it('the same report twice at once, through two replicas: one report, one audit row', async () => {
    const { member, ticketNumber } = await booked('SUPPORT-20250611-16-00')
    const second = await h.replica()
    h.clock.set(new Date('2025-06-11T08:30:00Z'))
    const body = { ticketNumber }
    const answers = await Promise.all([h.post('no-call-report', { token: member.token, body }), second.post('no-call-report', { token: member.token, body })])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    expect(answers.find((a) => a.status === 409)?.body).toEqual({ message: noCallReportMessages.reported })
    expect(await h.db.select().from(auditLog).where(and(eq(auditLog.action, 'no-call-report'), eq(auditLog.targetId, ticketNumber)))).toHaveLength(1)
    h.clock.set(NOW)
  })
})
