import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PaymentPort } from '../../server/adapters/payment'
import { createApp } from '../../server/app'
import Stripe from 'stripe'
import { createStripeClient, createStripePayment, STRIPE_SEARCH_LAG_MS } from '../../server/adapters/stripe-payment'
import { ConfigError, parseConfig } from '../../server/config'
import { mailOutbox, purchaseAttempts, purchases, sandboxCharges, sandboxTokens, tickets } from '../../server/db/schema'
import type { Deps } from '../../server/services/deps'
import { sweepPurchases } from '../../server/jobs/purchase-sweep'
import { createHarness, type Harness } from './harness'

// docs/decisions.md 51: the lease on a purchase attempt and the sweeper, in one process.
// "A process that dies" is a second app on the same database whose provider call never returns and
// whose heartbeat is slower than the test: its lease lapses when the movable clock passes it.

let h: Harness
let n = 0
const key = () => `lease-${Date.now()}-${++n}`
beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(async () => h?.close())

/** Polls `check` until it returns true, for at most `ms` (no fixed sleep). */
async function until(check: () => Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 20))
  }
}

/**
 * An app whose provider hangs: with `takeMoney` it stores the charge first (the process dies
 * after the provider took the money), without it before (the provider never saw the request).
 * Its lease is a minute long, so its heartbeat (every 20 s) never runs during a test.
 */
function dyingApp(takeMoney: boolean) {
  const payment: PaymentPort = {
    ...h.deps.payment,
    charge: async (req) => {
      if (takeMoney) await h.deps.payment.charge(req)
      return new Promise(() => {})
    },
  }
  const deps: Deps = { ...h.deps, payment, config: { ...h.deps.config, purchaseLeaseMs: 60_000 } }
  return createApp(deps)
}

const attempt = async (memberId: string, k: string) => (await h.db.select().from(purchaseAttempts).where(and(eq(purchaseAttempts.memberId, memberId), eq(purchaseAttempts.idempotencyKey, k))))[0]
const chargesOf = async (memberId: string, k: string) => h.db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, `${memberId}:${k}`))
/** Past every lease taken so far (the dying app's minute and the harness's 15 s). */
const lapse = () => h.clock.set(new Date(h.clock.now().getTime() + 61_000))

const support = (cardToken: string, reservationTime: string) => ({
  productId: 'SUPPORT-30', cardToken, saveCard: true, staffId: 'STAFF-03', reservationTime, supportType: 'TEL', reservationMenuList: [],
})
const cellFree = async (token: string, dt: string, slot: string) => {
  const r = await h.get('reservation-schedule', { token, query: { dt, minutesToSupport: 30 } })
  return r.body.staffSchedules.find((s: { staffId: string }) => s.staffId === 'STAFF-03')?.schedules[slot] as boolean
}

/** Starts a purchase on the dying app and waits until it is stuck in `charging`. */
async function stuckPurchase(takeMoney: boolean, reservationTime: string) {
  const m = await h.member('fresh')
  const cardToken = await h.cardToken(undefined, m.token)
  const k = key()
  const body = support(cardToken, reservationTime)
  void dyingApp(takeMoney).request('/api/charge', {
    method: 'POST',
    headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json', 'idempotency-key': k },
    body: JSON.stringify(body),
  })
  await until(async () => (await attempt(m.memberId, k))?.status === 'charging' && (await chargesOf(m.memberId, k)).length === (takeMoney ? 1 : 0))
  return { m, k, body, cardToken }
}

