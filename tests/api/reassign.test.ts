import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { staffMessages } from '../../contract/staff-messages'
import { auditLog, bookings, tickets } from '../../server/db/schema'
import { createHarness, type Harness } from './harness'
import { buySupport, staffAccount, staffGet, staffPost } from './staff-harness'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type T = Record<string, any>

/** The ticket's booked cells agree with the ticket: its consultant, its time, nobody else's cells. */
async function cellsAgree(h: Harness, ticketNumber: string) {
  const [t] = await h.db.select().from(tickets).where(eq(tickets.ticketNumber, ticketNumber))
  const cells = await h.db.select().from(bookings).where(eq(bookings.ticketNumber, ticketNumber))
  expect(cells.length).toBe(t.minutesToSupport / 30)
  for (const c of cells) expect(c.staffId).toBe(t.staffId)
  expect(Math.min(...cells.map((c) => c.cellStart.getTime()))).toBe(t.reservationAt!.getTime())
  return t
}

describe('reassignment by an operator', () => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness()
  }, 60_000)
  afterAll(async () => h?.close())

  it('lists 指名なし bookings and who holds them, candidates with reasons, and moves one keeping number and time; everyone is mailed', async () => {
    const member = await h.member('fresh')
    const op = await staffAccount(h, [{ role: 'operator' }])
    const bought = await buySupport(h, member, { reservationTime: 'SUPPORT-20250617-14-00', staffId: null })
    const list = await staffGet(h, 'assignments', { token: op.token, query: { noPreferenceOnly: 'true' } })
    const held = (list.body.assignments as T[]).find((a) => a.ticketNumber === bought.ticketNumber)!
    expect(held).toMatchObject({ noPreference: true, reservationTime: 'SUPPORT-20250617-14-00' })
    expect((list.body.assignments as T[]).every((a) => a.noPreference)).toBe(true)

    const cand = await staffGet(h, 'reassign-candidates', { token: op.token, query: { ticketNumber: bought.ticketNumber } })
    expect(cand.status).toBe(200)
    const rows = cand.body.candidates as T[]
    expect(rows.find((c) => c.staffId === held.staffId)).toMatchObject({ free: false, reason: 'CURRENT', reasonText: '現在の担当者' })
    const target = rows.find((c) => c.free)!
    expect(target).toBeTruthy()
    const busy = rows.find((c) => !c.free && c.reason !== 'CURRENT')
    if (busy) expect((await staffPost(h, 'reassign', { token: op.token, body: { ticketNumber: bought.ticketNumber, staffId: busy.staffId, reason: '体調不良' } })).body.message).toBe(staffMessages.reassignNotFree)

    const fromCs = await staffAccount(h, [{ role: 'consultant', staffId: held.staffId }])
    const toCs = await staffAccount(h, [{ role: 'consultant', staffId: target.staffId }])
    expect((await staffPost(h, 'reassign', { token: toCs.token, body: { ticketNumber: bought.ticketNumber, staffId: target.staffId, reason: 'x' } })).status).toBe(403)
    expect((await staffPost(h, 'reassign', { token: op.token, body: { ticketNumber: bought.ticketNumber, staffId: target.staffId, reason: '' } })).body.message).toBe(staffMessages.reasonRequired)

    const moved = await staffPost(h, 'reassign', { token: op.token, body: { ticketNumber: bought.ticketNumber, staffId: target.staffId, reason: '体調不良のため', reservationTime: 'SUPPORT-20250617-14-00' } })
    expect(moved.status).toBe(200)
    expect(moved.body).toMatchObject({ fromStaffId: held.staffId, consultation: { ticketNumber: bought.ticketNumber, staffId: target.staffId, reservationTime: 'SUPPORT-20250617-14-00' } })
    await cellsAgree(h, bought.ticketNumber)

    const dayOf = async (token: string) => ((await staffGet(h, 'consultant-day', { token, query: { from: '20250617' } })).body.consultations as T[]).map((c) => c.ticketNumber)
    expect(await dayOf(toCs.token)).toContain(bought.ticketNumber)
    expect(await dayOf(fromCs.token)).not.toContain(bought.ticketNumber)
    expect(h.mailer.last(member.email)?.text).toContain(`新しい担当相談員: ${target.staffNickname}`)
    // Both consultants are mailed (at their own address, else their login's: consultant-mails.test.ts);
    // the reason stays in the audit trail, as the dialog says.
    expect(moved.body.mailed).toEqual(['MEMBER', 'FROM_STAFF', 'TO_STAFF'])
    const aboutIt = h.mailer.sent.filter((m) => m.text.includes(bought.ticketNumber))
    expect(aboutIt.filter((m) => m.subject === '【ITサポート】担当する相談が追加されました')).toHaveLength(1)
    expect(aboutIt.filter((m) => m.text.includes('体調不良のため'))).toEqual([])
    const [audit] = await h.db.select().from(auditLog).where(eq(auditLog.targetId, bought.ticketNumber))
    expect(audit).toMatchObject({ action: 'reassign', actorUid: op.uid, before: { staffId: held.staffId }, after: { staffId: target.staffId, reason: '体調不良のため' } })

    // The member's view: same ticket, same time, the new consultant.
    const mine = (await h.get('user-data', { token: member.token, query: { data: 'MEMBER_SUPPORT_TICKET' } })).body.supportTicketList as T[]
    expect(mine.find((t) => t.ticketNumber === bought.ticketNumber)).toMatchObject({ reservationTime: 'SUPPORT-20250617-14-00' })
    // A stale view (the time changed meanwhile) is refused.
    const stale = await staffPost(h, 'reassign', { token: op.token, body: { ticketNumber: bought.ticketNumber, staffId: held.staffId, reason: 'x', reservationTime: 'SUPPORT-20250617-15-00' } })
    expect(stale).toEqual({ status: 409, body: { message: staffMessages.reassignRaced } })
  })
})

