import { and, eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStripeClient, createStripePayment } from '../../server/adapters/stripe-payment'
import { createApp } from '../../server/app'
import { parseConfig } from '../../server/config'
import { members, tickets } from '../../server/db/schema'
import { createHarness, type Harness } from './harness'

// The API in Stripe mode (PAYMENT_PROVIDER=stripe): `stripe/setup-intents`, tdsFinish and charge
// against Stripe answers in their recorded shapes. A small fake of the Stripe API sits behind the
// SDK's fetch http client: it keeps Customers, SetupIntents and PaymentIntents the way Stripe
// does (idempotency keys included) so a whole purchase can run. No network.

type Seen = { method: string; path: string; body: URLSearchParams; idempotencyKey: string | null }

const cards: Record<string, { brand: string; last4: string; challenge: boolean; behaviour?: 'declined' | 'rate_limited' }> = {
  pm_challenge: { brand: 'visa', last4: '3184', challenge: true },
  pm_frictionless: { brand: 'jcb', last4: '0505', challenge: false },
  pm_busy: { brand: 'mastercard', last4: '4444', challenge: false, behaviour: 'rate_limited' },
  pm_declined: { brand: 'visa', last4: '0002', challenge: false, behaviour: 'declined' },
}

function fakeStripeApi() {
  const seen: Seen[] = []
  const customers = new Map<string, string>() // idempotency key → customer id
  const attachedTo = new Map<string, string>() // pm → customer
  const setups: { id: string; pm: string; customer: string | null; status: string; returnUrl: string }[] = []
  const intents = new Map<string, object>() // idempotency key → payment intent
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'request-id': 'req_fake' } })
  const err = (status: number, type: string, code: string) => json(status, { error: { type, code, message: `recorded ${code}` } })
  const setupBody = (s: (typeof setups)[number]) => ({
    id: s.id, object: 'setup_intent', status: s.status, payment_method: s.pm, customer: s.customer, usage: 'off_session',
    next_action: s.status === 'requires_action' ? { type: 'redirect_to_url', redirect_to_url: { url: `https://hooks.stripe.com/3d_secure_2/authenticate/${s.id}`, return_url: s.returnUrl } } : null,
  })

  const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input))
    const method = (init?.method ?? 'GET').toUpperCase()
    const headers = new Headers(init?.headers as HeadersInit)
    const body = new URLSearchParams(method === 'GET' ? url.search : String(init?.body ?? ''))
    const idempotencyKey = headers.get('idempotency-key')
    seen.push({ method, path: url.pathname, body, idempotencyKey })
    const route = `${method} ${url.pathname}`
    if (route === 'POST /v1/customers') {
      const key = idempotencyKey ?? `auto-${customers.size}`
      if (!customers.has(key)) customers.set(key, `cus_Fake${customers.size + 1}`)
      return json(200, { id: customers.get(key), object: 'customer', email: body.get('email'), metadata: { memberId: body.get('metadata[memberId]') } })
    }
    if (route === 'POST /v1/setup_intents') {
      const pm = body.get('payment_method')!
      const card = cards[pm]
      if (!card) return err(400, 'invalid_request_error', 'resource_missing')
      const s = { id: `seti_Fake${setups.length + 1}`, pm, customer: body.get('customer'), status: card.challenge ? 'requires_action' : 'succeeded', returnUrl: body.get('return_url')! }
      setups.push(s)
      if (s.status === 'succeeded' && s.customer) attachedTo.set(pm, s.customer)
      return json(200, setupBody(s))
    }
    if (route === 'GET /v1/setup_intents') {
      const latest = setups.filter((s) => s.pm === body.get('payment_method')).at(-1)
      return json(200, { object: 'list', url: '/v1/setup_intents', has_more: false, data: latest ? [setupBody(latest)] : [] })
    }
    const pmMatch = /^GET \/v1\/payment_methods\/(\w+)$/.exec(route)
    if (pmMatch) {
      const card = cards[pmMatch[1]]
      if (!card) return err(404, 'invalid_request_error', 'resource_missing')
      return json(200, { id: pmMatch[1], object: 'payment_method', type: 'card', customer: attachedTo.get(pmMatch[1]) ?? null, card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2034 } })
    }
    if (route === 'POST /v1/payment_intents') {
      const card = cards[body.get('payment_method')!]
      if (card?.behaviour === 'rate_limited') return err(429, 'invalid_request_error', 'rate_limit')
      if (card?.behaviour === 'declined') return err(402, 'card_error', 'card_declined')
      const key = idempotencyKey!
      if (!intents.has(key)) {
        intents.set(key, { id: `pi_Fake${intents.size + 1}`, object: 'payment_intent', amount: Number(body.get('amount')), currency: body.get('currency'), status: 'succeeded', payment_method: body.get('payment_method'), customer: body.get('customer') })
      }
      return json(200, intents.get(key))
    }
    if (route === 'POST /v1/refunds') return json(200, { id: 're_Fake', object: 'refund', payment_intent: body.get('payment_intent'), status: 'succeeded' })
    throw new Error(`no recorded response for ${route}`)
  }) as typeof fetch

  return {
    seen,
    stripe: createStripeClient('sk_test_recorded', Stripe.createFetchHttpClient(fetchFn)),
    /** The bank's page: the member passes (or fails) the challenge of the PaymentMethod's SetupIntent. */
    decide(pm: string, approve: boolean) {
      const s = setups.filter((x) => x.pm === pm).at(-1)!
      s.status = approve ? 'succeeded' : 'requires_payment_method'
      if (approve && s.customer) attachedTo.set(pm, s.customer)
    },
    calls: (route: string) => seen.filter((s) => `${s.method} ${s.path}` === route),
  }
}

