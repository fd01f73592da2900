import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { createMemoryRateLimitStore, createRateLimiter, defaultRateLimits, RATE_LIMITED_MESSAGE, type RateLimits } from '../../server/http/rate-limit'
import { createHarness, type Harness } from './harness'

// Security headers on every API answer and the rate limits of login / password-reset-request.
let h: Harness
beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(async () => h?.close())

const minute = 60_000
const off = { max: 0, windowMs: 1 }
const limits = (over: Partial<RateLimits> = {}): RateLimits => ({
  ...defaultRateLimits(false),
  login: { perAddress: off, perAddressEmail: { max: 3, windowMs: minute } },
  'password-reset-request': { perAddress: off, perEmail: { max: 2, windowMs: minute } },
  trustForwardedFor: true,
  ...over,
})

const post = (app: ReturnType<typeof createApp>, name: string, body: unknown, ip = '203.0.113.9') =>
  app.request(`/api/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify(body) })

describe('security headers', () => {
  it('API answers deny framing, sniffing, referrers and any content', async () => {
    for (const res of [await h.app.request('/api/health'), await h.app.request('/api/user-data?data=MEMBER'), await h.app.request('/api/nope')]) {
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    }
  })
  it('the sandbox 3-D Secure page allows its inline style and no script', async () => {
    const m = await h.member('fresh')
    const tokenRes = await h.post('sandbox/tokens', { token: m.token, body: { number: '4000002760003184', expMonth: 12, expYear: 2030, cvc: '123', name: 'A' } })
    const res = await h.app.request(`/sandbox/3ds/${tokenRes.body.tokenId}?return_url=/buy`)
    expect(res.status).toBe(200)
    const csp = res.headers.get('content-security-policy')!
    expect(csp).toContain("style-src 'unsafe-inline'")
    expect(csp).not.toContain('script-src')
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
  })
})

describe('rate limits', () => {
  it('login: the 4th attempt for one e-mail from one address answers 429 { message }; another e-mail or address still passes', async () => {
    const app = createApp(h.deps, { rateLimits: limits() })
    const body = { recaptchaToken: 'off', email: 'Someone@Example.com' }
    for (let i = 0; i < 3; i++) expect((await post(app, 'login', body)).status).toBe(200)
    const limited = await post(app, 'login', { ...body, email: 'someone@example.com' })
    expect(limited.status).toBe(429)
    expect(await limited.json()).toEqual({ message: RATE_LIMITED_MESSAGE })
    expect((await post(app, 'login', { ...body, email: 'other@example.com' })).status).toBe(200)
    // Never per e-mail alone: one address's attempts do not lock the e-mail for everyone.
    expect((await post(app, 'login', body, '198.51.100.99')).status).toBe(200)
  })
  it('login: per address, whatever the e-mail', async () => {
    const app = createApp(h.deps, { rateLimits: limits({ login: { perAddress: { max: 5, windowMs: minute }, perAddressEmail: off } }) })
    const statuses = []
    for (let i = 0; i < 7; i++) statuses.push((await post(app, 'login', { recaptchaToken: 'off', email: `u${i}@example.com` }, '198.51.100.7')).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429])
    expect((await post(app, 'login', { recaptchaToken: 'off', email: 'u9@example.com' }, '198.51.100.8')).status).toBe(200)
  })
  it('password-reset-request: the 3rd request for one e-mail answers 429', async () => {
    const app = createApp(h.deps, { rateLimits: limits() })
    const m = await h.member('fresh')
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await post(app, 'password-reset-request', { email: m.email })).status)
    expect(statuses.slice(2)).toEqual([429])
    expect(statuses.slice(0, 2).every((s) => s !== 429)).toBe(true)
  })
  it('the window reopens after it elapses', async () => {
    let now = 0
    const limiter = createRateLimiter(limits(), createMemoryRateLimitStore(() => now))
    await limiter.take('password-reset-request', 'perEmail', 'a@example.com')
    await limiter.take('password-reset-request', 'perEmail', 'a@example.com')
    await expect(limiter.take('password-reset-request', 'perEmail', 'a@example.com')).rejects.toThrow(RATE_LIMITED_MESSAGE)
    now += minute
    await expect(limiter.take('password-reset-request', 'perEmail', 'a@example.com')).resolves.toBeUndefined()
  })
  it('defaults: on in production, per-address off and the others ×10 with test routes (e2e logs in from 127.0.0.1 many times)', () => {
    expect(defaultRateLimits(false).login).toEqual({ perAddress: { max: 100, windowMs: 10 * minute }, perAddressEmail: { max: 10, windowMs: 10 * minute } })
    expect(defaultRateLimits(true).login.perAddress.max).toBe(0)
    expect(defaultRateLimits(true).login.perAddressEmail.max).toBe(100)
  })
})