describe.runIf(!!process.env.TEST_DATABASE_URL)('races on PostgreSQL: assignment, reassignment and the member\'s date change', () => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness()
  }, 60_000)
  afterAll(async () => h?.close())

  it('concurrent 指名なし bookings of one slot: each its own consultant, nothing double-booked', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => h.member('fresh')))
    const results = await Promise.allSettled(members.map((m) => buySupport(h, m, { reservationTime: 'SUPPORT-20250618-15-00', staffId: null })))
    const ok = results.filter((r): r is PromiseFulfilledResult<{ ticketNumber: string; receiptNumber: string }> => r.status === 'fulfilled').map((r) => r.value)
    expect(ok.length).toBeGreaterThan(0)
    const staffIds = []
    for (const b of ok) staffIds.push((await cellsAgree(h, b.ticketNumber)).staffId)
    expect(new Set(staffIds).size).toBe(staffIds.length)
    // The refused ones were told nobody is free (the product's own message).
    for (const r of results) if (r.status === 'rejected') expect(String(r.reason)).toContain('STAFF_ASSING_DENY')
  }, 120_000)

  it('the member changes the date while an operator reassigns: one wins, the other is told, nothing double-booked', async () => {
    const op = await staffAccount(h, [{ role: 'operator' }])
    const outcomes: number[] = []
    for (let round = 0; round < 4; round++) {
      const member = await h.member('fresh')
      const bought = await buySupport(h, member, { reservationTime: 'SUPPORT-20250619-13-00', staffId: null })
      const cand = (await staffGet(h, 'reassign-candidates', { token: op.token, query: { ticketNumber: bought.ticketNumber } })).body.candidates as T[]
      const target = cand.find((c) => c.free)
      // Each round books one more consultant at 13:00; the first rounds always find a free one.
      if (!target && round >= 2) break
      expect(target, `round ${round + 1}: a free consultant to reassign to`).toBeDefined()
      if (!target) break
      const grid = (await h.get('reservation-schedule', { token: member.token, query: { dt: '20250620', minutesToSupport: 60 } })).body as T
      const open = (grid.staffSchedules as T[]).flatMap((s) => Object.entries(s.schedules as Record<string, boolean>).filter(([, v]) => v).map(([slot]) => ({ staffId: s.staffId as string, slot })))[round]
      const [change, moved] = await Promise.all([
        h.post('update-resevation-date', { token: member.token, body: { ticketNumber: bought.ticketNumber, staffId: open.staffId, reservationTime: `SUPPORT-20250620-${open.slot}`, minutesToSupport: 60 } }),
        staffPost(h, 'reassign', { token: op.token, body: { ticketNumber: bought.ticketNumber, staffId: target.staffId, reason: '競合テスト', reservationTime: 'SUPPORT-20250619-13-00' } }),
      ])
      expect(change.status).toBe(200)
      expect([200, 409]).toContain(moved.status)
      outcomes.push(moved.status)
      if (moved.status === 409) expect(moved.body.message).toBe(staffMessages.reassignRaced)
      const t = await cellsAgree(h, bought.ticketNumber)
      // The member's change stands either way (it came first, or after the reassignment).
      expect(t.staffId).toBe(open.staffId)
      // No cell is held twice.
      const dup = await h.db.execute(sql`select staff_id, cell_start, count(*) from bookings group by 1, 2 having count(*) > 1`)
      expect((dup as unknown as { rows: unknown[] }).rows).toEqual([])
    }
    // The race really ran: at least two rounds raced the member's change against a reassignment.
    expect(outcomes.length).toBeGreaterThanOrEqual(2)
  }, 120_000)
})
