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

describe('login', () => {
  it('accepts the "off" captcha token when no secret is configured', async () => {
    expect(await h.post('login', { body: { recaptchaToken: 'off' } })).toEqual({ status: 200, body: {} })
  })
  it('refuses another captcha token', async () => {
    const r = await h.post('login', { body: { recaptchaToken: 'forged' } })
    expect(r.status).toBe(400)
    expect(r.body.message).toBe('RECAPTCHA_FAILED')
  })
  it('answers 400 for a missing token or broken JSON, never 500', async () => {
    expect((await h.post('login', { body: {} })).status).toBe(400)
    expect((await h.post('login', { body: '{oops' })).status).toBe(400)
  })
})

describe('bearer token', () => {
  it('answers 401 without a token', async () => {
    expect(await h.get('user-data', { query: { data: 'MEMBER' } })).toEqual({ status: 401, body: { message: 'User is not logged in' } })
  })
  it('answers 401 for a forged token', async () => {
    const r = await h.get('user-data', { query: { data: 'MEMBER' }, token: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' })
    expect(r.status).toBe(401)
  })
  it('answers 404 JSON for an unknown API path', async () => {
    expect(await h.get('no-such-call')).toEqual({ status: 404, body: { message: 'Not Found' } })
  })
})

describe('user-data', () => {
  it('MEMBER: the member row', async () => {
    const r = await h.get('user-data', { query: { data: 'MEMBER' }, token: demo.token })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ memberId: demo.memberId, email: demo.email, memberLastname: 'テスト' })
    expect(r.body.useFreeInterviewTime).not.toBeNull()
  })
  it('a first-time member has no useFreeInterviewTime and holds the free interview ticket', async () => {
    const m = await h.get('user-data', { query: { data: 'MEMBER' }, token: fresh.token })
    expect(m.body.useFreeInterviewTime).toBeNull()
    const t = await h.get('user-data', { query: { data: 'MEMBER_INTERVIEW_TICKET' }, token: fresh.token })
    expect(t.body.interviewtTicketList).toHaveLength(1)
    expect(t.body.interviewtTicketList[0]).toMatchObject({ isFreeTicket: true, productType: 'INTERVIEW', supportStatus: 'UNSUPPORTED' })
    expect(t.body.interviewtTicketList[0].ticketNumber).toMatch(/^M/)
  })
  it('MEMBER_SUPPORT_TICKET: tickets in every status, with staff, menus and refunds', async () => {
    const r = await h.get('user-data', { query: { data: 'MEMBER_SUPPORT_TICKET' }, token: demo.token })
    const list = r.body.supportTicketList as Array<Record<string, any>> // eslint-disable-line @typescript-eslint/no-explicit-any
    const statuses = new Set(list.map((t) => t.supportStatus))
    expect([...statuses].sort()).toEqual(['COMPLETED', 'UNSOLVED', 'UNSOLVED_COMPLETED', 'UNSUPPORTED'])
    expect(list.some((t) => t.amountRefunded > 0)).toBe(true)
    expect(list.some((t) => t.unsolvedAfterFollowContent === '返金')).toBe(true)
    expect(list.some((t) => t.alreadyRating)).toBe(true)
    const reserved = list.find((t) => t.supportStatus === 'UNSUPPORTED' && t.amountRefunded === 0)!
    expect(reserved.reservationTime).toMatch(/^SUPPORT-\d{8}-\d{2}-\d{2}$/)
    expect(reserved.staff.staffNickname).toBeTruthy()
    expect(reserved.reservationMenuList[0]).toHaveProperty('estimatedMinute')
  })
  it('MEMBER_COUPON: held, unused, unexpired coupons only', async () => {
    const r = await h.get('user-data', { query: { data: 'MEMBER_COUPON' }, token: demo.token })
    const codes = r.body.couponList.map((c: { couponCode: string }) => c.couponCode).sort()
    expect(codes).toEqual(['LONG-2000', 'SUPPORT60-1000', 'WELCOME500'])
  })
  it('INFORMATION and BUSSINESS_HOLIDAY', async () => {
    const i = await h.get('user-data', { query: { data: 'INFORMATION' }, token: demo.token })
    expect(i.body.informationList.length).toBeGreaterThan(0)
    expect(i.body.campaignList.length).toBeGreaterThan(0)
    const b = await h.get('user-data', { query: { data: 'BUSSINESS_HOLIDAY' }, token: demo.token })
    expect(b.body.businnesHoliday).toContainEqual({ ymd: '20250616' })
  })
  it('answers 400 for an unknown data value', async () => {
    expect((await h.get('user-data', { query: { data: 'NOPE' }, token: demo.token })).status).toBe(400)
  })
})

describe('products and menus', () => {
  it('nowonsale-products lists only showOnMypage products of the type', async () => {
    const r = await h.get('nowonsale-products', { query: { productType: 'SUPPORT' }, token: demo.token })
    expect(r.body.productList.map((p: { productId: string }) => p.productId)).toEqual(['SUPPORT-30', 'SUPPORT-60', 'SUPPORT-90', 'SUPPORT-120'])
    const tips = await h.get('nowonsale-products', { query: { productType: 'TIP' }, token: demo.token })
    expect(tips.body.productList).toHaveLength(3)
    expect((await h.get('nowonsale-products', { query: { productType: 'X' }, token: demo.token })).status).toBe(400)
    expect((await h.get('nowonsale-products', { query: { productType: 'TIP' } })).status).toBe(401)
  })
  it('reservation-menu-list by estimatedMinute', async () => {
    const r = await h.get('reservation-menu-list', { query: { estimatedMinute: 60 }, token: demo.token })
    expect(r.body.reservationMenuList.length).toBe(4)
    expect(r.body.reservationMenuList[0]).toMatchObject({ estimatedMinute: 60, menuTitle: expect.any(String), imageUrl: expect.any(String) })
    expect((await h.get('reservation-menu-list', { query: { estimatedMinute: 45 }, token: demo.token })).body.reservationMenuList).toEqual([])
    expect((await h.get('reservation-menu-list', { query: { estimatedMinute: 'abc' }, token: demo.token })).status).toBe(400)
  })
})

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
  it("names the used coupon, gives the ticket's refund and a SUPPORT reservation (issue 15)", async () => {
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
    expect((await h.get('purchase-list', { token: demo.token, query: { memberId: fresh.memberId, ticketNumber: 'x', purchaseTime: 1 } })).status).toBe(404)
    expect((await h.get('purchase-list', { token: fresh.token })).body).toEqual({ ticketList: [], lastEvaluatedKey: null })
  })
})

describe('get-coupon', () => {
  it('claims once, before expiry', async () => {
    const m = await h.member('fresh')
    expect((await h.post('get-coupon', { token: m.token, body: { couponCode: 'CAMPAIGN2000', memberId: m.memberId } })).status).toBe(200)
    // Claimed once; the link again is "already held", not a failure (issue 12 item 4).
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
