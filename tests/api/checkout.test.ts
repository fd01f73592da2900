import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sandboxTestCards } from '../../contract/calls'
import { requestMessages } from '../../contract/validation-messages'
import { createHarness, type Harness } from './harness'

let h: Harness
let n = 0
const key = () => `key-${Date.now()}-${++n}`
beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(async () => h?.close())

const support = (over: Record<string, unknown> = {}) => ({
  productId: 'SUPPORT-60', cardId: '', saveCard: false, staffId: 'STAFF-03', reservationTime: 'SUPPORT-20250612-15-00',
  supportType: 'ONLINE', reservationMenuList: [{ menuId: 'MENU-60-1', estimatedMinute: 60, menuTitle: 'パソコンの動作が遅い' }],
  counsellingComment: '起動が遅いです', contactDevice: 'PC', contactOs: 'WINDOWS', remoteSupport: 'WISH', ...over,
})

describe('sandbox tokens and 3-D Secure', () => {
  it('tokens: frictionless and challenge cards; card errors in Japanese; only for a signed-in member', async () => {
    const { token } = await h.member('fresh')
    const ok = await h.post('sandbox/tokens', { token, body: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 30, cvc: '123', name: 'TARO YAMADA' } })
    expect(ok.body).toMatchObject({ threeDSecure: 'frictionless', card: { brand: 'Visa', last4: '4242' } })
    const ch = await h.post('sandbox/tokens', { token, body: { number: sandboxTestCards.challenge, expMonth: 12, expYear: 2030, cvc: '123', name: 'TARO YAMADA' } })
    expect(ch.body.threeDSecure).toBe('required')
    const bad = await h.post('sandbox/tokens', { token, body: { number: '4242424242424241', expMonth: 12, expYear: 2030, cvc: '123', name: 'X' } })
    expect(bad).toEqual({ status: 400, body: { message: 'カード番号が正しくありません。' } })
    expect((await h.post('sandbox/tokens', { token, body: { number: '4242424242424242', expMonth: 1, expYear: 2020, cvc: '123', name: 'X' } })).status).toBe(400)
    expect((await h.post('sandbox/tokens', { body: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', name: 'X' } })).status).toBe(401)
  })
  it('the 3-D Secure page: frictionless redirects at once; a challenge shows 承認 / 失敗; tdsFinish follows the choice', async () => {
    const m = await h.member('fresh')
    const fr = await h.post('sandbox/tokens', { token: m.token, body: { number: sandboxTestCards.approved, expMonth: 12, expYear: 2030, cvc: '123', name: 'A B' } })
    const r1 = await h.app.request(`/sandbox/3ds/${fr.body.tokenId}?return_url=${encodeURIComponent('http://app.test/buy?productId=SUPPORT-60')}`)
    expect(r1.status).toBe(302)
    expect(r1.headers.get('location')).toContain('http://app.test/buy?productId=SUPPORT-60')
    const ch = await h.post('sandbox/tokens', { token: m.token, body: { number: sandboxTestCards.challenge, expMonth: 12, expYear: 2030, cvc: '123', name: 'A B' } })
    const page = await h.app.request(`/sandbox/3ds/${ch.body.tokenId}?return_url=/buy`)
    const html = await page.text()
    expect(html).toContain('承認')
    expect(html).toContain('失敗')
    expect((await h.post('tdsFinish', { token: m.token, body: { tokenId: ch.body.tokenId } })).status).toBe(400)
    const evil = await h.app.request(`/sandbox/3ds/${ch.body.tokenId}?return_url=${encodeURIComponent('https://evil.example/')}`)
    expect(evil.status).toBe(400)
    const fail = await h.app.request(`/sandbox/3ds/${ch.body.tokenId}/fail`, { method: 'POST', body: new URLSearchParams({ return_url: '/buy' }), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(fail.status).toBe(303)
    expect((await h.post('tdsFinish', { token: m.token, body: { tokenId: ch.body.tokenId } })).status).toBe(400)
    const approved = await h.cardToken(sandboxTestCards.challenge, m.token)
    expect(await h.post('tdsFinish', { token: m.token, body: { tokenId: approved } })).toEqual({ status: 200, body: { status: 200, data: { data: { id: approved } } } })
    expect((await h.post('tdsFinish', { body: { tokenId: approved } })).status).toBe(401)
  })
})

describe('charge-data and coupon-valid', () => {
  it('charge-data: product, saved card, brands, staff; Staff Not Found.', async () => {
    const m = await h.member('demo')
    const r = await h.get('charge-data', { token: m.token, query: { productId: 'SUPPORT-60', staffId: 'STAFF-02' } })
    expect(r.body).toMatchObject({ product: { productType: 'SUPPORT', price: 5500, minutesToSupport: 60 }, creditcard: null, staff: { staffId: 'STAFF-02' } })
    expect(r.body.availableCardBrandList).toContain('JCB')
    expect(await h.get('charge-data', { token: m.token, query: { productId: 'SUPPORT-60', staffId: 'NOBODY' } })).toEqual({ status: 400, body: { message: 'Staff Not Found.' } })
    expect((await h.get('charge-data', { token: m.token, query: { productId: 'NOPE' } })).status).toBe(400)
    expect((await h.get('charge-data', { query: { productId: 'SUPPORT-60' } })).status).toBe(401)
  })
  it('coupon-valid: fits, does not fit, not held', async () => {
    const m = await h.member('demo')
    expect((await h.get('coupon-valid', { token: m.token, query: { productId: 'SUPPORT-60', couponCode: 'SUPPORT60-1000' } })).body).toEqual({ couponAvailable: true, price: 5500, couponPrice: 4500 })
    expect((await h.get('coupon-valid', { token: m.token, query: { productId: 'SUPPORT-30', couponCode: 'SUPPORT60-1000' } })).body.couponAvailable).toBe(false)
    expect((await h.get('coupon-valid', { token: m.token, query: { productId: 'SUPPORT-30', couponCode: 'EXPIRED300' } })).body.couponAvailable).toBe(false)
    expect((await h.get('coupon-valid', { token: m.token, query: { productId: 'SUPPORT-30', couponCode: 'CAMPAIGN2000' } })).body.couponAvailable).toBe(false)
    expect((await h.get('coupon-valid', { token: m.token, query: { productId: 'SUPPORT-30' } })).status).toBe(400)
  })
})

describe('charge', () => {
  it('books the consultant, applies the coupon once, records the purchase, mails, saves the card', async () => {
    const m = await h.member('demo')
    const tokenId = await h.cardToken(undefined, m.token)
    const k = key()
    const r = await h.post('charge', { token: m.token, headers: { 'Idempotency-Key': k }, body: support({ cardToken: tokenId, couponCode: 'SUPPORT60-1000', saveCard: true }) })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ productType: 'SUPPORT', amount: 4500, couponCode: 'SUPPORT60-1000' })
    // Same key and body again: the same answer, no second purchase.
    expect(await h.post('charge', { token: m.token, headers: { 'Idempotency-Key': k }, body: support({ cardToken: tokenId, couponCode: 'SUPPORT60-1000', saveCard: true }) })).toEqual(r)
    const list = (await h.get('purchase-list', { token: m.token })).body.ticketList
    expect(list.filter((p: { ticketNumber: string }) => p.ticketNumber === r.body.ticketNumber)).toHaveLength(1)
    const tickets = (await h.get('user-data', { token: m.token, query: { data: 'MEMBER_SUPPORT_TICKET' } })).body.supportTicketList
    expect(tickets.find((t: { ticketNumber: string }) => t.ticketNumber === r.body.ticketNumber)).toMatchObject({ reservationTime: 'SUPPORT-20250612-15-00', staff: { staffId: 'STAFF-03' }, supportType: 'ONLINE' })
    expect(h.mailer.last(m.email)?.text).toContain(r.body.ticketNumber)
    // The coupon is used: gone from the list, refused next time.
    const coupons = (await h.get('user-data', { token: m.token, query: { data: 'MEMBER_COUPON' } })).body.couponList
    expect(coupons.map((c: { couponCode: string }) => c.couponCode)).not.toContain('SUPPORT60-1000')
    const again = await h.post('charge', { token: m.token, headers: { 'Idempotency-Key': key() }, body: support({ cardToken: await h.cardToken(undefined, m.token), couponCode: 'SUPPORT60-1000', reservationTime: 'SUPPORT-20250612-16-00' }) })
    expect(again).toEqual({ status: 400, body: { message: 'DENY_COUPON' } })
    // The saved card appears in charge-data and pays without a token (an extension of the new ticket).
    const cd = await h.get('charge-data', { token: m.token, query: { productId: 'ADD-30' } })
    expect(cd.body.creditcard).toMatchObject({ cardBrand: 'Visa', cardLast4: '4242' })
    const add = await h.post('charge', { token: m.token, headers: { 'Idempotency-Key': key() }, body: { productId: 'ADD-30', cardId: cd.body.creditcard.cardId, reservationTime: 'ADD', parentTicketNumber: r.body.ticketNumber } })
    expect(add.body).toMatchObject({ productType: 'ADD', amount: 3300 })
  })
  it('STAFF_DENY for a taken slot, STAFF_ASSING_DENY when nobody is free', async () => {
    const a = await h.member('fresh')
    const b = await h.member('fresh')
    const body = support({ staffId: 'STAFF-03', reservationTime: 'SUPPORT-20250612-16-00', productId: 'SUPPORT-30', reservationMenuList: [] })
    expect((await h.post('charge', { token: a.token, headers: { 'Idempotency-Key': key() }, body: { ...body, cardToken: await h.cardToken(undefined, a.token) } })).status).toBe(200)
    expect(await h.post('charge', { token: b.token, headers: { 'Idempotency-Key': key() }, body: { ...body, cardToken: await h.cardToken(undefined, b.token) } })).toEqual({ status: 400, body: { message: 'STAFF_DENY' } })
    // 20:30 on 2025-06-12: only late-shift consultants; fill them all, then no preference fails.
    const late = { ...body, reservationTime: 'SUPPORT-20250612-20-30', staffId: '' }
    const results: number[] = []
    for (let i = 0; i < 6; i++) results.push((await h.post('charge', { token: a.token, headers: { 'Idempotency-Key': key() }, body: { ...late, cardToken: await h.cardToken(undefined, a.token) } })).status)
    expect(results.filter((s) => s === 200).length).toBeGreaterThan(0)
    expect(await h.post('charge', { token: b.token, headers: { 'Idempotency-Key': key() }, body: { ...late, cardToken: await h.cardToken(undefined, b.token) } })).toEqual({ status: 400, body: { message: 'STAFF_ASSING_DENY' } })
  })
  it('declined card, 3-D Secure not done, rate-limited card (429 twice then 200), bad input, no key', async () => {
    const m = await h.member('fresh')
    const body = support({ productId: 'SUPPORT-30', reservationTime: 'SUPPORT-20250613-11-00', staffId: '', reservationMenuList: [] })
    expect((await h.post('charge', { token: m.token, headers: { 'Idempotency-Key': key() }, body: { ...body, cardToken: await h.cardToken(sandboxTestCards.declined, m.token) } })).status).toBe(402)
    const pending = await h.post('sandbox/tokens', { token: m.token, body: { number: sandboxTestCards.challenge, expMonth: 12, expYear: 2030, cvc: '123', name: 'A B' } })
    expect((await h.post('charge', { token: m.token, headers: { 'Idempotency-Key': key() }, body: { ...body, cardToken: pending.body.tokenId } })).body.message).toBe('THREE_D_SECURE_REQUIRED')
    const limited = await h.cardToken(sandboxTestCards.rateLimitedTwice, m.token)
    const k = key()
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await h.post('charge', { token: m.token, headers: { 'Idempotency-Key': k }, body: { ...body, cardToken: limited } })).status)
    expect(statuses).toEqual([429, 429, 200])
    expect((await h.post('charge', { token: m.token, body: { ...body, cardToken: limited } })).body.message).toBe(requestMessages.idempotencyKeyRequired)
    expect((await h.post('charge', { token: m.token, headers: { 'Idempotency-Key': key() }, body: { ...body, reservationTime: 'SUPPORT-2025' } })).status).toBe(400)
    expect((await h.post('charge', { token: m.token, headers: { 'Idempotency-Key': key() }, body: { ...body, contactDevice: 'FAX' } })).status).toBe(400)
    expect((await h.post('charge', { token: m.token, headers: { 'Idempotency-Key': key() }, body: { ...body, cardToken: '', cardId: '' } })).status).toBe(400)
    expect((await h.post('charge', { headers: { 'Idempotency-Key': key() }, body })).status).toBe(401)
  })
  it("a tip needs the member's own parent ticket", async () => {
    const a = await h.member('demo')
    const b = await h.member('fresh')
    const parent = (await h.get('user-data', { token: a.token, query: { data: 'MEMBER_SUPPORT_TICKET' } })).body.supportTicketList[0].ticketNumber
    const tip = { productId: 'TIP-500', reservationTime: 'TIP', parentTicketNumber: parent }
    expect((await h.post('charge', { token: a.token, headers: { 'Idempotency-Key': key() }, body: { ...tip, cardToken: await h.cardToken(undefined, a.token) } })).body).toMatchObject({ productType: 'TIP', amount: 500 })
    expect((await h.post('charge', { token: b.token, headers: { 'Idempotency-Key': key() }, body: { ...tip, cardToken: await h.cardToken(undefined, b.token) } })).status).toBe(404)
    expect((await h.post('charge', { token: b.token, headers: { 'Idempotency-Key': key() }, body: { ...tip, parentTicketNumber: undefined, cardToken: await h.cardToken(undefined, b.token) } })).status).toBe(400)
  })
})
