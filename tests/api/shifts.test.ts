import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { staffMessages } from '../../contract/staff-messages'
import { auditLog, tickets } from '../../server/db/schema'
import { weekCounts } from '../../server/services/assignment'
import { createHarness, type Harness } from './harness'
import { buySupport, staffAccount, staffGet, staffPost } from './staff-harness'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type T = Record<string, any>
let h: Harness
beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(async () => h?.close())

const schedule = async (token: string, dt: string) => (await h.get('reservation-schedule', { token, query: { dt, minutesToSupport: 60 } })).body as T
const cell = (answer: T, staffId: string, slot: string) => (answer.staffSchedules as T[]).find((s) => s.staffId === staffId)?.schedules[slot] as boolean | undefined

describe('shifts and business holidays', () => {
  it('a consultant changes their own shifts; time holding a booking is refused with the booking listed; the grid follows at once', async () => {
    const member = await h.member('fresh')
    const cs = await staffAccount(h, [{ role: 'consultant', staffId: 'STAFF-02' }])
    // The seeded shift of STAFF-02 on Friday 2025-06-13: 09:00–17:00.
    const plan = await staffGet(h, 'shift-plan', { token: cs.token, query: { from: '20250613', days: 1 } })
    expect(plan.body.days[0]).toMatchObject({ ymd: '20250613', periods: [{ start: '09:00', end: '17:00' }] })
    expect((await staffGet(h, 'shift-plan', { token: cs.token, query: { staffId: 'STAFF-03' } })).status).toBe(403)
    expect((await staffPost(h, 'shift-plan-update', { token: cs.token, body: { staffId: 'STAFF-03', setExceptions: [] } })).status).toBe(403)

    const bought = await buySupport(h, member, { reservationTime: 'SUPPORT-20250613-10-00', staffId: 'STAFF-02' })
    expect(cell(await schedule(member.token, '20250613'), 'STAFF-02', '13-00')).toBe(true)

    const off = await staffPost(h, 'shift-plan-update', { token: cs.token, body: { setExceptions: [{ ymd: '20250613', off: true }] } })
    expect(off.status).toBe(409)
    expect(off.body.message).toBe(`${staffMessages.shiftHoldsBookings}${bought.ticketNumber}（6/13 10:00）`)
    // Nothing half-written: the shift is still there.
    expect(cell(await schedule(member.token, '20250613'), 'STAFF-02', '13-00')).toBe(true)

    const shorter = await staffPost(h, 'shift-plan-update', { token: cs.token, body: { setExceptions: [{ ymd: '20250613', off: false, start: '09:00', end: '12:00' }] } })
    expect(shorter.status).toBe(200)
    expect(shorter.body.exceptions).toEqual([{ ymd: '20250613', off: false, start: '09:00', end: '12:00' }])
    const grid = await schedule(member.token, '20250613')
    expect(cell(grid, 'STAFF-02', '13-00')).toBe(false)
    expect(cell(grid, 'STAFF-02', '11-00')).toBe(true)

    const bad = await staffPost(h, 'shift-plan-update', { token: cs.token, body: { setExceptions: [{ ymd: '20250613', off: false, start: '12:00', end: '09:00' }] } })
    expect(bad).toEqual({ status: 400, body: { message: staffMessages.shiftPeriodInvalid } })
    expect((await staffPost(h, 'shift-plan-update', { token: cs.token, body: { setExceptions: [{ ymd: '20250613', off: false, start: '09:15', end: '12:00' }] } })).body.message).toBe(staffMessages.timeInvalid)
    expect((await staffPost(h, 'shift-plan-update', { token: cs.token, body: { removeExceptions: ['20250601'] } })).body.message).toBe(staffMessages.pastDay)

    // A weekly plan: weekdays 10:00–18:00, the weekend off; the dated exception still wins.
    const weekly = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '10:00', end: '18:00' }))
    const planned = await staffPost(h, 'shift-plan-update', { token: cs.token, body: { weekly } })
    expect(planned.status).toBe(200)
    const days = planned.body.days as T[]
    expect(days.find((d) => d.ymd === '20250611')?.periods).toEqual([{ start: '10:00', end: '18:00' }])
    expect(days.find((d) => d.ymd === '20250613')?.periods).toEqual([{ start: '09:00', end: '12:00' }])
    expect(days.find((d) => d.ymd === '20250614')?.periods).toEqual([])
    expect(days.find((d) => d.ymd === '20250613')?.bookings).toEqual([{ ticketNumber: bought.ticketNumber, start: '10:00', end: '11:00' }])
    expect(cell(await schedule(member.token, '20250611'), 'STAFF-02', '09-00')).toBe(false)
    expect(cell(await schedule(member.token, '20250611'), 'STAFF-02', '16-00')).toBe(true)

    const audit = await h.db.select().from(auditLog).where(and(eq(auditLog.action, 'shift-plan-update'), eq(auditLog.targetId, 'STAFF-02')))
    expect(audit.length).toBe(2)
    expect(audit[1]).toMatchObject({ actorUid: cs.uid, actorRole: 'consultant', after: { weekly } })
  })

  it('operators set business holidays; a day with bookings is refused; the grid skips a holiday', async () => {
    const member = await h.member('fresh')
    const op = await staffAccount(h, [{ role: 'operator' }])
    const cs = await staffAccount(h, [{ role: 'consultant', staffId: 'STAFF-05' }])
    expect((await staffPost(h, 'business-holiday-update', { token: cs.token, body: { add: ['20250620'] } })).status).toBe(403)
    const bought = await buySupport(h, member, { reservationTime: 'SUPPORT-20250619-14-00', staffId: null })
    const refused = await staffPost(h, 'business-holiday-update', { token: op.token, body: { add: ['20250619'] } })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toContain(bought.ticketNumber)
    expect((await schedule(member.token, '20250620')).selectDate).toBe('20250620')
    const added = await staffPost(h, 'business-holiday-update', { token: op.token, body: { add: ['20250620'] } })
    expect(added.status).toBe(200)
    expect(added.body.holidays).toContainEqual({ ymd: '20250620' })
    expect((await schedule(member.token, '20250620')).selectDate).not.toBe('20250620')
    expect((await staffPost(h, 'business-holiday-update', { token: op.token, body: { remove: ['20250620'] } })).body.holidays).not.toContainEqual({ ymd: '20250620' })
    expect((await schedule(member.token, '20250620')).selectDate).toBe('20250620')
    // The two changes are in the audit trail with the list before and after; the refusal is not.
    const audit = await h.db.select().from(auditLog).where(and(eq(auditLog.action, 'business-holiday-update'), eq(auditLog.actorUid, op.uid)))
    expect(audit).toHaveLength(2)
    expect(audit.map((a) => a.actorRole)).toEqual(['operator', 'operator'])
    expect(JSON.stringify(audit[0].after)).toContain('20250620')
    expect(JSON.stringify(audit[0].before)).not.toContain('20250620')
    expect(JSON.stringify(audit[1].before)).toContain('20250620')
    expect(JSON.stringify(audit[1].after)).not.toContain('20250620')
  })
})