let h: Harness
let fake: ReturnType<typeof fakeStripeApi>
let stripeApp: ReturnType<typeof createApp>
let n = 0
const key = () => `stripe-key-${Date.now()}-${++n}`
const returnUrl = (pm: string) => `http://app.test/buy?productId=ADD-30&payment_method=${pm}`

beforeAll(async () => {
  h = await createHarness()
  fake = fakeStripeApi()
  const config = { ...h.deps.config, paymentProvider: 'stripe' as const, stripeSecretKey: 'sk_test_recorded' }
  stripeApp = createApp({ ...h.deps, config, payment: createStripePayment(fake.stripe) })
}, 60_000)
afterAll(async () => h?.close())

async function call(method: 'GET' | 'POST', path: string, o: { token?: string; body?: unknown; headers?: Record<string, string>; query?: Record<string, string> } = {}) {
  const qs = o.query ? `?${new URLSearchParams(o.query).toString()}` : ''
  const res = await stripeApp.request(`${path}${qs}`, {
    method,
    headers: { ...(o.token ? { authorization: `Bearer ${o.token}` } : {}), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...o.headers },
    ...(method === 'POST' ? { body: JSON.stringify(o.body ?? {}) } : {}),
  })
  const text = await res.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    /* not JSON */
  }
  return { status: res.status, body }
}
/** An ADD (extension) of one of the member's SUPPORT tickets: ADD needs its own parent. */
const charge = async (m: { token: string; memberId: string }, idempotencyKey: string, body: Record<string, unknown>) => {
  const [parent] = await h.db.select().from(tickets).where(and(eq(tickets.memberId, m.memberId), eq(tickets.productType, 'SUPPORT')))
  return call('POST', '/api/charge', { token: m.token, headers: { 'Idempotency-Key': idempotencyKey }, body: { productId: 'ADD-30', reservationTime: 'ADD', parentTicketNumber: parent?.ticketNumber ?? null, ...body } })
}

