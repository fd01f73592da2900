import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { couponClaims, lastCellBooking, reservationChanges, sameKeyCharges } from '../../bench/reliability/race-scenarios'
import { createHarness, type Harness } from './harness'

// Real races need real connections (a pool of 10 against PostgreSQL); PGlite serialises everything.
// The settled times are reported by bench/reliability/races.ts, never asserted here.
describe.runIf(!!process.env.TEST_DATABASE_URL)('races on PostgreSQL', () => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness()
  }, 60_000)
  afterAll(async () => h?.close())

  it('200 concurrent bookings of the last free cell: exactly 1 booking, 199 clean STAFF_DENY, no charge left without a ticket', async () => {
    const r = await lastCellBooking(h, 200)
    expect(r.statuses).toEqual({ 200: 1, 400: 199 })
    expect(r.cleanRefusals).toBe(199)
    expect(r.supportTickets).toBe(1)
    expect(r.bookings).toBe(1)
    expect(r.purchases).toBe(1)
    expect(r.charges).toBe(1)
  }, 120_000)

  it('100 concurrent charges sharing one idempotency key: one purchase, one charge, one answer', async () => {
    const r = await sameKeyCharges(h, 100)
    expect(r.statuses).toEqual({ 200: 100 })
    expect(r.ticketNumbers).toBe(1)
    expect(r.purchases).toBe(1)
    expect(r.charges).toBe(1)
    expect(r.supportTickets).toBe(1)
  }, 60_000)

  it('50 concurrent get-coupon calls: one claim', async () => {
    const r = await couponClaims(h, 50)
    expect(r.ok).toBe(1)
    expect(r.fiveHundreds).toBe(0)
    expect(r.claims).toBe(1)
  }, 60_000)

  it('two tickets moved into one cell at once: one wins, the other is refused', async () => {
    for (const r of await reservationChanges(h, 3)) {
      expect(r.winners).toBe(1)
      expect(r.statuses).toEqual({ 200: 1, 400: 1 })
      expect(r.bookingsInCell).toBe(1)
    }
  }, 60_000)
})
