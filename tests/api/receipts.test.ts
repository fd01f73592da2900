import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { receiptMessages as rm } from '../../contract/receipt'
import { staffMessages } from '../../contract/staff-messages'
import { parseConfig } from '../../server/config'
import { auditLog, receiptIssues } from '../../server/db/schema'
import { createHarness, type Harness } from './harness'
import { buySupport, staffAccount, staffPost } from './staff-harness'

// Receipts (docs/product.md "Receipts", docs/decisions.md 87): a member's own receipt of a payment
// with the issuer from the configuration, the coupon and refund lines, the total with its one tax
// line; the first view is the original and every later one (the desk's too) says 再発行; the
// addressee changes once; another member's receipt is not found; the desk's call is the operator's.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type T = Record<string, any>

let h: Harness
let op: Awaited<ReturnType<typeof staffAccount>>
let owner: Awaited<ReturnType<Harness['member']>>
let other: Awaited<ReturnType<Harness['member']>>
let bought: { ticketNumber: string; receiptNumber: string }

beforeAll(async () => {
  h = await createHarness()
  op = await staffAccount(h, [{ role: 'operator' }])
  owner = await h.member('demo')
  other = await h.member('demo')
  // SUPPORT-60 (¥5,500) with the ¥1,000 coupon: ¥4,500 paid; then ¥2,000 of it refunded on the desk.
  const charge = await h.post('charge', {
    token: owner.token,
    headers: { 'Idempotency-Key': `receipt-${owner.memberId}` },
    body: {
      productId: 'SUPPORT-60', cardId: '', cardToken: await h.cardToken(undefined, owner.token), saveCard: false, couponCode: 'SUPPORT60-1000',
      staffId: 'STAFF-02', reservationTime: 'SUPPORT-20250612-13-00', supportType: 'TEL',
      reservationMenuList: [], counsellingComment: '領収書のテスト', contactDevice: 'PC', contactOs: 'WINDOWS', remoteSupport: 'WISH',
    },
  })
  expect(charge.status, JSON.stringify(charge.body)).toBe(200)
  expect(charge.body.amount).toBe(4500)
  bought = charge.body
  const refund = await staffPost(h, 'desk-refund', { token: op.token, body: { ticketNumber: bought.ticketNumber, amount: 2000, reason: '一部のみご利用のため', idempotencyKey: `receipt-refund-${owner.memberId}` } })
  expect(refund.status, JSON.stringify(refund.body)).toBe(200)
}, 120_000)
afterAll(async () => h?.close())

const open = (token: string, receiptNumber = bought.receiptNumber) => h.post('receipt', { token, body: { receiptNumber } })
const issueRow = async () => (await h.db.select().from(receiptIssues).where(eq(receiptIssues.receiptNumber, bought.receiptNumber)))[0]

