import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { canChangeReservation, FIRST_SLOT_HOUR, LAST_SLOT_END_HOUR } from '../../contract/reservation-rules'
import { bookings, businessHolidays, purchases, refunds, staff, staffShifts, tickets } from '../../server/db/schema'
import { CELL_MINUTES, parseYmd, todayJst, toZoned } from '../../server/domain/time'
import { plannedPeriods, PLAN_HORIZON_DAYS } from '../../server/services/staff/shifts'
import { otherMember, seedMember } from '../../server/db/seed/members'
import { createHarness, NOW, type Harness } from './harness'
import { staffAccount, staffGet } from './staff-harness'

// The demo data obeys the rules real data does (docs/design.md "Demo data"): what a member, a
// consultant or an operator sees of it could have been made through the product. Loaded at the
// tests' clock (10:00 JST), with one more demo member seeded at 20:19 JST (their reservation
// within 30 minutes falls at 20:30, the last cell of the day).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type T = Record<string, any>
let h: Harness
const now = NOW
const evening = new Date('2025-06-10T11:19:00Z')
beforeAll(async () => {
  h = await createHarness()
  await h.db.transaction((tx) => seedMember(tx, { ...otherMember, memberId: 'MB10000091', email: 'evening@example.com' }, 'demo', evening))
}, 120_000)
afterAll(async () => h?.close())

const minutesOfDay = (d: Date) => {
  const z = toZoned(d)
  return z.hour() * 60 + z.minute()
}
const ymdOf = (d: Date) => {
  const z = toZoned(d)
  return `${z.year()}${String(z.monthValue()).padStart(2, '0')}${String(z.dayOfMonth()).padStart(2, '0')}`
}

