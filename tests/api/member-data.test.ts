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