describe('fair assignment of 指名なし bookings', () => {
  it('each goes to a free consultant with the fewest consultations that week, ties in display order', async () => {
    const member = await h.member('fresh')
    const slots = ['SUPPORT-20250617-10-00', 'SUPPORT-20250617-11-00', 'SUPPORT-20250618-14-00', 'SUPPORT-20250619-10-00', 'SUPPORT-20250619-15-00']
    const assigned: string[] = []
    for (const reservationTime of slots) {
      const [, ymd, hh, mm] = /SUPPORT-(\d{8})-(\d{2})-(\d{2})/.exec(reservationTime)!
      const grid = await schedule(member.token, ymd)
      const order = (grid.staffSchedules as T[]).map((s) => s.staffId as string)
      const free = order.filter((id) => cell(grid, id, `${hh}-${mm}`))
      const counts = await weekCounts(h.db, new Date(`${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6)}T01:00:00Z`), h.clock.now())
      const fewest = Math.min(...free.map((id) => counts.get(id) ?? 0))
      const expected = free.find((id) => (counts.get(id) ?? 0) === fewest)
      const bought = await buySupport(h, member, { reservationTime, staffId: null })
      const [t] = await h.db.select().from(tickets).where(eq(tickets.ticketNumber, bought.ticketNumber))
      expect(t.staffId).toBe(expected)
      expect(t.noPreference).toBe(true)
      assigned.push(t.staffId!)
    }
    // Not everyone to the first in the list, as before.
    expect(new Set(assigned).size).toBeGreaterThan(1)
  })
})

describe.runIf(!!process.env.TEST_DATABASE_URL)('a shift change on one replica is seen by the other on the next request', () => {
  let r: Harness
  beforeAll(async () => {
    r = await createHarness({ cacheBus: true })
  }, 60_000)
  afterAll(async () => r?.close())

  it('the other replica\'s grid follows at once', async () => {
    const b = await r.replica()
    const member = await r.member('fresh')
    const cs = await staffAccount(r, [{ role: 'consultant', staffId: 'STAFF-04' }])
    const gridOnB = async () => (await b.get('reservation-schedule', { token: member.token, query: { dt: '20250613', minutesToSupport: 60 } })).body as T
    // STAFF-04's seeded shift on 2025-06-13 is 09:00–17:00; B has the day cached.
    expect(cell(await gridOnB(), 'STAFF-04', '15-00')).toBe(true)
    expect((await staffPost(r, 'shift-plan-update', { token: cs.token, body: { setExceptions: [{ ymd: '20250613', off: true }] } })).status).toBe(200)
    expect(cell(await gridOnB(), 'STAFF-04', '15-00')).not.toBe(true)
  })
})