describe('configuration', () => {
  it('stripe needs STRIPE_SECRET_KEY; with it the provider is stripe', () => {
    expect(() => parseConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow('Not Configured Environment Value: STRIPE_SECRET_KEY')
    expect(parseConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' })).toMatchObject({ paymentProvider: 'stripe', stripeSecretKey: 'sk_test_x' })
    expect(parseConfig({}).paymentProvider).toBe('sandbox')
  })

  it('Stripe mode has no sandbox: sandbox/tokens and the 3-D Secure page answer 404', async () => {
    const m = await h.member('fresh')
    const tokens = await call('POST', '/api/sandbox/tokens', { token: m.token, body: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', name: 'TARO YAMADA' } })
    expect(tokens.status).toBe(404)
    expect((await call('GET', '/sandbox/3ds/tok_x', { query: { return_url: '/buy' } })).status).toBe(404)
  })

  it('sandbox mode has no stripe/setup-intents (404)', async () => {
    const m = await h.member('fresh')
    const r = await h.post('stripe/setup-intents', { token: m.token, body: { paymentMethodId: 'pm_challenge', returnUrl: returnUrl('pm_challenge') } })
    expect(r.status).toBe(404)
  })
})

describe('stripe/setup-intents, tdsFinish and charge in Stripe mode', () => {
  it('a challenge card: Customer once per member, SetupIntent with the return URL, tdsFinish after the bank, one charge per key, saved card', async () => {
    const m = await h.member('demo')
    expect((await call('POST', '/api/stripe/setup-intents', { body: { paymentMethodId: 'pm_challenge', returnUrl: returnUrl('pm_challenge') } })).status).toBe(401)
    expect((await call('POST', '/api/stripe/setup-intents', { token: m.token, body: { paymentMethodId: 'pm_challenge', returnUrl: 'https://evil.example/buy' } })).status).toBe(400)
    expect((await call('POST', '/api/stripe/setup-intents', { token: m.token, body: { paymentMethodId: 'tok_sandbox', returnUrl: returnUrl('x') } })).status).toBe(400)

    const start = await call('POST', '/api/stripe/setup-intents', { token: m.token, body: { paymentMethodId: 'pm_challenge', returnUrl: returnUrl('pm_challenge') } })
    expect(start).toEqual({ status: 200, body: { redirectUrl: expect.stringMatching(/^https:\/\/hooks\.stripe\.com\/3d_secure_2\/authenticate\/seti_/) } })
    const [row] = await h.db.select().from(members).where(eq(members.memberId, m.memberId))
    expect(row.stripeCustomerId).toMatch(/^cus_Fake/)
    const customerCreate = fake.calls('POST /v1/customers').at(-1)!
    expect(customerCreate.idempotencyKey).toBe(`customer:${m.memberId}`)
    expect(Object.fromEntries(fake.calls('POST /v1/setup_intents').at(-1)!.body)).toMatchObject({
      payment_method: 'pm_challenge', customer: row.stripeCustomerId, usage: 'off_session', confirm: 'true', return_url: returnUrl('pm_challenge'),
    })

    // Back from the bank before it decided, or after a failed challenge: no finish, no charge.
    expect(await call('POST', '/api/tdsFinish', { token: m.token, body: { tokenId: 'pm_challenge' } })).toEqual({ status: 400, body: { message: 'THREE_D_SECURE_FAILED' } })
    expect((await charge(m, key(), { cardToken: 'pm_challenge' })).body).toEqual({ message: 'THREE_D_SECURE_REQUIRED' })
    fake.decide('pm_challenge', true)
    expect(await call('POST', '/api/tdsFinish', { token: m.token, body: { tokenId: 'pm_challenge' } })).toEqual({ status: 200, body: { status: 200, data: { data: { id: 'pm_challenge' } } } })

    // Another member cannot finish or charge this PaymentMethod.
    const other = await h.member('fresh')
    expect(await call('POST', '/api/tdsFinish', { token: other.token, body: { tokenId: 'pm_challenge' } })).toEqual({ status: 400, body: { message: 'TOKEN_NOT_FOUND' } })
    expect((await charge(other, key(), { cardToken: 'pm_challenge' })).body).toEqual({ message: 'TOKEN_NOT_FOUND' })

    const k = key()
    const before = fake.calls('POST /v1/payment_intents').length
    const paid = await charge(m, k, { cardToken: 'pm_challenge', saveCard: true })
    expect(paid).toMatchObject({ status: 200, body: { productType: 'ADD', amount: 3300 } })
    const pi = fake.calls('POST /v1/payment_intents').at(-1)!
    expect(pi.idempotencyKey).toBe(`${m.memberId}:${k}`)
    expect(Object.fromEntries(pi.body)).toMatchObject({ amount: '3300', currency: 'jpy', payment_method: 'pm_challenge', customer: row.stripeCustomerId, confirm: 'true', off_session: 'true' })
    // The same key again (reload, double click): the stored answer, Stripe is not asked again.
    expect(await charge(m, k, { cardToken: 'pm_challenge', saveCard: true })).toEqual(paid)
    expect(fake.calls('POST /v1/payment_intents').length).toBe(before + 1)

    // The saved card (attached to the member's Customer) pays later without 3-D Secure.
    const data = await call('GET', '/api/charge-data', { token: m.token, query: { productId: 'ADD-30' } })
    expect(data.body).toMatchObject({ creditcard: { cardBrand: 'Visa', cardLast4: '3184' } })
    const cardId = (data.body as { creditcard: { cardId: string } }).creditcard.cardId
    const k2 = key()
    expect((await charge(m, k2, { cardId })).status).toBe(200)
    expect(Object.fromEntries(fake.calls('POST /v1/payment_intents').at(-1)!.body)).toMatchObject({ payment_method: 'pm_challenge', customer: row.stripeCustomerId, off_session: 'true' })
  })

  it('a frictionless card needs no redirect and reuses the member\'s Customer', async () => {
    const m = await h.member('demo')
    await call('POST', '/api/stripe/setup-intents', { token: m.token, body: { paymentMethodId: 'pm_challenge', returnUrl: returnUrl('pm_challenge') } })
    const customersBefore = fake.calls('POST /v1/customers').length
    const r = await call('POST', '/api/stripe/setup-intents', { token: m.token, body: { paymentMethodId: 'pm_frictionless', returnUrl: returnUrl('pm_frictionless') } })
    expect(r).toEqual({ status: 200, body: { redirectUrl: null } })
    expect(fake.calls('POST /v1/customers').length).toBe(customersBefore)
    expect((await call('POST', '/api/tdsFinish', { token: m.token, body: { tokenId: 'pm_frictionless' } })).status).toBe(200)
    expect((await charge(m, key(), { cardToken: 'pm_frictionless' })).body).toMatchObject({ amount: 3300 })
  })

  it('Stripe\'s 429 reaches the client for its retry; a decline is 402 CARD_DECLINED', async () => {
    const m = await h.member('demo')
    for (const pm of ['pm_busy', 'pm_declined']) {
      expect((await call('POST', '/api/stripe/setup-intents', { token: m.token, body: { paymentMethodId: pm, returnUrl: returnUrl(pm) } })).body).toEqual({ redirectUrl: null })
    }
    expect(await charge(m, key(), { cardToken: 'pm_busy' })).toEqual({ status: 429, body: { message: 'RATE_LIMITED' } })
    expect(await charge(m, key(), { cardToken: 'pm_declined' })).toEqual({ status: 402, body: { message: 'CARD_DECLINED' } })
  })
})
