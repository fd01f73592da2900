import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memberCoupons } from '../../server/db/schema'
import { READ_TTL_MS } from '../../server/infra/cache'
import { NOW, createHarness, type Harness } from './harness'
import { buySupport, staffAccount, staffPost } from './staff-harness'

// The member reads' cache (server/infra/cache.ts, docs/architecture.md "Scale path") keeps the
// freshness contract: a member's own write is seen by their next read, on any replica; anyone
// else's write (a staff call, another process, the sweeper) within READ_TTL_MS (one second); a
// member never reads another member's answer. The harness runs it as production does
// (`readCache: true`); its clock is pinned, so time passes only where a test moves it.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type T = Record<string, any>
const codes = (body: T) => (body.couponList as T[]).map((c) => c.couponCode as string).sort()

/** Another process's write: straight into the database, no invalidation at all. */
const grantBehindTheCache = (h: Harness, memberId: string, couponCode: string) =>
  h.db.insert(memberCoupons).values({ memberId, couponCode, claimedAt: h.clock.now() })

describe('member reads from the read cache, one process', () => {
  let h: Harness
  beforeAll(async () => {
    h = await createHarness({ readCache: true })
  }, 60_000)
  afterAll(async () => h?.close())

  const coupons = async (token: string) => {
    const r = await h.get('user-data', { token, query: { data: 'MEMBER_COUPON' } })
    expect(r.status).toBe(200)
    return codes(r.body as T)
  }

  it('a write nobody announced shows within the read TTL, not before', async () => {
    const m = await h.member('fresh')
    const before = await coupons(m.token)
    await grantBehindTheCache(h, m.memberId, 'LONG-2000')
    // Served from the cache: the row written behind it is not seen yet.
    expect(await coupons(m.token)).toEqual(before)
    h.clock.set(new Date(h.clock.now().getTime() + READ_TTL_MS))
    expect(await coupons(m.token)).toEqual([...before, 'LONG-2000'].sort())
  })

  it("a member's own write is seen by their very next read", async () => {
    const m = await h.member('fresh')
    const before = await coupons(m.token)
    expect(before).not.toContain('SUPPORT60-1000')
    const claimed = await h.post('get-coupon', { token: m.token, body: { couponCode: 'SUPPORT60-1000' } })
    expect(claimed.status).toBe(200)
    expect(await coupons(m.token)).toContain('SUPPORT60-1000')
  })

  it("a member never reads another member's answer", async () => {
    const a = await h.member('fresh')
    const b = await h.member('fresh')
    await h.post('get-coupon', { token: a.token, body: { couponCode: 'LONG-2000' } })
    expect(await coupons(a.token)).toContain('LONG-2000')
    expect(await coupons(b.token)).not.toContain('LONG-2000')
    const profileA = await h.get('user-data', { token: a.token, query: { data: 'MEMBER' } })
    const profileB = await h.get('user-data', { token: b.token, query: { data: 'MEMBER' } })
    expect((profileA.body as T).memberId).toBe(a.memberId)
    expect((profileB.body as T).memberId).toBe(b.memberId)
  })

  it("another member's write leaves this member's cached reads alone", async () => {
    const m = await h.member('fresh')
    const before = await coupons(m.token)
    await grantBehindTheCache(h, m.memberId, 'WELCOME500')
    expect(await coupons(m.token)).toEqual(before)
    // A write to other rows (the test route that makes a member) invalidates only what it wrote.
    const made = await h.app.request('/api/__test/member', { method: 'POST', body: JSON.stringify({ fixture: 'fresh' }), headers: { 'content-type': 'application/json' } })
    expect(made.status).toBe(200)
    expect(await coupons(m.token)).toEqual(before)
  })

  // Read, write, read again on the pinned clock: each write kind shows in the very next read.
  it("staff writes show in the member's next reads: a purchase, an outcome, a refund, a holiday", async () => {
    const m = await h.member('fresh')
    const op = await staffAccount(h, [{ role: 'operator' }])
    const tickets = async () => (await h.get('user-data', { token: m.token, query: { data: 'MEMBER_SUPPORT_TICKET' } })).body.supportTicketList as T[]
    const holidays = async () => ((await h.get('user-data', { token: m.token, query: { data: 'BUSSINESS_HOLIDAY' } })).body as T)
    expect(await tickets()).toEqual([])
    const bought = await buySupport(h, m, { reservationTime: 'SUPPORT-20250617-16-00', staffId: null })
    const [ticket] = await tickets()
    expect(ticket).toMatchObject({ ticketNumber: bought.ticketNumber, amountRefunded: 0 })
    const refunded = await staffPost(h, 'desk-refund', { token: op.token, body: { ticketNumber: bought.ticketNumber, amount: 1000, reason: '一部返金', idempotencyKey: `read-cache-${bought.ticketNumber}` } })
    expect(refunded.status).toBe(200)
    expect((await tickets())[0]).toMatchObject({ amountRefunded: 1000 })

    const before = JSON.stringify(await holidays())
    expect((await staffPost(h, 'business-holiday-update', { token: op.token, body: { add: ['20250623'] } })).status).toBe(200)
    expect(JSON.stringify(await holidays())).not.toBe(before)
    expect(JSON.stringify(await holidays())).toContain('20250623')
    expect((await staffPost(h, 'business-holiday-update', { token: op.token, body: { remove: ['20250623'] } })).status).toBe(200)
    expect(JSON.stringify(await holidays())).toBe(before)
  })

  it('an outcome shows in the member\'s next ticket list', async () => {
    const m = await h.member('fresh')
    const bought = await buySupport(h, m, { reservationTime: 'SUPPORT-20250612-10-00', staffId: null })
    const [{ staff: s }] = (await h.get('user-data', { token: m.token, query: { data: 'MEMBER_SUPPORT_TICKET' } })).body.supportTicketList as T[]
    const cs = await staffAccount(h, [{ role: 'consultant', staffId: s.staffId }])
    try {
      h.clock.set(new Date('2025-06-12T02:00:00Z'))
      const status = async () => ((await h.get('user-data', { token: m.token, query: { data: 'MEMBER_SUPPORT_TICKET' } })).body.supportTicketList as T[])[0].supportStatus
      expect(await status()).toBe('UNSUPPORTED')
      expect((await staffPost(h, 'consultation-outcome', { token: cs.token, body: { ticketNumber: bought.ticketNumber, outcome: 'COMPLETED', minutesUsed: 60 } })).status).toBe(200)
      expect(await status()).toBe('COMPLETED')
    } finally {
      h.clock.set(NOW)
    }
  })
})