describe('receipt', () => {
  it('states the issuer, the coupon and the refund, the total and its 10 % tax once; the first view is the original, the second 再発行', async () => {
    const first = await open(owner.token)
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    const r = first.body as T
    expect(r).toMatchObject({
      receiptNumber: bought.receiptNumber,
      ticketNumber: bought.ticketNumber,
      issuer: { name: 'ITサポート株式会社（デモ）', registrationNumber: 'T1234567890123' },
      addressee: 'テスト 会員 様',
      addresseeEditable: true,
      productType: 'SUPPORT',
      amountBeforeCoupon: 5500,
      couponName: '60分チケット1,000円OFF',
      couponDiscount: 1000,
      amountPaid: 4500,
      total: 2500,
      taxRate: 10,
      // One rounding on the receipt's total: floor(2500 × 10 / 110) = 227 (decision 87).
      tax: 227,
      issueCount: 1,
      reissued: false,
    })
    expect(r.issuer.registrationNumber).toMatch(/^T\d{13}$/)
    expect(r.refunds).toEqual([{ refundedAt: expect.any(Number), amount: 2000 }])
    expect(r.firstIssuedAt).toBe(Math.floor(h.clock.now().getTime() / 1000))

    const second = await open(owner.token)
    expect(second.body).toMatchObject({ issueCount: 2, reissued: true, firstIssuedAt: r.firstIssuedAt, total: 2500, tax: 227 })
  })

  // docs/product.md "Receipts": the tax is computed once on the total, rounded down (the
  // qualified-invoice rule for a tax-included price: tax = floor(total × 10 / 110)). ¥2,500 and
  // ¥5,500 give the same tax rounded down or to the nearest; these totals do not (¥2,507: 227.9…,
  // ¥1,099: 99.9…, ¥1,000: 90.9…), and an exact one (¥2,508: 228) has nothing to round.
  it('the tax is rounded down on totals where rounding to the nearest would differ, on the member’s and the desk’s receipt', async () => {
    const m = await h.member('fresh')
    const { ticketNumber, receiptNumber } = await buySupport(h, m, { reservationTime: 'SUPPORT-20250613-15-00', staffId: null })
    let refunded = 0
    for (const [total, tax] of [[5500, 500], [2508, 228], [2507, 227], [1099, 99], [1000, 90]] as const) {
      if (5500 - refunded > total) {
        const amount = 5500 - refunded - total
        const r = await staffPost(h, 'desk-refund', { token: op.token, body: { ticketNumber, amount, reason: '税額の端数のテスト', idempotencyKey: `tax-${receiptNumber}-${total}` } })
        expect(r.status, JSON.stringify(r.body)).toBe(200)
        refunded += amount
      }
      const mine = await h.post('receipt', { token: m.token, body: { receiptNumber } })
      expect(mine.body, `total ${total}`).toMatchObject({ amountPaid: 5500, total, taxRate: 10, tax })
      const desk = await staffPost(h, 'desk-receipt', { token: op.token, body: { receiptNumber } })
      expect(desk.body, `desk, total ${total}`).toMatchObject({ total, tax })
    }
  })

  it('the addressee changes once; the second change is refused in Japanese, and a change is no issue', async () => {
    const before = (await issueRow()).issueCount
    const blank = await h.post('receipt-addressee', { token: owner.token, body: { receiptNumber: bought.receiptNumber, addressee: '   ' } })
    expect(blank).toMatchObject({ status: 400, body: { message: rm.addresseeRequired } })
    const long = await h.post('receipt-addressee', { token: owner.token, body: { receiptNumber: bought.receiptNumber, addressee: 'あ'.repeat(51) } })
    expect(long).toMatchObject({ status: 400, body: { message: rm.addresseeTooLong } })

    const changed = await h.post('receipt-addressee', { token: owner.token, body: { receiptNumber: bought.receiptNumber, addressee: ' 株式会社サンプル 御中 ' } })
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({ addressee: '株式会社サンプル 御中', addresseeEditable: false, issueCount: before })
    const again = await h.post('receipt-addressee', { token: owner.token, body: { receiptNumber: bought.receiptNumber, addressee: '別の会社' } })
    expect(again).toEqual({ status: 409, body: { message: rm.addresseeAlreadyChanged } })
    expect((await open(owner.token)).body).toMatchObject({ addressee: '株式会社サンプル 御中', addresseeEditable: false, issueCount: before + 1 })
  })

  it('the same page view asking twice (a retry) is one issue; a new view is a re-issue', async () => {
    const before = (await issueRow()).issueCount
    const body = { receiptNumber: bought.receiptNumber, viewId: `view-${owner.memberId}` }
    expect((await h.post('receipt', { token: owner.token, body })).body).toMatchObject({ issueCount: before + 1 })
    expect((await h.post('receipt', { token: owner.token, body })).body).toMatchObject({ issueCount: before + 1 })
    expect((await h.post('receipt', { token: owner.token, body: { ...body, viewId: 'another-view' } })).body).toMatchObject({ issueCount: before + 2, reissued: true })
  })

  it("another member's receipt is not found, and counts no issue; an unknown or malformed number is refused", async () => {
    const before = await issueRow()
    expect(await open(other.token)).toEqual({ status: 404, body: { message: rm.receiptNotFound } })
    expect(await h.post('receipt-addressee', { token: other.token, body: { receiptNumber: bought.receiptNumber, addressee: '他人' } })).toEqual({ status: 404, body: { message: rm.receiptNotFound } })
    expect(await issueRow()).toEqual(before)
    expect((await open(owner.token, 'R0000000000000')).status).toBe(404)
    expect((await open(owner.token, 'R1/../x')).status).toBe(400)
    expect((await h.post('receipt', { body: { receiptNumber: bought.receiptNumber } })).status).toBe(401)
  })

  it("a receipt never issued keeps the original for its first view, whoever set the addressee first", async () => {
    const fresh = await h.member('demo')
    const [row] = (await h.get('purchase-list', { token: fresh.token })).body.ticketList as T[]
    const set = await h.post('receipt-addressee', { token: fresh.token, body: { receiptNumber: row.receiptNumber, addressee: 'テスト商事 御中' } })
    expect(set.body).toMatchObject({ issueCount: 0, firstIssuedAt: null, reissued: false, addressee: 'テスト商事 御中' })
    expect((await open(fresh.token, row.receiptNumber)).body).toMatchObject({ issueCount: 1, reissued: false, total: row.amount - (row.amountRefunded ?? 0) })
  })
})

