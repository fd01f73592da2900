import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { createStripeClient, createStripePayment } from '../../server/adapters/stripe-payment'

// The Stripe adapter against recorded Stripe API responses: a fake fetch behind the SDK's own
// fetch http client records each request (method, path, form body, Idempotency-Key) and answers
// with the response recorded for it. No network.

type Recorded = { status: number; body: unknown; headers?: Record<string, string> }
type Seen = { method: string; path: string; body: URLSearchParams; idempotencyKey: string | null }

function fakeStripe(routes: Record<string, Recorded | Recorded[]>) {
  const seen: Seen[] = []
  const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input))
    const method = (init?.method ?? 'GET').toUpperCase()
    const headers = new Headers(init?.headers as HeadersInit)
    const body = new URLSearchParams(method === 'GET' ? url.search : String(init?.body ?? ''))
    seen.push({ method, path: url.pathname, body, idempotencyKey: headers.get('idempotency-key') })
    const key = `${method} ${url.pathname}`
    const entry = routes[key]
    const answer = Array.isArray(entry) ? entry.shift() : entry
    if (!answer) throw new Error(`no recorded response for ${key}`)
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json', 'request-id': 'req_test', ...answer.headers } })
  }) as typeof fetch
  const stripe = createStripeClient('sk_test_recorded', Stripe.createFetchHttpClient(fetchFn))
  return { payment: createStripePayment(stripe), seen }
}

// Recorded shapes (trimmed to the fields the adapter reads; ids as Stripe issues them).
const paymentMethod = { id: 'pm_1QxTest', object: 'payment_method', type: 'card', customer: null, card: { brand: 'visa', last4: '3184', exp_month: 12, exp_year: 2034 } }
const setupIntent = (status: string, extra: object = {}) => ({ id: 'seti_1QxTest', object: 'setup_intent', status, payment_method: 'pm_1QxTest', usage: 'off_session', next_action: null, ...extra })
const list = (data: unknown[]) => ({ object: 'list', url: '/v1/setup_intents', has_more: false, data })
const paymentIntent = (status: string) => ({ id: 'pi_3QxTest', object: 'payment_intent', amount: 5500, currency: 'jpy', status, payment_method: 'pm_1QxTest' })
const error = (type: string, extra: object = {}) => ({ error: { type, message: 'recorded error', ...extra } })

