import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sandboxTestCards } from '../../contract/calls'
import { createApp } from '../../server/app'
import type { Db } from '../../server/db/client'
import { defaultRateLimits } from '../../server/http/rate-limit'
import { createLogger, setLogger } from '../../server/observability/log'
import { startMetricsServer } from '../../server/observability/metrics'
import { countedPayment } from '../../server/observability/payment-metrics'
import { createHarness, type Harness } from './harness'

// Logs, request ids and metrics of the server (docs/operations.md "Logs", "Metrics"): a member's
// whole visit through the app in-process, the logger writing into a buffer.

let h: Harness
let app: ReturnType<typeof createApp>
const lines: string[] = []
let restoreLogger: () => void
let metrics: Awaited<ReturnType<typeof startMetricsServer>>
let n = 0
const key = () => `obs-${Date.now()}-${++n}`

beforeAll(async () => {
  restoreLogger = setLogger(createLogger({ level: 'info', sink: { write: (line: string) => lines.push(line) } }))
  // One refused login is enough to see the limiter's counter move.
  const limits = defaultRateLimits(false)
  h = await createHarness({ rateLimits: { ...limits, login: { ...limits.login, perAddress: { max: 1, windowMs: 60_000 } } } })
  // The app as server/main.ts builds it: charges counted at the payment port.
  app = createApp({ ...h.deps, payment: countedPayment(h.deps.payment) }, { rateLimits: { ...limits, login: { ...limits.login, perAddress: { max: 1, windowMs: 60_000 } } } })
  metrics = await startMetricsServer({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  restoreLogger?.()
  await metrics?.close()
  await h?.close()
})

type Res = { status: number; body: Record<string, unknown>; requestId: string | null }
async function call(method: 'GET' | 'POST', path: string, o: { token?: string; body?: unknown; query?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<Res> {
  const qs = o.query ? `?${new URLSearchParams(o.query)}` : ''
  const res = await app.request(`${path}${qs}`, {
    method,
    headers: { ...(o.token ? { authorization: `Bearer ${o.token}` } : {}), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...o.headers },
    ...(method === 'POST' ? { body: JSON.stringify(o.body ?? {}) } : {}),
  })
  const text = await res.text()
  let body: Record<string, unknown> = {}
  try {
    body = JSON.parse(text) as Record<string, unknown>
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, requestId: res.headers.get('x-request-id') }
}

const support = (cardToken: string) => ({
  productId: 'SUPPORT-60', cardId: '', cardToken, saveCard: true, staffId: 'STAFF-03', reservationTime: 'SUPPORT-20250612-15-00',
  supportType: 'ONLINE', reservationMenuList: [{ menuId: 'MENU-60-1', estimatedMinute: 60, menuTitle: 'パソコンの動作が遅い' }],
  counsellingComment: '起動が遅いです', contactDevice: 'PC', contactOs: 'WINDOWS', remoteSupport: 'WISH',
})

const scrape = async () => (await fetch(`http://127.0.0.1:${metrics.port}/metrics`)).text()
const sample = (text: string, name: string, labels: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && labels.split(',').every((lab) => l.includes(lab)))
  return line ? Number(line.split(' ').pop()) : 0
}

describe('logs', () => {
  it("a member's visit: one JSON line per request with method, route pattern, status, duration and request id; none of their personal data in any line", async () => {
    const m = await h.member('demo')
    const browserId = '3f2b8c1e-7a4d-4e52-9c0b-1d2e3f4a5b6c'
    lines.length = 0

    expect((await call('POST', '/api/login', { body: { recaptchaToken: 'off', email: m.email }, headers: { 'X-Request-Id': browserId } })).requestId).toBe(browserId)
    const member = await call('GET', '/api/user-data', { token: m.token, query: { data: 'MEMBER' } })
    expect(member.status).toBe(200)
    const tickets = await call('GET', '/api/user-data', { token: m.token, query: { data: 'MEMBER_INTERVIEW_TICKET' } })
    expect(tickets.status).toBe(200)
    const ticketNumber = String(JSON.stringify(tickets.body).match(/"ticketNumber":"([^"]+)"/)?.[1])
    expect(ticketNumber).toMatch(/^M/)
    expect((await call('GET', '/api/ticket-data', { token: m.token, query: { ticketNumber, action: 'CHANGE_RESERVATION' } })).status).toBeLessThan(500)
    expect((await call('GET', '/api/purchase-list', { token: m.token, query: { page: '1' } })).status).toBeLessThan(500)
    // A card typed in, 3-D Secure on the sandbox page, the purchase.
    const card = await call('POST', '/api/sandbox/tokens', { token: m.token, body: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123', name: 'TARO YAMADA' } })
    expect(card.status).toBe(200)
    const bought = await call('POST', '/api/charge', { token: m.token, body: support(String(card.body.tokenId)), headers: { 'Idempotency-Key': key() } })
    expect(bought.status).toBe(200)
    const newPassword = 'Secret-9876'
    expect((await call('POST', '/api/password-change', { token: m.token, body: { newPassword, newPasswordConfirm: newPassword } })).status).toBe(200)
    expect((await call('POST', '/api/email-change-request', { token: m.token, body: { newEmail: `new-${m.email}`, newEmailConfirm: `new-${m.email}` } })).status).toBeLessThan(500)
    // A request id that is not sane is replaced, not logged.
    const odd = await call('GET', '/api/user-data', { token: m.token, query: { data: 'MEMBER' }, headers: { 'X-Request-Id': `${m.email} <script>` } })
    expect(odd.requestId).toMatch(/^[0-9a-f-]{36}$/)
    // A handler that fails with personal data in its error's message.
    const failed = await call('GET', '/api/__test/throw', { headers: { 'X-Request-Id': 'req-failing-1' } })
    expect(failed.status).toBe(500)
    const page = await h.app.request(`/api/ticket-data?ticketNumber=${ticketNumber}`)
    expect(page.status).toBe(401)

    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>)
    const requests = parsed.filter((l) => l.msg === 'request')
    expect(requests.length).toBe(12)
    for (const r of requests) {
      expect(r).toMatchObject({ level: 'info', method: expect.stringMatching(/^(GET|POST)$/), route: expect.stringMatching(/^\/(api|sandbox)\//), status: expect.any(Number), durationMs: expect.any(Number), reqId: expect.any(String) })
      expect(String(r.route)).not.toContain(ticketNumber)
    }
    expect(requests.map((r) => r.route)).toContain('/api/ticket-data')
    expect(requests.find((r) => r.route === '/api/login')?.reqId).toBe(browserId)
    expect(requests.some((r) => r.route === '/api/charge' && r.status === 200)).toBe(true)
    // The error's line belongs to its request, its message scrubbed.
    const error = parsed.find((l) => l.level === 'error')
    expect(error).toMatchObject({ reqId: 'req-failing-1', route: '/api/__test/throw' })
    expect(JSON.stringify(error)).toContain('[email]')

    const text = lines.join('\n')
    for (const secret of [m.email, m.password, newPassword, m.token, '09000000000', 'テスト', '会員', '4242 4242 4242 4242', '4242424242424242', 'demo@example.com', '090-1234-5678', ticketNumber]) {
      expect({ secret, found: text.includes(secret) }).toEqual({ secret, found: false })
    }
  })
})

describe('metrics', () => {
  it('a purchase, a declined card and a refused login move their counters; latency by route; nothing on the public port', async () => {
    const before = await scrape()
    const m = await h.member('fresh')
    const ok = await h.cardToken(undefined, m.token)
    expect((await call('POST', '/api/charge', { token: m.token, body: { ...support(ok), reservationTime: 'SUPPORT-20250612-16-00' }, headers: { 'Idempotency-Key': key() } })).status).toBe(200)
    const declined = await h.cardToken(sandboxTestCards.declined, m.token)
    expect((await call('POST', '/api/charge', { token: m.token, body: { ...support(declined), productId: 'SUPPORT-30', reservationTime: 'SUPPORT-20250613-11-00', staffId: '', reservationMenuList: [] }, headers: { 'Idempotency-Key': key() } })).status).toBe(402)
    // The login limit here is one per address: at least the second is refused.
    const logins = [(await call('POST', '/api/login', { body: { recaptchaToken: 'off' } })).status, (await call('POST', '/api/login', { body: { recaptchaToken: 'off' } })).status]
    expect(logins[1]).toBe(429)
    const after = await scrape()

    expect(sample(after, 'mypage_charges_total', 'outcome="succeeded"') - sample(before, 'mypage_charges_total', 'outcome="succeeded"')).toBe(1)
    expect(sample(after, 'mypage_charges_total', 'outcome="declined"') - sample(before, 'mypage_charges_total', 'outcome="declined"')).toBe(1)
    expect(sample(after, 'mypage_rate_limit_refusals_total', 'call="login",rule="perAddress"') - sample(before, 'mypage_rate_limit_refusals_total', 'call="login",rule="perAddress"')).toBe(logins.filter((s) => s === 429).length)
    expect(sample(after, 'mypage_http_request_duration_seconds_count', 'route="/api/charge",status="2xx"')).toBeGreaterThanOrEqual(1)
    expect(after).toMatch(/^mypage_db_pool_connections\{state="total"\} \d+/m)
    // Declared, with nothing to count in this process yet (the sweeper, the bus and SMTP are main.ts's).
    for (const name of ['mypage_sweeper_reconciliations_total', 'mypage_mails_total', 'mypage_cache_bus_reconnects_total', 'mypage_charge_retries_total']) expect(after).toContain(`# TYPE ${name} counter`)
    expect((await app.request('/metrics')).status).toBe(404)
    expect((await app.request('/api/metrics')).status).toBe(404)
  })
})

describe('readiness', () => {
  it('/api/ready answers 200 with the database, 503 without; /api/health stays 200', async () => {
    expect(await (await app.request('/api/ready')).json()).toEqual({ ready: true })
    // A database that refuses every query, as PostgreSQL does once it is gone (the process test,
    // tests/api/graceful-stop.test.ts, takes a real one away).
    const gone = { execute: async () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')) } as unknown as Db
    const down = createApp({ ...h.deps, db: gone })
    const r = await down.request('/api/ready')
    expect(r.status).toBe(503)
    expect(await r.json()).toEqual({ ready: false, reason: 'database' })
    expect((await down.request('/api/health')).status).toBe(200)
  })
})
