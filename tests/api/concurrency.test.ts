import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { bookings, memberCoupons, purchases } from '../../server/db/schema'
import { createHarness, type Harness } from './harness'

// Real races need real connections: these run on PostgreSQL only (CI sets TEST_DATABASE_URL).
describe.runIf(!!process.env.TEST_DATABASE_URL)('concurrency on PostgreSQL', () => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness()
  }, 60_000)
  afterAll(async () => h?.close())

  const body = (cardToken: string) => ({ productId: 'SUPPORT-30', cardToken, staffId: 'STAFF-03', reservationTime: 'SUPPORT-20250611-14-00', supportType: 'TEL' })

  it('50 concurrent charges for one cell book it once', async () => {
    const members = await Promise.all(Array.from({ length: 5 }, () => h.member('fresh')))
    const tokens = await Promise.all(Array.from({ length: 50 }, (_, i) => h.cardToken(undefined, members[i % 5].token)))
    const results = await Promise.all(
      tokens.map((t, i) => h.post('charge', { token: members[i % 5].token, headers: { 'Idempotency-Key': `race-${i}` }, body: body(t) })),
    )
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    expect(results.filter((r) => r.status === 400).every((r) => r.body.message === 'STAFF_DENY')).toBe(true)
    const won = results.find((r) => r.status === 200)!
    expect(await h.db.select().from(bookings).where(eq(bookings.ticketNumber, won.body.ticketNumber))).toHaveLength(1)
  }, 60_000)

  it('20 concurrent get-coupon calls claim once', async () => {
    const m = await h.member('fresh')
    const results = await Promise.all(Array.from({ length: 20 }, () => h.post('get-coupon', { token: m.token, body: { couponCode: 'CAMPAIGN2000' } })))
    // One claims; the others find it held and answer 200 alreadyCompleted.
    expect(results.every((r) => r.status === 200)).toBe(true)
    expect(results.filter((r) => !r.body.alreadyCompleted)).toHaveLength(1)
    expect(await h.db.select().from(memberCoupons).where(eq(memberCoupons.memberId, m.memberId))).toHaveLength(1)
  })

  it('10 repeated charges with one idempotency key make one purchase', async () => {
    const m = await h.member('fresh')
    const t = await h.cardToken(undefined, m.token)
    const results = await Promise.all(
      Array.from({ length: 10 }, () => h.post('charge', { token: m.token, headers: { 'Idempotency-Key': 'same-key' }, body: { ...body(t), staffId: '', reservationTime: 'SUPPORT-20250611-15-00' } })),
    )
    expect(results.every((r) => r.status === 200)).toBe(true)
    expect(new Set(results.map((r) => r.body.ticketNumber)).size).toBe(1)
    expect(await h.db.select().from(purchases).where(eq(purchases.memberId, m.memberId))).toHaveLength(1)
  }, 60_000)
})
