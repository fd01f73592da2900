import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { heldBookingsOf, staffMessages } from '../../contract/staff-messages'
import { auditLog, bookings, businessHolidays, staffShiftExceptions, staffWeeklyPlans, tickets } from '../../server/db/schema'
import { formatYmd, parseYmd, todayJst } from '../../server/domain/time'
import { weekCounts } from '../../server/services/booking/assignment'
import { createHarness, type Harness } from './harness'
import { buySupport, staffAccount, staffGet, staffPost } from './staff-harness'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type T = Record<string, any>
let h: Harness
beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(async () => h?.close())

const parseYmdDay = (ymd: string) => parseYmd(ymd)!
const jstYmd = (d: Date) => formatYmd(todayJst(d))
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
    expect(shorter.body.exceptions).toContainEqual({ ymd: '20250613', off: false, start: '09:00', end: '12:00' })
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

describe('the shift editor opens on the real hours, previews a change and saves only it', () => {
  const ymdsOf = (changes: T[]) => changes.map((c) => c.ymd as string)

  it('a seeded consultant: the editor reads the plan their shifts are made of; Saturday added, the other days stay', async () => {
    const op = await staffAccount(h, [{ role: 'operator' }])
    // STAFF-06 (seeded: 2025-06-10 is offset 0, index 5): off on Thursdays, early and late swapping weekly.
    const read = (await staffGet(h, 'shift-plan', { token: op.token, query: { staffId: 'STAFF-06', days: 28 } })).body as T
    expect(read.planSource).toBe('plan')
    const weekdays = new Set((read.weekly as T[]).map((p) => p.weekday))
    expect(weekdays.size).toBe(6)
    // The editor's days are the grid's: not one of the six working weekdays reads 休み.
    expect((read.days as T[]).filter((d) => d.periods.length > 0).length).toBeGreaterThan(20)

    // Saturday (weekday 6) becomes 10:00–12:00; every other weekday is sent as it was read.
    const weekly = [...(read.weekly as T[]).filter((p) => p.weekday !== 6), { weekday: 6, start: '10:00', end: '12:00' }]
    const body = { staffId: 'STAFF-06', weekly }
    const preview = await staffPost(h, 'shift-plan-preview', { token: op.token, body })
    expect(preview.status).toBe(200)
    const changes = preview.body.changes as T[]
    // Only Saturdays without an exception change: 06-14 and 06-28 lie in the booking window (06-21 has an exception).
    expect(ymdsOf(changes)).toEqual(['20250614'])
    expect(changes[0]).toMatchObject({ ymd: '20250614', holiday: false, after: [{ start: '10:00', end: '12:00' }], gained: [{ start: '10:00', end: '12:00' }] })
    expect(changes[0].lost.length).toBeGreaterThan(0)
    // Nothing was written by the preview.
    expect(((await staffGet(h, 'shift-plan', { token: op.token, query: { staffId: 'STAFF-06', days: 28 } })).body as T).days).toEqual(read.days)

    const saved = await staffPost(h, 'shift-plan-update', { token: op.token, body })
    expect(saved.status).toBe(200)
    expect(saved.body.changes).toEqual(changes)
    const after = (await staffGet(h, 'shift-plan', { token: op.token, query: { staffId: 'STAFF-06', days: 28 } })).body as T
    for (const [i, d] of (after.days as T[]).entries()) {
      if (i < 15 && d.ymd === '20250614') expect(d.periods).toEqual([{ start: '10:00', end: '12:00' }])
      else if (d.ymd !== '20250628') expect(d.periods, d.ymd).toEqual(read.days[i].periods)
    }
  })

  it('a consultant with dated shifts but no plan: the plan is derived from them, and a first plan keeps them', async () => {
    const cs = await staffAccount(h, [{ role: 'consultant', staffId: 'STAFF-03' }])
    // Data made before plans: STAFF-03 keeps their dated rows but has no plan or exceptions.
    await h.db.delete(staffWeeklyPlans).where(eq(staffWeeklyPlans.staffId, 'STAFF-03'))
    await h.db.delete(staffShiftExceptions).where(eq(staffShiftExceptions.staffId, 'STAFF-03'))
    const read = (await staffGet(h, 'shift-plan', { token: cs.token, query: { days: 28 } })).body as T
    expect(read.planSource).toBe('rows')
    expect(new Set((read.weekly as T[]).map((p) => p.weekday)).size).toBe(6)
    expect((read.exceptions as T[]).length).toBeGreaterThan(0)

    // Saving the derived plan with only Sunday changed (weekday 7, 10:00–11:00) changes Sundays without an exception, nothing else.
    const weekly = [...(read.weekly as T[]).filter((p) => p.weekday !== 7), { weekday: 7, start: '10:00', end: '11:00' }]
    const preview = (await staffPost(h, 'shift-plan-preview', { token: cs.token, body: { weekly } })).body.changes as T[]
    const saved = await staffPost(h, 'shift-plan-update', { token: cs.token, body: { weekly } })
    expect(saved.status).toBe(200)
    expect(saved.body.planSource).toBe('plan')
    expect(saved.body.changes).toEqual(preview)
    // STAFF-03 is off every Sunday (derived: Sunday off, no exception): both Sundays of the window change.
    expect(ymdsOf(preview)).toEqual(['20250615', '20250622'])
    const after = (await staffGet(h, 'shift-plan', { token: cs.token, query: { days: 28 } })).body as T
    for (const [i, d] of (after.days as T[]).entries()) {
      if (parseYmdDay(d.ymd).dayOfWeek().value() !== 7) expect(d.periods, d.ymd).toEqual(read.days[i].periods)
    }
  })

  it('a preview that would remove booked time is refused like the save, the booking listed', async () => {
    const member = await h.member('fresh')
    const cs = await staffAccount(h, [{ role: 'consultant', staffId: 'STAFF-01' }])
    // STAFF-01 works 09:00–17:00 on 2025-06-12.
    const bought = await buySupport(h, member, { reservationTime: 'SUPPORT-20250612-15-00', staffId: 'STAFF-01' })
    const body = { setExceptions: [{ ymd: '20250612', off: false, start: '09:00', end: '12:00' }] }
    const preview = await staffPost(h, 'shift-plan-preview', { token: cs.token, body })
    const save = await staffPost(h, 'shift-plan-update', { token: cs.token, body })
    expect(preview).toEqual({ status: 409, body: { message: `${staffMessages.shiftHoldsBookings}${bought.ticketNumber}（6/12 15:00）` } })
    expect(save).toEqual(preview)
    expect(heldBookingsOf(save.body.message)).toEqual([`${bought.ticketNumber}（6/12 15:00）`])
  })
})