describe('the lease on a purchase attempt', () => {
  it('an attempt abandoned after the provider took the money: the same key re-sent resumes it at once, one charge, one ticket', async () => {
    const { m, k, body } = await stuckPurchase(true, 'SUPPORT-20250617-13-00')
    // While its owner's lease runs, the sweeper leaves it alone.
    expect((await sweepPurchases(h.deps)).recorded).toBe(0)
    expect((await attempt(m.memberId, k)).status).toBe('charging')
    lapse()
    const r = await h.post('charge', { token: m.token, headers: { 'Idempotency-Key': k }, body })
    expect(r.status).toBe(200)
    expect(r.body.ticketNumber).toBe((await attempt(m.memberId, k)).ticketNumber)
    expect(await chargesOf(m.memberId, k)).toHaveLength(1)
    expect(await h.db.select().from(tickets).where(eq(tickets.ticketNumber, r.body.ticketNumber))).toHaveLength(1)
    const [p] = await h.db.select().from(purchases).where(eq(purchases.ticketNumber, r.body.ticketNumber))
    expect(p.chargeId).toBe((await chargesOf(m.memberId, k))[0].chargeId)
    expect(h.mailer.sent.filter((x) => x.to === m.email && x.text.includes(r.body.ticketNumber))).toHaveLength(1)
    expect(await h.post('charge', { token: m.token, headers: { 'Idempotency-Key': k }, body })).toEqual(r)
  })

  it('nobody re-sends: the sweeper finds the charge and records the purchase as the request would have, mailed once', async () => {
    const { m, k, cardToken } = await stuckPurchase(true, 'SUPPORT-20250617-14-00')
    lapse()
    expect(await sweepPurchases(h.deps)).toMatchObject({ recorded: 1, failed: 0 })
    const a = await attempt(m.memberId, k)
    expect(a).toMatchObject({ status: 'succeeded' })
    expect(a.mailSentAt).not.toBeNull()
    const [t] = await h.db.select().from(tickets).where(eq(tickets.ticketNumber, a.ticketNumber))
    expect(t).toMatchObject({ memberId: m.memberId, productId: 'SUPPORT-30', staffId: 'STAFF-03', supportType: 'TEL', reservationAt: new Date('2025-06-17T05:00:00Z') })
    expect(await h.db.select().from(purchases).where(eq(purchases.ticketNumber, a.ticketNumber))).toHaveLength(1)
    // What the member sees: the ticket, the saved card they asked for, the attempt's outcome, the cell taken.
    const cd = await h.get('charge-data', { token: m.token, query: { productId: 'SUPPORT-30' } })
    expect(cd.body.creditcard).toMatchObject({ cardLast4: '4242' })
    expect((await h.get('charge-attempt', { token: m.token, query: { idempotencyKey: k } })).body).toMatchObject({ status: 'SUCCEEDED', result: { ticketNumber: a.ticketNumber } })
    expect(await cellFree(m.token, '20250617', '14-00')).toBe(false)
    expect(h.mailer.sent.filter((x) => x.to === m.email && x.text.includes(a.ticketNumber))).toHaveLength(1)
    // A second sweep finds nothing to do and mails nothing again.
    lapse()
    expect(await sweepPurchases(h.deps)).toMatchObject({ recorded: 0, failed: 0, mailed: 0 })
    expect(h.mailer.sent.filter((x) => x.to === m.email && x.text.includes(a.ticketNumber))).toHaveLength(1)
    expect((await h.db.select().from(sandboxTokens).where(eq(sandboxTokens.tokenId, cardToken)))[0].usedBy).toBe(`${m.memberId}:${k}`)
  })

  it('abandoned before the provider saw it: the sweeper fails it and gives back the cell and the token; the key may run again', async () => {
    const { m, k, body, cardToken } = await stuckPurchase(false, 'SUPPORT-20250617-15-00')
    expect(await cellFree(m.token, '20250617', '15-00')).toBe(false)
    lapse()
    expect(await sweepPurchases(h.deps)).toMatchObject({ recorded: 0, failed: 1 })
    expect(await attempt(m.memberId, k)).toMatchObject({ status: 'failed', error: { status: 409 } })
    expect(await chargesOf(m.memberId, k)).toHaveLength(0)
    expect(await cellFree(m.token, '20250617', '15-00')).toBe(true)
    expect((await h.db.select().from(sandboxTokens).where(eq(sandboxTokens.tokenId, cardToken)))[0].usedBy).toBeNull()
    expect((await h.get('charge-attempt', { token: m.token, query: { idempotencyKey: k } })).body.status).toBe('FAILED')
    const again = await h.post('charge', { token: m.token, headers: { 'Idempotency-Key': k }, body })
    expect(again.status).toBe(200)
    expect(await chargesOf(m.memberId, k)).toHaveLength(1)
  })

  it('a recorded purchase whose process died before mailing is mailed by the sweeper, once', async () => {
    const m = await h.member('fresh')
    const k = key()
    const r = await h.post('charge', { token: m.token, headers: { 'Idempotency-Key': k }, body: support(await h.cardToken(undefined, m.token), 'SUPPORT-20250617-16-00') })
    expect(r.status).toBe(200)
    const mailsOf = () => h.mailer.sent.filter((x) => x.to === m.email && x.text.includes(r.body.ticketNumber)).length
    expect(mailsOf()).toBe(1)
    // As if recorded before the outbox wrote the mail with the purchase (docs/server.md "Outbox"):
    // no message and no mark; the sweeper writes it, once.
    await h.db.update(purchaseAttempts).set({ mailSentAt: null }).where(and(eq(purchaseAttempts.memberId, m.memberId), eq(purchaseAttempts.idempotencyKey, k)))
    await h.db.delete(mailOutbox).where(eq(mailOutbox.idempotencyKey, `purchase:${r.body.ticketNumber}`))
    expect((await sweepPurchases(h.deps)).mailed).toBe(0) // its recorder may still be mailing
    lapse()
    expect((await sweepPurchases(h.deps)).mailed).toBe(1)
    await h.deliver()
    expect(mailsOf()).toBe(2)
    expect((await sweepPurchases(h.deps)).mailed).toBe(0)
  })
})

