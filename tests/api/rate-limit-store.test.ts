import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { createDbRateLimitStore } from '../../server/http/rate-limit-store'
import { defaultRateLimits, RATE_LIMITED_MESSAGE, type RateLimits } from '../../server/http/rate-limit'
import { createHarness, type Harness } from './harness'

// The rate-limit counters live in the database, so every replica on one PostgreSQL
// counts into the same window (server/http/rate-limit-store.ts). The in-memory store counted per
// process: behind a balancer each replica multiplied every limit.

let h: Harness
beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(async () => h?.close())

const rule = { max: 10, windowMs: 60_000 }

describe('the database rate-limit store', () => {
  it('counts attempts in a fixed window and starts a new one when it ends', async () => {
    let now = Date.parse('2025-06-10T01:00:00Z')
    const store = createDbRateLimitStore(h.db, () => now)
    const answers = []
    for (let i = 0; i < 12; i++) answers.push(await store.hit('test|window|a', rule))
    expect(answers.filter(Boolean)).toHaveLength(10)
    expect(answers.slice(10)).toEqual([false, false])
    // Another key has its own window.
    expect(await store.hit('test|window|b', rule)).toBe(true)
    now += rule.windowMs
    expect(await store.hit('test|window|a', rule)).toBe(true)
  })

  it('counts concurrent attempts exactly (50 at once, limit 10: 10 pass)', async () => {
    const store = createDbRateLimitStore(h.db)
    const answers = await Promise.all(Array.from({ length: 50 }, () => store.hit(`test|concurrent|${h.databaseUrl ?? 'pglite'}`, rule)))
    expect(answers.filter(Boolean)).toHaveLength(10)
  })

  it('two apps on one database share each limit, as replicas do', async () => {
    const limits: RateLimits = { ...defaultRateLimits(false), login: { perAddress: { max: 1000, windowMs: 60_000 }, perAddressEmail: { max: 6, windowMs: 60_000 } } }
    const replicas = [0, 1].map(() => createApp(h.deps, { rateLimits: limits, rateLimitStore: createDbRateLimitStore(h.db) }))
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) {
      const res = await replicas[i % 2].request('/api/login', {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ recaptchaToken: 'off', email: 'shared-limit@example.com' }),
      })
      statuses.push(res.status)
      if (res.status === 429) expect((await res.json()).message).toBe(RATE_LIMITED_MESSAGE)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429, 429, 429])
  })
})