describe.runIf(!!process.env.TEST_DATABASE_URL)('a booking and a holiday on the same day at once, on PostgreSQL', () => {
  let r: Harness
  beforeAll(async () => {
    r = await createHarness()
  }, 60_000)
  afterAll(async () => r?.close())

  it('never a booking on a holiday: either the holiday is refused listing it, or the booking is refused', async () => {
    const op = await staffAccount(r, [{ role: 'operator' }])
    // Not the seeded holidays (06-16, 06-28).
    const days = ['20250617', '20250618', '20250619', '20250620', '20250623', '20250624']
    for (const ymd of days) {
      const member = await r.member('fresh')
      const [booking, holiday] = await Promise.allSettled([
        buySupport(r, member, { reservationTime: `SUPPORT-${ymd}-14-00`, staffId: null }),
        staffPost(r, 'business-holiday-update', { token: op.token, body: { add: [ymd] } }),
      ])
      const holidayMade = holiday.status === 'fulfilled' && holiday.value.status === 200
      const booked = booking.status === 'fulfilled'
      expect(holidayMade && booked, ymd).toBe(false)
      expect(holidayMade || booked, ymd).toBe(true)
      if (!holidayMade && holiday.status === 'fulfilled') {
        expect(holiday.value.status).toBe(409)
        expect(heldBookingsOf(holiday.value.body.message)).toHaveLength(1)
      }
    }
    // And the tables agree: no live booking on any holiday.
    const holidays = new Set((await r.db.select().from(businessHolidays)).map((x) => x.ymd))
    const live = await r.db.select().from(bookings)
    expect(live.filter((b) => holidays.has(jstYmd(b.cellStart)))).toEqual([])
  })
})
