import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memberCoupons } from '../../server/db/schema'
import { READ_TTL_MS } from '../../server/infra/cache'
import { createHarness, type Harness } from './harness'

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

  it('a staff or test-route write forgets every member read at once', async () => {
    const m = await h.member('fresh')
    const before = await coupons(m.token)
    await grantBehindTheCache(h, m.memberId, 'WELCOME500')
    expect(await coupons(m.token)).toEqual(before)
    // Any successful write outside the member calls (here the test route that makes a member).
    const made = await h.app.request('/api/__test/member', { method: 'POST', body: JSON.stringify({ fixture: 'fresh' }), headers: { 'content-type': 'application/json' } })
    expect(made.status).toBe(200)
    expect(await coupons(m.token)).toContain('WELCOME500')
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

  it('a test-route or staff write through replica A forgets the reads of replica B too', async () => {
    const m = await h.member('fresh')
    const before = await couponsOn(b, m.token)
    await grantBehindTheCache(h, m.memberId, 'WELCOME500')
    expect(await couponsOn(b, m.token)).toEqual(before)
    const made = await h.app.request('/api/__test/member', { method: 'POST', body: JSON.stringify({ fixture: 'fresh' }), headers: { 'content-type': 'application/json' } })
    expect(made.status).toBe(200)
    expect(await couponsOn(b, m.token)).toContain('WELCOME500')
  })
})