describe('Stripe payment adapter (recorded responses)', () => {
  it('starts 3-D Secure with a confirmed SetupIntent and returns the redirect of requires_action', async () => {
    const { payment, seen } = fakeStripe({
      'POST /v1/setup_intents': {
        status: 200,
        body: setupIntent('requires_action', { next_action: { type: 'redirect_to_url', redirect_to_url: { url: 'https://hooks.stripe.com/3d_secure_2/authenticate/seti_1QxTest', return_url: 'https://app/buy' } } }),
      },
    })
    const r = await payment.startThreeDSecure('pm_1QxTest', 'https://app.example/buy?productId=SUPPORT-60&payment_method=pm_1QxTest', 'cus_Test')
    expect(r).toEqual({ ok: true, redirectUrl: 'https://hooks.stripe.com/3d_secure_2/authenticate/seti_1QxTest' })
    expect(seen[0].path).toBe('/v1/setup_intents')
    expect(Object.fromEntries(seen[0].body)).toMatchObject({
      payment_method: 'pm_1QxTest',
      confirm: 'true',
      usage: 'off_session',
      return_url: 'https://app.example/buy?productId=SUPPORT-60&payment_method=pm_1QxTest',
      customer: 'cus_Test',
    })
  })

  it('a frictionless card needs no redirect', async () => {
    const { payment } = fakeStripe({ 'POST /v1/setup_intents': { status: 200, body: setupIntent('succeeded') } })
    expect(await payment.startThreeDSecure('pm_1QxTest', 'https://app.example/buy')).toEqual({ ok: true, redirectUrl: null })
  })

  it('a card refused while setting up is a decline (402), a 429 is passed on', async () => {
    const refused = fakeStripe({ 'POST /v1/setup_intents': { status: 402, body: error('card_error', { code: 'card_declined', decline_code: 'generic_decline' }) } })
    expect(await refused.payment.startThreeDSecure('pm_1QxTest', 'https://app.example/buy', 'cus_Test')).toEqual({ ok: false, status: 402, message: 'CARD_DECLINED' })
    const unusable = fakeStripe({ 'POST /v1/setup_intents': { status: 200, body: setupIntent('requires_payment_method') } })
    expect(await unusable.payment.startThreeDSecure('pm_1QxTest', 'https://app.example/buy', 'cus_Test')).toEqual({ ok: false, status: 402, message: 'CARD_DECLINED' })
    const limited = fakeStripe({ 'POST /v1/setup_intents': { status: 429, body: error('invalid_request_error', { code: 'rate_limit' }) } })
    expect(await limited.payment.startThreeDSecure('pm_1QxTest', 'https://app.example/buy', 'cus_Test')).toEqual({ ok: false, status: 429, message: 'RATE_LIMITED' })
  })

  it('creates one Customer per member (idempotency key = member id)', async () => {
    const { payment, seen } = fakeStripe({ 'POST /v1/customers': { status: 200, body: { id: 'cus_Test', object: 'customer', email: 'a@example.com', metadata: { memberId: 'M0001' } } } })
    expect(await payment.createCustomer({ memberId: 'M0001', email: 'a@example.com' })).toBe('cus_Test')
    expect(seen[0].idempotencyKey).toBe('customer:M0001')
    expect(Object.fromEntries(seen[0].body)).toMatchObject({ email: 'a@example.com', 'metadata[memberId]': 'M0001' })
  })

  it("customerOf: the SetupIntent's Customer, else the PaymentMethod's, null for an unknown id", async () => {
    const viaSetup = fakeStripe({ 'GET /v1/setup_intents': { status: 200, body: list([setupIntent('succeeded', { customer: 'cus_Test' })]) } })
    expect(await viaSetup.payment.customerOf('pm_1QxTest')).toBe('cus_Test')
    const viaPm = fakeStripe({
      'GET /v1/setup_intents': { status: 200, body: list([]) },
      'GET /v1/payment_methods/pm_1QxTest': { status: 200, body: { ...paymentMethod, customer: 'cus_Other' } },
    })
    expect(await viaPm.payment.customerOf('pm_1QxTest')).toBe('cus_Other')
    const unknown = fakeStripe({ 'GET /v1/setup_intents': { status: 400, body: error('invalid_request_error', { code: 'resource_missing' }) } })
    expect(await unknown.payment.customerOf('pm_nope')).toBeNull()
  })

  it('tdsFinish and inspectToken read the latest SetupIntent of the PaymentMethod', async () => {
    const { payment, seen } = fakeStripe({
      'GET /v1/setup_intents': [{ status: 200, body: list([setupIntent('succeeded')]) }, { status: 200, body: list([setupIntent('succeeded')]) }, { status: 200, body: list([setupIntent('requires_action')]) }],
      'GET /v1/payment_methods/pm_1QxTest': [{ status: 200, body: paymentMethod }, { status: 200, body: paymentMethod }],
    })
    expect(await payment.finishThreeDSecure('pm_1QxTest')).toEqual({ ok: true, id: 'pm_1QxTest' })
    expect(seen[0].body.get('payment_method')).toBe('pm_1QxTest')
    expect(await payment.inspectToken('pm_1QxTest')).toEqual({ brand: 'Visa', last4: '3184', threeDSecure: 'succeeded' })
    expect(await payment.inspectToken('pm_1QxTest')).toEqual({ brand: 'Visa', last4: '3184', threeDSecure: 'pending' })
  })

  it('a failed challenge does not finish', async () => {
    const { payment } = fakeStripe({ 'GET /v1/setup_intents': { status: 200, body: list([setupIntent('requires_payment_method')]) } })
    expect(await payment.finishThreeDSecure('pm_1QxTest')).toEqual({ ok: false })
  })

  it('an unknown PaymentMethod is no token', async () => {
    const { payment } = fakeStripe({ 'GET /v1/payment_methods/pm_missing': { status: 404, body: error('invalid_request_error', { code: 'resource_missing' }) } })
    expect(await payment.inspectToken('pm_missing')).toBeNull()
  })

  it('charges off-session with the idempotency key: succeeded', async () => {
    const { payment, seen } = fakeStripe({
      'GET /v1/payment_methods/pm_1QxTest': { status: 200, body: { ...paymentMethod, customer: 'cus_Test' } },
      'POST /v1/payment_intents': { status: 200, body: paymentIntent('succeeded') },
    })
    expect(await payment.charge({ source: 'pm_1QxTest', amount: 5500, idempotencyKey: 'M0001:seed-1' })).toEqual({ ok: true, chargeId: 'pi_3QxTest' })
    const create = seen.find((s) => s.path === '/v1/payment_intents')!
    expect(create.idempotencyKey).toBe('M0001:seed-1')
    expect(Object.fromEntries(create.body)).toMatchObject({ amount: '5500', currency: 'jpy', payment_method: 'pm_1QxTest', confirm: 'true', off_session: 'true', customer: 'cus_Test' })
  })

  it('requires_payment_method and requires_action are declines (402)', async () => {
    for (const [status, message] of [['requires_payment_method', 'CARD_DECLINED'], ['requires_action', 'AUTHENTICATION_REQUIRED']] as const) {
      const { payment } = fakeStripe({
        'GET /v1/payment_methods/pm_1QxTest': { status: 200, body: paymentMethod },
        'POST /v1/payment_intents': { status: 200, body: paymentIntent(status) },
      })
      expect(await payment.charge({ source: 'pm_1QxTest', amount: 5500, idempotencyKey: 'k' })).toEqual({ ok: false, status: 402, message })
    }
  })

  it('a card error (402) is a decline', async () => {
    const { payment } = fakeStripe({
      'GET /v1/payment_methods/pm_1QxTest': { status: 200, body: paymentMethod },
      'POST /v1/payment_intents': { status: 402, body: error('card_error', { code: 'card_declined', decline_code: 'generic_decline' }) },
    })
    expect(await payment.charge({ source: 'pm_1QxTest', amount: 5500, idempotencyKey: 'k' })).toEqual({ ok: false, status: 402, message: 'CARD_DECLINED' })
  })

  it('HTTP 429 is passed on, not retried by the SDK (the client retries, product.md §9)', async () => {
    const { payment, seen } = fakeStripe({
      'GET /v1/payment_methods/pm_1QxTest': { status: 200, body: paymentMethod },
      'POST /v1/payment_intents': { status: 429, body: error('invalid_request_error', { code: 'rate_limit' }) },
    })
    expect(await payment.charge({ source: 'pm_1QxTest', amount: 5500, idempotencyKey: 'k' })).toEqual({ ok: false, status: 429, message: 'RATE_LIMITED' })
    expect(seen.filter((s) => s.path === '/v1/payment_intents')).toHaveLength(1)
  })

  it('refunds by PaymentIntent', async () => {
    const { payment, seen } = fakeStripe({ 'POST /v1/refunds': { status: 200, body: { id: 're_1', object: 'refund', payment_intent: 'pi_3QxTest', status: 'succeeded' } } })
    await payment.refund('pi_3QxTest')
    expect(seen[0].body.get('payment_intent')).toBe('pi_3QxTest')
  })
})
