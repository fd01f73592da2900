import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from './harness'

let h: Harness
let demo: Awaited<ReturnType<Harness['member']>>
let fresh: Awaited<ReturnType<Harness['member']>>

beforeAll(async () => {
  h = await createHarness()
  demo = await h.member('demo')
  fresh = await h.member('fresh')
}, 60_000)
afterAll(async () => h?.close())

describe('purchase-list', () => {
  it('pages of 20, newest first, with lastEvaluatedKey', async () => {
    const first = await h.get('purchase-list', { token: demo.token })
    expect(first.status).toBe(200)
    expect(first.body.ticketList).toHaveLength(20)
    const times = first.body.ticketList.map((p: { purchaseTime: number }) => p.purchaseTime)
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    const key = first.body.lastEvaluatedKey
    expect(key).toMatchObject({ memberId: demo.memberId })
    const second = await h.get('purchase-list', { token: demo.token, query: key })
    expect(second.body.ticketList.length).toBeGreaterThan(0)
    expect(second.body.lastEvaluatedKey).toBeNull()
    const seen = new Set([...first.body.ticketList, ...second.body.ticketList].map((p: { receiptNumber: string }) => p.receiptNumber))
    expect(seen.size).toBe(first.body.ticketList.length + second.body.ticketList.length)
    expect(first.body.ticketList.some((p: { couponCode: string | null; amount: number; amountBeforeCoupon: number }) => p.couponCode && p.amount < p.amountBeforeCoupon)).toBe(true)
  })
  it("names the used coupon, gives the ticket's refund and a SUPPORT reservation", async () => {
    type Row = { couponCode: string | null; couponName: string | null; amountRefunded: number; reservationTime: string | null; productType: string }
    const rows: Row[] = (await h.get('purchase-list', { token: demo.token })).body.ticketList
    expect(rows.find((p) => p.couponCode === 'USED1000')).toMatchObject({ couponName: '使用済み1,000円OFF' })
    expect(rows.filter((p) => !p.couponCode).every((p) => p.couponName === null)).toBe(true)
    expect(rows.some((p) => p.amountRefunded === 9900)).toBe(true)
    const support = rows.filter((p) => p.productType === 'SUPPORT')
    expect(support.length).toBeGreaterThan(0)
    expect(support.every((p) => /^SUPPORT-\d{8}-\d{2}-\d{2}$/.test(p.reservationTime ?? ''))).toBe(true)
    expect(rows.filter((p) => p.productType !== 'SUPPORT').every((p) => p.reservationTime === null)).toBe(true)
  })
  it('a year filter (2023 … this year)', async () => {
    const y2024 = await h.get('purchase-list', { token: demo.token, query: { period: '2024' } })
    expect(y2024.body.ticketList).toHaveLength(1)
    expect((await h.get('purchase-list', { token: demo.token, query: { period: '2022' } })).status).toBe(400)
    expect((await h.get('purchase-list', { token: demo.token, query: { period: 'abc' } })).status).toBe(400)
  })
  it("another member's key answers 404; a fresh member has no history", async () => {
    expect((await h.get('purchase-list', { token: demo.token, query: { memberId: fresh.memberId, ticketNumber: 'x', purchaseTime: 1_750_000_000 } })).status).toBe(404)
    expect((await h.get('purchase-list', { token: fresh.token })).body).toEqual({ ticketList: [], lastEvaluatedKey: null })
  })
})