const pgUrl = process.env.TEST_DATABASE_URL
describe.runIf(pgUrl)('member reads from the read cache, two replicas on one PostgreSQL', () => {
  let h: Harness
  let b: Awaited<ReturnType<Harness['replica']>>
  beforeAll(async () => {
    h = await createHarness({ cacheBus: true, readCache: true })
    b = await h.replica()
  }, 60_000)
  afterAll(async () => h?.close())

  const couponsOn = async (r: { get: Harness['get'] }, token: string) => {
    const res = await r.get('user-data', { token, query: { data: 'MEMBER_COUPON' } })
    expect(res.status).toBe(200)
    return codes(res.body as T)
  }

  it("a member's write through replica A is seen by their next read through replica B", async () => {
    const m = await h.member('fresh')
    // B has the list cached (read twice).
    const before = await couponsOn(b, m.token)
    expect(await couponsOn(b, m.token)).toEqual(before)
    const claimed = await h.post('get-coupon', { token: m.token, body: { couponCode: 'SUPPORT60-1000' } })
    expect(claimed.status).toBe(200)
    expect(await couponsOn(b, m.token)).toContain('SUPPORT60-1000')
  })

  it("another's write shows on every replica within the read TTL", async () => {
    const m = await h.member('fresh')
    const onA = await couponsOn(h, m.token)
    const onB = await couponsOn(b, m.token)
    await grantBehindTheCache(h, m.memberId, 'LONG-2000')
    h.clock.set(new Date(h.clock.now().getTime() + READ_TTL_MS))
    expect(await couponsOn(h, m.token)).toEqual([...onA, 'LONG-2000'].sort())
    expect(await couponsOn(b, m.token)).toEqual([...onB, 'LONG-2000'].sort())
  })

  it('a staff write through replica A forgets the reads of replica B that it changed', async () => {
    const m = await h.member('fresh')
    const op = await staffAccount(h, [{ role: 'operator' }])
    const holidaysOn = async (r: { get: Harness['get'] }) => JSON.stringify((await r.get('user-data', { token: m.token, query: { data: 'BUSSINESS_HOLIDAY' } })).body)
    const before = await holidaysOn(b)
    expect(await holidaysOn(b)).toBe(before)
    expect((await staffPost(h, 'business-holiday-update', { token: op.token, body: { add: ['20250624'] } })).status).toBe(200)
    expect(await holidaysOn(b)).toContain('20250624')
    expect((await staffPost(h, 'business-holiday-update', { token: op.token, body: { remove: ['20250624'] } })).status).toBe(200)
    expect(await holidaysOn(b)).toBe(before)
  })
})
