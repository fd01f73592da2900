import Stripe from 'stripe'
import { and, count, eq, gte, sum } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deskMessages as dm } from '../../contract/desk-messages'
import type { Ticket } from '../../contract/entities'
import { isListed, ticketLabel } from '../../contract/ticket-rules'
import type { PaymentPort } from '../../server/adapters/payment'
import { createStripeClient, createStripePayment } from '../../server/adapters/stripe-payment'
import { createApp } from '../../server/app'
import { auditLog, bookings, memberCoupons, purchases, refunds, sandboxRefunds } from '../../server/db/schema'
import { NOW, createHarness, type Harness } from './harness'
import { buySupport, staffAccount, staffGet, staffPost } from './staff-harness'

// Refunds on the operator's desk: in full or in part through the payment port, idempotent under
// double clicks and retries, never more than was paid (also two at once on PostgreSQL), shown to
// the member as docs/product.md §4 says (amountRefunded → 返金 label, hidden from held tickets), the
// ticket's cells released, the member mailed, the audit row written with the refund.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type T = Record<string, any>
const pg = !!process.env.TEST_DATABASE_URL

let h: Harness
let op: Awaited<ReturnType<typeof staffAccount>>
beforeAll(async () => {
  h = await createHarness()
  op = await staffAccount(h, [{ role: 'operator' }])
}, 120_000)
afterAll(async () => h?.close())