describe('the seed', () => {
  it('every seeded booking, reservation, refund and shift keeps the rules of the server', async () => {
    const today = todayJst(now)
    const holidays = new Set((await h.db.select().from(businessHolidays)).map((r) => r.ymd))
    const shifts = await h.db.select().from(staffShifts)
    const allTickets = await h.db.select().from(tickets)
    const byNumber = new Map(allTickets.map((t) => [t.ticketNumber, t]))
    const inShift = (staffId: string, start: Date, end: Date) => shifts.some((s) => s.staffId === staffId && s.startsAt <= start && end <= s.endsAt)
    const problems: string[] = []

    // Live bookings: a reserved, unrefunded ticket's cells, on the grid, inside its consultant's shift, not on a holiday.
    const live = (await h.db.select().from(bookings)).filter((b) => b.heldUntil === null || b.heldUntil > now)
    for (const b of live) {
      const t = byNumber.get(b.ticketNumber)
      const end = new Date(b.cellStart.getTime() + CELL_MINUTES * 60_000)
      if (!t) problems.push(`booking ${b.id}: no ticket ${b.ticketNumber}`)
      else if (t.amountRefunded > 0 || t.supportStatus !== 'UNSUPPORTED') problems.push(`booking of ${t.ticketNumber}: the ticket is ${t.supportStatus}, refunded ${t.amountRefunded}`)
      else if (t.staffId !== b.staffId) problems.push(`booking of ${t.ticketNumber}: held by ${b.staffId}, the ticket says ${t.staffId}`)
      if (minutesOfDay(b.cellStart) % CELL_MINUTES !== 0 || b.cellStart.getSeconds() !== 0) problems.push(`booking of ${b.ticketNumber} at ${b.cellStart.toISOString()}: off the 30-minute grid`)
      if (!inShift(b.staffId, b.cellStart, end)) problems.push(`booking of ${b.ticketNumber} at ${b.cellStart.toISOString()}: outside every shift of ${b.staffId}`)
      if (holidays.has(ymdOf(b.cellStart))) problems.push(`booking of ${b.ticketNumber}: on a business holiday`)
    }

    // Reservations: on the grid, in business hours, not on a holiday, inside their consultant's shift
    // where shifts are kept (from a week back); an upcoming unrefunded one holds all its cells.
    const shiftHistory = today.minusDays(7)
    for (const t of allTickets.filter((x) => x.productType === 'SUPPORT' && x.reservationAt)) {
      const start = t.reservationAt!
      const end = new Date(start.getTime() + t.minutesToSupport * 60_000)
      const m = minutesOfDay(start)
      if (m % CELL_MINUTES !== 0 || start.getSeconds() !== 0 || start.getMilliseconds() !== 0) problems.push(`${t.ticketNumber} at ${start.toISOString()}: off the 30-minute grid`)
      if (m < FIRST_SLOT_HOUR * 60 || m + t.minutesToSupport > LAST_SLOT_END_HOUR * 60) problems.push(`${t.ticketNumber} at ${start.toISOString()}: outside business hours`)
      if (holidays.has(ymdOf(start))) problems.push(`${t.ticketNumber}: on a business holiday`)
      if (!parseYmd(ymdOf(start))!.isBefore(shiftHistory) && !inShift(t.staffId!, start, end)) problems.push(`${t.ticketNumber} at ${start.toISOString()}: outside every shift of ${t.staffId}`)
      if (t.supportStatus === 'UNSUPPORTED' && t.amountRefunded === 0 && start > now) {
        const held = live.filter((b) => b.ticketNumber === t.ticketNumber)
        if (held.length !== t.minutesToSupport / CELL_MINUTES) problems.push(`${t.ticketNumber}: upcoming but holds ${held.length} of ${t.minutesToSupport / CELL_MINUTES} cells`)
      }
    }

    // Refunds: what a ticket shows refunded is the sum of its succeeded refunds, each of a purchase of that ticket.
    const allRefunds = await h.db.select().from(refunds)
    const allPurchases = await h.db.select().from(purchases)
    for (const t of allTickets) {
      const done = allRefunds.filter((r) => r.ticketNumber === t.ticketNumber && r.status === 'succeeded').reduce((sum, r) => sum + r.amount, 0)
      if (done !== t.amountRefunded) problems.push(`${t.ticketNumber}: shows ${t.amountRefunded} refunded, refund rows say ${done}`)
    }
    for (const r of allRefunds) {
      const p = allPurchases.find((x) => x.receiptNumber === r.receiptNumber)
      if (!p || p.ticketNumber !== r.ticketNumber) problems.push(`refund ${r.id}: no purchase ${r.receiptNumber} of ${r.ticketNumber}`)
      else if (r.amount > p.amount) problems.push(`refund ${r.id}: ${r.amount} of a purchase of ${p.amount}`)
    }
    expect(problems).toEqual([])

    // Each demo member's reservation inside the cut-off exists and cannot be changed (product.md §6).
    for (const [memberId, at] of [['MB10000001', now], ['MB10000091', evening]] as const) {
      const soon = allTickets.filter((t) => t.memberId === memberId && t.supportStatus === 'UNSUPPORTED' && t.amountRefunded === 0 && t.reservationAt! > at && !canChangeReservation(t.reservationAt!, at))
      expect(soon.map((t) => minutesOfDay(t.reservationAt!)), memberId).toEqual([at === now ? 10 * 60 + 30 : 20 * 60 + 30])
    }
  })

  it('every seeded consultant has a weekly plan, and their shifts are what the plan and its exceptions make', async () => {
    const op = await staffAccount(h, [{ role: 'operator' }])
    const today = todayJst(now)
    for (const { staffId } of await h.db.select({ staffId: staff.staffId }).from(staff)) {
      const plan = (await staffGet(h, 'shift-plan', { token: op.token, query: { staffId, days: 28 } })).body as T
      expect(plan.planSource, staffId).toBe('plan')
      expect(plan.weekly.length, staffId).toBeGreaterThan(0)
      const exceptions = new Map((plan.exceptions as T[]).map((e) => [e.ymd as string, e as never]))
      for (let i = 0; i < PLAN_HORIZON_DAYS; i++) {
        const day = today.plusDays(i)
        const ruled = plannedPeriods(day, plan.weekly, exceptions)
        expect((plan.days as T[])[i].periods, `${staffId} ${(plan.days as T[])[i].ymd}`).toEqual(ruled)
      }
    }
  })
})