describe('desk-receipt', () => {
  it("the desk opens a member's receipt: one more issue (再発行), with its audit row", async () => {
    const before = (await issueRow()).issueCount
    const r = await staffPost(h, 'desk-receipt', { token: op.token, body: { receiptNumber: bought.receiptNumber } })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body).toMatchObject({ receiptNumber: bought.receiptNumber, issueCount: before + 1, reissued: true, total: 2500, tax: 227 })
    const audits = await h.db.select().from(auditLog).where(and(eq(auditLog.action, 'receipt-issue'), eq(auditLog.targetId, bought.receiptNumber)))
    expect(audits).toHaveLength(1)
    expect(audits[0]).toMatchObject({ actorUid: op.uid, targetType: 'purchase', after: { memberId: owner.memberId, ticketNumber: bought.ticketNumber, issueCount: before + 1 } })
    // The member's next view says 再発行 too.
    expect((await open(owner.token)).body).toMatchObject({ issueCount: before + 2, reissued: true })
    // The desk's page asking again for the same view: the same issue, no second audit row.
    const view = { receiptNumber: bought.receiptNumber, viewId: 'desk-view-1' }
    const once = await staffPost(h, 'desk-receipt', { token: op.token, body: view })
    expect((await staffPost(h, 'desk-receipt', { token: op.token, body: view })).body.issueCount).toBe(once.body.issueCount)
    expect(await h.db.select().from(auditLog).where(and(eq(auditLog.action, 'receipt-issue'), eq(auditLog.targetId, bought.receiptNumber)))).toHaveLength(2)
  })

  it("a member's token on the desk's call is 403, and issues nothing", async () => {
    const before = await issueRow()
    const r = await staffPost(h, 'desk-receipt', { token: owner.token, body: { receiptNumber: bought.receiptNumber } })
    expect(r).toEqual({ status: 403, body: { message: staffMessages.forbidden } })
    expect(await issueRow()).toEqual(before)
    expect((await staffPost(h, 'desk-receipt', { token: op.token, body: { receiptNumber: 'R0000000000000' } })).status).toBe(404)
  })
})

describe('the issuer in production', () => {
  const production = {
    NODE_ENV: 'production', DATABASE_URL: 'postgres://x', FIREBASE_PROJECT_ID: 'mypage-prod', SMTP_URL: 'smtp://x', APP_ORIGIN: 'https://a.example',
    RECAPTCHA_SECRET: 's', PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk', SUPPORT_TEL: '0120-123-456',
    RECEIPT_ISSUER_NAME: '株式会社マイページ', RECEIPT_ISSUER_ADDRESS: '東京都港区1-2-3', INVOICE_REGISTRATION_NUMBER: 'T9876543210987',
  }
  it('is refused at start when a value is missing; a registration number not T + 13 digits is refused everywhere', () => {
    expect(parseConfig(production).receiptIssuer).toEqual({ name: '株式会社マイページ', address: '東京都港区1-2-3', registrationNumber: 'T9876543210987' })
    for (const name of ['RECEIPT_ISSUER_NAME', 'RECEIPT_ISSUER_ADDRESS', 'INVOICE_REGISTRATION_NUMBER'] as const) {
      expect(() => parseConfig({ ...production, [name]: undefined }), name).toThrow(`Not Configured Environment Value: ${name}`)
      expect(() => parseConfig({ ...production, [name]: '  ' }), name).toThrow(`Not Configured Environment Value: ${name}`)
    }
    for (const bad of ['9876543210987', 'T987654321098', 'T98765432109876', 't9876543210987', 'T98765432109８7']) {
      expect(() => parseConfig({ ...production, INVOICE_REGISTRATION_NUMBER: bad }), bad).toThrow('Invalid Environment Value: INVOICE_REGISTRATION_NUMBER')
      expect(() => parseConfig({ INVOICE_REGISTRATION_NUMBER: bad }), bad).toThrow('Invalid Environment Value: INVOICE_REGISTRATION_NUMBER')
    }
    // Outside production the fictional issuer stands in.
    expect(parseConfig({}).receiptIssuer.registrationNumber).toBe('T1234567890123')
  })
})