let keys = 0
const key = () => `refund-test-${++keys}-${Math.random().toString(36).slice(2, 10)}`
async function refund(body: T, app: { request: (path: string, init: RequestInit) => Response | Promise<Response> } = h.app): Promise<{ status: number; body: T }> {
  const r = await app.request('/api/staff/desk-refund', { method: 'POST', headers: { authorization: `Bearer ${op.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: r.status, body: (await r.json()) as T }
}

async function memberTicket(token: string, ticketNumber: string): Promise<Ticket> {
  const list = (await h.get('user-data', { token, query: { data: 'MEMBER_SUPPORT_TICKET' } })).body.supportTicketList as Ticket[]
  return list.find((t) => t.ticketNumber === ticketNumber)!
}
const futureCells = async (ticketNumber: string) => Number((await h.db.select({ n: count() }).from(bookings).where(and(eq(bookings.ticketNumber, ticketNumber), gte(bookings.cellStart, NOW))))[0].n)
const providerRefunded = async () => Number((await h.db.select({ s: sum(sandboxRefunds.amount) }).from(sandboxRefunds))[0].s ?? 0)

describe('refund through the sandbox', () => {
  it('a partial refund: the member sees 返金 on the card and the amount in the history, the cells are free, a mail, an audit row', async () => {
    const m = await h.member('demo')
    const bought = await buySupport(h, m, { reservationTime: 'SUPPORT-20250612-13-00', staffId: 'STAFF-02' })
    expect(await futureCells(bought.ticketNumber)).toBe(2)
    const before = await providerRefunded()
    const r = await refund({ ticketNumber: bought.ticketNumber, amount: 2000, reason: '一部のみご利用のため', idempotencyKey: key() })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ replayed: false, refund: { amount: 2000, status: 'SUCCEEDED', reason: '一部のみご利用のため' }, purchase: { amount: 5500, amountRefunded: 2000, refundable: 3500 } })
    expect((await providerRefunded()) - before).toBe(2000)

    const t = await memberTicket(m.token, bought.ticketNumber)
    expect(t).toMatchObject({ amountRefunded: 2000, refundReason: '一部のみご利用のため' })
    expect(ticketLabel(t, NOW)).toBe('refunded')
    expect(isListed(t)).toBe(false)
    const history = (await h.get('purchase-list', { token: m.token, query: {} })).body.ticketList as T[]
    expect(history.find((x) => x.ticketNumber === bought.ticketNumber)).toMatchObject({ amount: 5500, amountRefunded: 2000 })
    // The slot is bookable again with that consultant.
    expect(await futureCells(bought.ticketNumber)).toBe(0)
    const grid = (await h.get('reservation-schedule', { token: m.token, query: { dt: '20250612', minutesToSupport: 60 } })).body.staffSchedules as T[]
    expect(grid.find((s) => s.staffId === 'STAFF-02')?.schedules['13-00']).toBe(true)

    const mail = h.mailer.last(m.email)!
    expect(mail.subject).toBe('【ITサポート】ご返金のお知らせ')
    expect(mail.text).toContain('今回の返金額: 2,000円')
    expect(mail.text).toContain('返金理由: 一部のみご利用のため')

    const trail = (await staffGet(h, 'desk-audit', { token: op.token, query: { targetType: 'purchase', targetId: bought.receiptNumber } })).body.items as T[]
    expect(trail).toHaveLength(1)
    expect(trail[0]).toMatchObject({ action: 'refund', actorUid: op.uid, before: { amountRefunded: 0, refundReason: null }, after: { amountRefunded: 2000, refundReason: '一部のみご利用のため', amount: 2000 } })

    // The rest in full; then nothing is left.
    const rest = await refund({ ticketNumber: bought.ticketNumber, amount: 3500, reason: '残額を返金', idempotencyKey: key() })
    expect(rest.body.purchase).toMatchObject({ amountRefunded: 5500, refundable: 0 })
    const more = await refund({ ticketNumber: bought.ticketNumber, amount: 1, reason: 'さらに', idempotencyKey: key() })
    expect(more).toEqual({ status: 400, body: { message: `${dm.refundExceeds}0円` } })
  })

  it('a double click and a retry are one refund; the same key with another amount is 409', async () => {
    const m = await h.member('demo')
    const bought = await buySupport(h, m, { reservationTime: 'SUPPORT-20250613-13-00', staffId: null })
    const k = key()
    const body = { ticketNumber: bought.ticketNumber, amount: 1500, reason: 'ダブルクリック', idempotencyKey: k }
    const before = await providerRefunded()
    const [a, b] = await Promise.all([refund(body), refund(body)])
    const again = await refund(body)
    expect([a.status, b.status, again.status]).toEqual([200, 200, 200])
    expect(again.body.replayed).toBe(true)
    expect(again.body.purchase).toMatchObject({ amountRefunded: 1500, refundable: 4000 })
    expect((await providerRefunded()) - before).toBe(1500)
    expect((await memberTicket(m.token, bought.ticketNumber)).amountRefunded).toBe(1500)
    const rows = await h.db.select().from(refunds).where(eq(refunds.ticketNumber, bought.ticketNumber))
    expect(rows).toHaveLength(1)
    const audits = await h.db.select().from(auditLog).where(and(eq(auditLog.action, 'refund'), eq(auditLog.targetId, bought.receiptNumber)))
    expect(audits).toHaveLength(1)
    expect(h.mailer.sent.filter((x) => x.to === m.email && x.subject.includes('ご返金')).length).toBe(1)

    expect(await refund({ ...body, amount: 1000 })).toEqual({ status: 409, body: { message: dm.refundKeyReused } })
  })

  // docs/product.md "Refunds": the reason is the member's (their ticket, their mail, word for word);
  // the internal note stays in the audit row, in no mail, on no member view and on no desk list.
  it('the reason is mailed to the member as typed; the internal note is in the audit row only', async () => {
    const m = await h.member('demo')
    const bought = await buySupport(h, m, { reservationTime: 'SUPPORT-20250613-15-00', staffId: null })
    const note = '社内：決済代行に電話で確認済み、照会番号 ZQ-4417（担当 佐藤）'
    const body = { ticketNumber: bought.ticketNumber, amount: 1200, reason: 'ご要望による一部返金', note: `  ${note}  `, idempotencyKey: key() }
    const done = await staffPost(h, 'desk-refund', { token: op.token, body })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(JSON.stringify(done.body)).not.toContain('ZQ-4417')

    const mail = h.mailer.sent.filter((x) => x.to === m.email && x.subject.includes('ご返金')).at(-1)!
    expect(mail.text).toContain('返金理由: ご要望による一部返金')
    expect(mail.text).not.toContain('社内')
    expect(JSON.stringify(mail)).not.toContain('ZQ-4417')
    expect((await memberTicket(m.token, bought.ticketNumber)).refundReason).toBe('ご要望による一部返金')
    const desk = await staffGet(h, 'desk-member', { token: op.token, query: { memberId: m.memberId } })
    expect(JSON.stringify(desk.body)).not.toContain('ZQ-4417')

    const [audit] = await h.db.select().from(auditLog).where(and(eq(auditLog.action, 'refund'), eq(auditLog.targetId, bought.receiptNumber)))
    expect(audit.after).toMatchObject({ refundReason: 'ご要望による一部返金', note })
    const inWords = await staffGet(h, 'desk-audit', { token: op.token, query: { action: 'refund', targetId: bought.receiptNumber } })
    expect(JSON.stringify(inWords.body)).toContain(note)

    // Without a note: none recorded; a note over REFUND_NOTE_MAX is refused in Japanese, nothing refunded.
    const plain = await refund({ ticketNumber: bought.ticketNumber, amount: 100, reason: '追加の返金', idempotencyKey: key() })
    expect(plain.status).toBe(200)
    const audits = await h.db.select().from(auditLog).where(and(eq(auditLog.action, 'refund'), eq(auditLog.targetId, bought.receiptNumber)))
    expect(audits.filter((a) => (a.after as T).note !== undefined)).toHaveLength(1)
    expect(await refund({ ticketNumber: bought.ticketNumber, amount: 100, reason: '追加の返金', note: 'あ'.repeat(501), idempotencyKey: key() })).toEqual({ status: 400, body: { message: dm.noteTooLong } })
  })

  it('refused by the provider: 402, nothing changed, the share free again; the same key retried once the provider answers', async () => {
    const m = await h.member('demo')
    const bought = await buySupport(h, m, { reservationTime: 'SUPPORT-20250613-14-00', staffId: null })
    let mode: 'refuse' | 'silent' | 'ok' = 'refuse'
    const real = h.deps.payment
    const payment: PaymentPort = {
      ...real,
      refundCharge: async (req) => {
        if (mode === 'refuse') return { ok: false, status: 402, message: 'REFUND_FAILED' }
        if (mode === 'silent') {
          await real.refundCharge!(req) // made, but the answer is lost
          throw new Error('socket hang up')
        }
        return real.refundCharge!(req)
      },
    }
    const app = createApp({ ...h.deps, payment })
    const body = { ticketNumber: bought.ticketNumber, amount: 5500, reason: '全額返金', idempotencyKey: key() }
    expect(await refund(body, app)).toEqual({ status: 402, body: { message: dm.refundFailed } })
    expect((await memberTicket(m.token, bought.ticketNumber)).amountRefunded).toBe(0)
    expect(await futureCells(bought.ticketNumber)).toBe(2)
    const failedAudit = await h.db.select().from(auditLog).where(and(eq(auditLog.action, 'refund-failed'), eq(auditLog.targetId, bought.receiptNumber)))
    expect(failedAudit).toHaveLength(1)

    // The provider makes the refund but its answer never comes: 409 in progress, the share held.
    mode = 'silent'
    expect(await refund(body, app)).toEqual({ status: 409, body: { message: dm.refundInProgress } })
    const other = await refund({ ticketNumber: bought.ticketNumber, amount: 1, reason: '別の返金', idempotencyKey: key() }, app)
    expect(other.body.message).toBe(`${dm.refundExceeds}0円`)
    // The operator retries: the provider answers the refund it made; recorded once.
    mode = 'ok'
    const before = await providerRefunded()
    const done = await refund(body, app)
    expect(done.body).toMatchObject({ replayed: false, purchase: { amountRefunded: 5500, refundable: 0 } })
    expect((await providerRefunded()) - before).toBe(0)
    expect((await memberTicket(m.token, bought.ticketNumber)).amountRefunded).toBe(5500)
  })

  it('no charge to refund: a seeded purchase and an unknown ticket', async () => {
    const m = await h.member('demo')
    const seeded = ((await h.get('purchase-list', { token: m.token, query: {} })).body.ticketList as T[]).find((p) => p.amount > 0)!
    expect((await refund({ ticketNumber: seeded.ticketNumber, amount: 100, reason: 'x', idempotencyKey: key() })).body.message).toBe(dm.refundNoCharge)
    expect((await refund({ ticketNumber: 'S0000000000000', amount: 100, reason: 'x', idempotencyKey: key() })).status).toBe(404)
  })
})

describe.runIf(pg)('refund and coupon races on PostgreSQL', () => {
  it('two refunds sent at once on two replicas never exceed what was paid', async () => {
    const m = await h.member('demo')
    const r2 = await h.replica()
    // Three purchases of 5,500 yen; on each, two refunds of 3,000 sent at once: only one fits.
    for (const at of ['SUPPORT-20250617-13-00', 'SUPPORT-20250617-15-00', 'SUPPORT-20250617-17-00']) {
      const bought = await buySupport(h, m, { reservationTime: at, staffId: null })
      const results = await Promise.all([
        refund({ ticketNumber: bought.ticketNumber, amount: 3000, reason: '同時A', idempotencyKey: key() }),
        refund({ ticketNumber: bought.ticketNumber, amount: 3000, reason: '同時B', idempotencyKey: key() }, r2.app),
      ])
      expect(results.map((r) => r.status).sort()).toEqual([200, 400])
      expect(results.find((r) => r.status === 400)!.body.message).toBe(`${dm.refundExceeds}2,500円`)
      const rows = await h.db.select().from(refunds).where(and(eq(refunds.ticketNumber, bought.ticketNumber), eq(refunds.status, 'succeeded')))
      expect(rows.map((r) => r.amount)).toEqual([3000])
      expect((await memberTicket(m.token, bought.ticketNumber)).amountRefunded).toBe(3000)
      const [p] = await h.db.select().from(purchases).where(eq(purchases.ticketNumber, bought.ticketNumber))
      const provider = Number((await h.db.select({ s: sum(sandboxRefunds.amount) }).from(sandboxRefunds).where(eq(sandboxRefunds.chargeId, p.chargeId!)))[0].s ?? 0)
      expect(provider).toBe(3000)
    }
  })

  it('ten identical requests at once (one key) are one refund', async () => {
    const m = await h.member('demo')
    const bought = await buySupport(h, m, { reservationTime: 'SUPPORT-20250618-14-00', staffId: null })
    const r2 = await h.replica()
    const body = { ticketNumber: bought.ticketNumber, amount: 1200, reason: '連打', idempotencyKey: key() }
    const before = await providerRefunded()
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => refund(body, i % 2 ? r2.app : h.app)))
    expect(results.map((r) => r.status).filter((s) => s !== 200 && s !== 409)).toEqual([])
    const final = await refund(body)
    expect(final.body.purchase).toMatchObject({ amountRefunded: 1200 })
    expect((await providerRefunded()) - before).toBe(1200)
    expect((await memberTicket(m.token, bought.ticketNumber)).amountRefunded).toBe(1200)
  })

  it('a claim limit of 3 holds when ten members claim at once', async () => {
    const now = Math.floor(NOW.getTime() / 1000)
    await staffPost(h, 'desk-coupon-save', { token: op.token, body: { couponCode: 'RACE-3', couponName: '先着3名', discountPrice: 100, expire: now + 86_400, availableProductList: [{ productType: 'SUPPORT', minutesToSupport: null }], maxClaims: 3 } })
    const members = await Promise.all(Array.from({ length: 10 }, () => h.member('fresh')))
    const r2 = await h.replica()
    const results = await Promise.all(members.map((m, i) => (i % 2 ? r2.post : h.post)('get-coupon', { token: m.token, body: { couponCode: 'RACE-3' } })))
    expect(results.filter((r) => r.status === 200)).toHaveLength(3)
    expect(results.filter((r) => r.status === 400).every((r) => r.body.message === 'COUPON_CLAIM_LIMIT_REACHED')).toBe(true)
    const [{ n }] = await h.db.select({ n: count() }).from(memberCoupons).where(eq(memberCoupons.couponCode, 'RACE-3'))
    expect(Number(n)).toBe(3)
  })

  it('two operators saving one coupon at once: one is written, the other told it changed', async () => {
    const now = Math.floor(NOW.getTime() / 1000)
    const base = { couponCode: 'RACE-EDIT', couponName: '同時編集', discountPrice: 100, expire: now + 86_400, availableProductList: [{ productType: 'SUPPORT', minutesToSupport: null }] }
    const made = await staffPost(h, 'desk-coupon-save', { token: op.token, body: base })
    const r2 = await h.replica()
    const [a, b] = await Promise.all([
      staffPost(h, 'desk-coupon-save', { token: op.token, body: { ...base, version: made.body.coupon.version, couponName: 'A' } }),
      r2.post('staff/desk-coupon-save', { token: op.token, body: { ...base, version: made.body.coupon.version, couponName: 'B' } }),
    ])
    expect([a.status, b.status].sort()).toEqual([200, 409])
    const winner = a.status === 200 ? 'A' : 'B'
    const listed = ((await staffGet(h, 'desk-coupons', { token: op.token })).body.items as T[]).find((c) => c.couponCode === 'RACE-EDIT')
    expect(listed).toMatchObject({ couponName: winner, version: made.body.coupon.version + 1 })
    const audits = await h.db.select().from(auditLog).where(and(eq(auditLog.action, 'coupon-update'), eq(auditLog.targetId, 'RACE-EDIT')))
    expect(audits).toHaveLength(1)
  })
})

describe('Stripe refunds (recorded responses)', () => {
  type Seen = { method: string; path: string; body: URLSearchParams; idempotencyKey: string | null }
  function fakeStripe(answer: { status: number; body: unknown }) {
    const seen: Seen[] = []
    const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input))
      const headers = new Headers(init?.headers as HeadersInit)
      seen.push({ method: (init?.method ?? 'GET').toUpperCase(), path: url.pathname, body: new URLSearchParams(String(init?.body ?? '')), idempotencyKey: headers.get('idempotency-key') })
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json', 'request-id': 'req_test' } })
    }) as typeof fetch
    return { payment: createStripePayment(createStripeClient('sk_test_recorded', Stripe.createFetchHttpClient(fetchFn))), seen }
  }
  const refundBody = (status: string) => ({ id: 're_3QxTest', object: 'refund', amount: 2000, currency: 'jpy', payment_intent: 'pi_3QxTest', status })
  const error = (type: string, code: string) => ({ error: { type, code, message: 'recorded error' } })

  it('a part of the PaymentIntent, keyed by the refund key', async () => {
    const { payment, seen } = fakeStripe({ status: 200, body: refundBody('succeeded') })
    expect(await payment.refundCharge!({ chargeId: 'pi_3QxTest', amount: 2000, idempotencyKey: 'desk-refund:k1' })).toEqual({ ok: true, refundId: 're_3QxTest' })
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/v1/refunds', idempotencyKey: 'refund:desk-refund:k1' })
    expect(Object.fromEntries(seen[0].body)).toMatchObject({ payment_intent: 'pi_3QxTest', amount: '2000', reason: 'requested_by_customer', 'metadata[refund_key]': 'desk-refund:k1' })
    // A card refund that is still moving (pending) is made: Stripe completes it.
    expect((await fakeStripe({ status: 200, body: refundBody('pending') }).payment.refundCharge!({ chargeId: 'pi_3QxTest', amount: 2000, idempotencyKey: 'k' })).ok).toBe(true)
  })

  it('more than is left, a failed refund, a reused key and 429 are told apart', async () => {
    const call = (answer: { status: number; body: unknown }) => fakeStripe(answer).payment.refundCharge!({ chargeId: 'pi_3QxTest', amount: 9999, idempotencyKey: 'k' })
    expect(await call({ status: 400, body: error('invalid_request_error', 'amount_too_large') })).toEqual({ ok: false, status: 402, message: 'AMOUNT_EXCEEDS_CHARGE' })
    expect(await call({ status: 400, body: error('invalid_request_error', 'charge_already_refunded') })).toEqual({ ok: false, status: 402, message: 'AMOUNT_EXCEEDS_CHARGE' })
    expect(await call({ status: 200, body: refundBody('failed') })).toEqual({ ok: false, status: 402, message: 'REFUND_FAILED' })
    expect(await call({ status: 400, body: error('idempotency_error', 'idempotency_key_in_use') })).toEqual({ ok: false, status: 409, message: 'IDEMPOTENCY_KEY_REUSED' })
    expect(await call({ status: 429, body: error('invalid_request_error', 'rate_limit') })).toEqual({ ok: false, status: 429, message: 'RATE_LIMITED' })
  })
})
