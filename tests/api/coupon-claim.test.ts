import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from './harness'

let h: Harness

beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(async () => h?.close())

describe('get-coupon', () => {
  it('claims once, before expiry', async () => {
    const m = await h.member('fresh')
    expect((await h.post('get-coupon', { token: m.token, body: { couponCode: 'CAMPAIGN2000', memberId: m.memberId } })).status).toBe(200)
    // Claimed once; the link again is "already held", not a failure.
    const again = await h.post('get-coupon', { token: m.token, body: { couponCode: 'CAMPAIGN2000' } })
    expect(again).toEqual({ status: 200, body: { alreadyCompleted: true } })
    const held = await h.get('user-data', { query: { data: 'MEMBER_COUPON' }, token: m.token })
    expect(held.body.couponList.map((c: { couponCode: string }) => c.couponCode)).toEqual(['CAMPAIGN2000'])
    expect((await h.post('get-coupon', { token: m.token, body: { couponCode: 'CAMPAIGN-ENDED' } })).status).toBe(400)
    expect((await h.post('get-coupon', { token: m.token, body: { couponCode: 'NO-SUCH' } })).status).toBe(400)
    expect((await h.post('get-coupon', { token: m.token, body: {} })).status).toBe(400)
    expect((await h.post('get-coupon', { body: { couponCode: 'CAMPAIGN2000' } })).status).toBe(401)
  })
})
