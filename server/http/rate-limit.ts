import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { HttpError } from './errors'

/** At most `max` attempts per `windowMs` for one key; `max: 0` turns the rule off. */
export type Rule = { max: number; windowMs: number }
export type RateLimits = {
  login: { perAddress: Rule; perEmail: Rule }
  'password-reset-request': { perAddress: Rule; perEmail: Rule }
  /** Take the client address from the first X-Forwarded-For hop (only behind a trusted proxy). */
  trustForwardedFor: boolean
}
export type LimitedCall = 'login' | 'password-reset-request'

export const RATE_LIMITED_MESSAGE = 'Too Many Requests'

const off: Rule = { max: 0, windowMs: 1 }
const minutes = (n: number) => n * 60_000

/**
 * Defaults (docs/reliability.md "Rate limits"). Every attempt counts, not only failures: the
 * password itself goes to the identity provider, so the server cannot tell a failed login apart.
 * With ENABLE_TEST_ROUTES=1 (local stack, e2e) every browser comes from 127.0.0.1 and each test
 * logs in again: the per-address rule is off and the per-e-mail one is ten times higher there.
 */
export function defaultRateLimits(testMode: boolean): RateLimits {
  const scale = testMode ? 10 : 1
  return {
    login: { perAddress: testMode ? off : { max: 100, windowMs: minutes(10) }, perEmail: { max: 10 * scale, windowMs: minutes(10) } },
    'password-reset-request': {
      perAddress: testMode ? off : { max: 30, windowMs: minutes(15) },
      perEmail: { max: 5 * scale, windowMs: minutes(15) },
    },
    trustForwardedFor: false,
  }
}

/**
 * Fixed windows in memory, per process. A replica behind a load balancer counts on its own, so the
 * effective limit is (replicas × max); a shared store (PostgreSQL or Redis) is the scale path.
 */
export function createRateLimiter(limits: RateLimits, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>()
  let checks = 0

  const hit = (key: string, rule: Rule): boolean => {
    if (rule.max <= 0) return true
    const t = now()
    const w = windows.get(key)
    if (!w || t - w.start >= rule.windowMs) {
      windows.set(key, { start: t, count: 1 })
      return true
    }
    w.count += 1
    return w.count <= rule.max
  }

  // Expired windows are dropped now and then so the map cannot grow without bound.
  const sweep = () => {
    const t = now()
    const longest = Math.max(limits.login.perAddress.windowMs, limits.login.perEmail.windowMs, limits['password-reset-request'].perAddress.windowMs, limits['password-reset-request'].perEmail.windowMs)
    for (const [k, w] of windows) if (t - w.start >= longest) windows.delete(k)
  }

  const addressOf = (c: Context): string => {
    if (limits.trustForwardedFor) {
      const first = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
      if (first) return first
    }
    try {
      return getConnInfo(c).remote.address ?? 'unknown'
    } catch {
      // In-process requests (app.request in tests) have no socket.
      return 'unknown'
    }
  }

  return {
    /** Throws 429 `{ message }` when the caller's address or the e-mail used its attempts. */
    check(c: Context, call: LimitedCall, email: string | undefined) {
      if (++checks % 1000 === 0) sweep()
      const rules = limits[call]
      // Both counters move on every attempt, so trying other e-mails from one address still counts.
      const byAddress = hit(`${call}|a|${addressOf(c)}`, rules.perAddress)
      const byEmail = email ? hit(`${call}|e|${email.trim().toLowerCase()}`, rules.perEmail) : true
      if (!byAddress || !byEmail) throw new HttpError(429, RATE_LIMITED_MESSAGE)
    },
  }
}