/**
 * An owner that is alive but silent past its lease (a stalled heartbeat): its provider call waits
 * for `open()`, and then charges for real.
 */
function slowOwner(reservationTime: string) {
  let open!: () => void
  const gate = new Promise<void>((r) => (open = r))
  const payment: PaymentPort = { ...h.deps.payment, charge: async (req) => (await gate, h.deps.payment.charge(req)) }
  const app = createApp({ ...h.deps, payment, config: { ...h.deps.config, purchaseLeaseMs: 60_000 } })
  return {
    open,
    async start() {
      const m = await h.member('fresh')
      const k = key()
      const body = support(await h.cardToken(undefined, m.token), reservationTime)
      const answer = Promise.resolve(app.request('/api/charge', { method: 'POST', headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json', 'idempotency-key': k }, body: JSON.stringify(body) }))
        .then(async (r) => ({ status: r.status, body: await r.json() }))
      await until(async () => (await attempt(m.memberId, k))?.status === 'charging')
      return { m, k, body, answer }
    },
  }
}

describe('an owner that lost its lease while its provider call ran', () => {
  it('taken over by the same key re-sent: one charge, one ticket, both requests answer the same purchase', async () => {
    const slow = slowOwner('SUPPORT-20250617-17-00')
    const { m, k, body, answer } = await slow.start()
    lapse()
    const resumed = await h.post('charge', { token: m.token, headers: { 'Idempotency-Key': k }, body })
    expect(resumed.status).toBe(200)
    slow.open()
    expect(await answer).toEqual(resumed)
    expect(await chargesOf(m.memberId, k)).toHaveLength(1)
    expect(await h.db.select().from(tickets).where(eq(tickets.ticketNumber, resumed.body.ticketNumber))).toHaveLength(1)
  })

  it('failed by the sweeper before its charge landed: the late charge is refunded, nothing recorded, the key may run again', async () => {
    const slow = slowOwner('SUPPORT-20250617-18-00')
    const { m, k, body, answer } = await slow.start()
    lapse()
    expect(await sweepPurchases(h.deps)).toMatchObject({ failed: 1 })
    slow.open()
    expect((await answer).status).toBe(409)
    const a = await attempt(m.memberId, k)
    expect(a.status).toBe('failed')
    expect(await chargesOf(m.memberId, k)).toHaveLength(0)
    expect(await h.db.select().from(tickets).where(eq(tickets.ticketNumber, a.ticketNumber))).toHaveLength(0)
    const again = await h.post('charge', { token: m.token, headers: { 'Idempotency-Key': k }, body })
    expect(again.status).toBe(200)
    expect(await chargesOf(m.memberId, k)).toHaveLength(1)
  })
})

describe('the test-only charge delay', () => {
  const base = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', SANDBOX_CHARGE_DELAY_MS: '5000' }
  it('is refused in production and without the test routes', () => {
    const production = { MYPAGE_ENV: 'production', DATABASE_URL: 'postgres://x', FIREBASE_PROJECT_ID: 'p', SMTP_URL: 'smtp://x', APP_ORIGIN: 'https://a.example', RECAPTCHA_SECRET: 's', PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk', SUPPORT_TEL: '0120-000-111', SANDBOX_CHARGE_DELAY_MS: '5000' }
    expect(() => parseConfig(production)).toThrow(/Refused in production: SANDBOX_CHARGE_DELAY_MS/)
    expect(() => parseConfig(base)).toThrow(ConfigError)
    expect(parseConfig({ ...base, ENABLE_TEST_ROUTES: '1' }).sandboxChargeDelayMs).toBe(5000)
    expect(parseConfig({}).sandboxChargeDelayMs).toBe(0)
    expect(parseConfig({ PURCHASE_LEASE_MS: '2000', PURCHASE_SWEEP_MS: '500' })).toMatchObject({ purchaseLeaseMs: 2000, purchaseSweepMs: 500 })
    expect(() => parseConfig({ PURCHASE_LEASE_MS: '10' })).toThrow(/at least 1000/)
  })
})

describe('Stripe: findCharge by the key in the PaymentIntent metadata', () => {
  // Not Stripe itself (no account here): a fake behind the SDK's own fetch client answering with
  // the search result shape Stripe documents (object "search_result", data, has_more).
  function fakeStripe(answers: object[]) {
    const seen: { method: string; path: string; params: URLSearchParams }[] = []
    const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input))
      const method = (init?.method ?? 'GET').toUpperCase()
      seen.push({ method, path: url.pathname, params: new URLSearchParams(method === 'GET' ? url.search : String(init?.body ?? '')) })
      return new Response(JSON.stringify(answers.shift()), { status: 200, headers: { 'content-type': 'application/json', 'request-id': 'req_test' } })
    }) as typeof fetch
    return { payment: createStripePayment(createStripeClient('sk_test_fake', Stripe.createFetchHttpClient(fetchFn))), seen }
  }
  const result = (...statuses: string[]) => ({ object: 'search_result', url: '/v1/payment_intents/search', has_more: false, data: statuses.map((status, i) => ({ id: `pi_${i}`, object: 'payment_intent', status, amount: 3300, currency: 'jpy' })) })
  const old = new Date(Date.now() - STRIPE_SEARCH_LAG_MS - 1000)

  it('searches by metadata, answers the succeeded PaymentIntent, and says unknown while search may lag', async () => {
    const { payment, seen } = fakeStripe([result('canceled', 'succeeded'), result(), result(), result('processing'), result('requires_payment_method')])
    expect(await payment.findCharge("m1:it's", old)).toEqual({ state: 'succeeded', chargeId: 'pi_1' })
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/v1/payment_intents/search' })
    expect(seen[0].params.get('query')).toBe("metadata['purchase_key']:'m1:it\\'s'")
    expect(await payment.findCharge('m1:k', new Date())).toEqual({ state: 'unknown' })
    expect(await payment.findCharge('m1:k', old)).toEqual({ state: 'none' })
    expect(await payment.findCharge('m1:k', old)).toEqual({ state: 'unknown' })
    expect(await payment.findCharge('m1:k', new Date())).toEqual({ state: 'none' })
  })

  it('every PaymentIntent carries its purchase key', async () => {
    const { payment, seen } = fakeStripe([{ id: 'pm_1', object: 'payment_method', customer: 'cus_1' }, { id: 'pi_1', object: 'payment_intent', status: 'succeeded' }])
    expect(await payment.charge({ source: 'pm_1', amount: 3300, idempotencyKey: 'm1:k1' })).toEqual({ ok: true, chargeId: 'pi_1' })
    expect(seen[1].params.get('metadata[purchase_key]')).toBe('m1:k1')
  })
})
