import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { metrics } from '../observability/metrics'
import { HttpError } from './errors'

/** At most `max` attempts per `windowMs` for one key; `max: 0` turns the rule off. */
export type Rule = { max: number; windowMs: number }

/**
 * The limited calls and their rules (docs/reliability.md "Rate limits").
 * Each rule names what it counts by; the handler passes that key (server/routes/<flow>.ts).
 */
export type RateLimits = {
  /**
   * Per (address, e-mail) and per address, never per e-mail alone: a per-e-mail count lets anyone
   * lock a victim out with junk captchas, and our login call never sees the password anyway — the
   * identity provider's own password check (and its lockout) protects the account.
   */
  login: { perAddress: Rule; perAddressEmail: Rule }
  /** Mails to one address; the landing-page variant has no captcha, so a stricter per-address rule. */
  'signup-request': { perAddress: Rule; perAddressWithoutCaptcha: Rule; perEmail: Rule }
  'email-change-request': { perAddress: Rule; perMember: Rule; perEmail: Rule }
  'password-reset-request': { perAddress: Rule; perEmail: Rule }
  /** Code guesses; each code also dies after 5 wrong tries (server/routes/<flow>.ts). */
  'password-reset': { perAddress: Rule; perEmail: Rule }
  /** Take the client address from the first X-Forwarded-For hop (only behind a trusted proxy). */
  trustForwardedFor: boolean
}
export type LimitedCall = Exclude<keyof RateLimits, 'trustForwardedFor'>
export type RuleName<N extends LimitedCall> = keyof RateLimits[N] & string

/** What a member sees on HTTP 429 (polite Japanese; the client shows `message` as is). */
export const RATE_LIMITED_MESSAGE = '短時間に多くのお手続きがありました。お手数ですが、しばらく時間をおいてから再度お試しください。'

const off: Rule = { max: 0, windowMs: 1 }
const minutes = (n: number) => n * 60_000

/**
 * Defaults. Every attempt counts, not only failures. With ENABLE_TEST_ROUTES=1 (local stack, e2e)
 * every browser comes from 127.0.0.1 and tests repeat the same steps: the per-address rules are off
 * and the others ten times higher there.
 */
export function defaultRateLimits(testMode: boolean): RateLimits {
  const scale = testMode ? 10 : 1
  const byAddress = (r: Rule) => (testMode ? off : r)
  const byOther = (r: Rule): Rule => ({ max: r.max * scale, windowMs: r.windowMs })
  return {
    login: { perAddress: byAddress({ max: 100, windowMs: minutes(10) }), perAddressEmail: byOther({ max: 10, windowMs: minutes(10) }) },
    'signup-request': {
      perAddress: byAddress({ max: 20, windowMs: minutes(60) }),
      perAddressWithoutCaptcha: byAddress({ max: 5, windowMs: minutes(60) }),
      perEmail: byOther({ max: 5, windowMs: minutes(60) }),
    },
    'email-change-request': {
      perAddress: byAddress({ max: 20, windowMs: minutes(60) }),
      perMember: byOther({ max: 5, windowMs: minutes(60) }),
      perEmail: byOther({ max: 5, windowMs: minutes(60) }),
    },
    'password-reset-request': { perAddress: byAddress({ max: 30, windowMs: minutes(15) }), perEmail: byOther({ max: 5, windowMs: minutes(15) }) },
    'password-reset': { perAddress: byAddress({ max: 50, windowMs: minutes(15) }), perEmail: byOther({ max: 20, windowMs: minutes(15) }) },
    trustForwardedFor: false,
  }
}

/**
 * Where the counters live. One small interface so a store shared by every replica (PostgreSQL
 * `INSERT … ON CONFLICT DO UPDATE … RETURNING count`, or Redis `INCR` + `PEXPIRE`) can replace the
 * in-memory one (docs/design.md "Scale path"): `hit` adds one attempt to `key`'s current window and
 * says whether it is still within `rule.max`.
 */
export interface RateLimitStore {
  hit(key: string, rule: Rule): Promise<boolean>
}

/**
 * Fixed windows in this process's memory. A replica behind a load balancer counts on its own, so
 * the effective limit is (replicas × max) until a shared store is configured.
 */
export function createMemoryRateLimitStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { start: number; count: number; windowMs: number }>()
  let hits = 0
  // Expired windows are dropped now and then so the map cannot grow without bound.
  const sweep = (t: number) => {
    for (const [k, w] of windows) if (t - w.start >= w.windowMs) windows.delete(k)
  }
  return {
    async hit(key, rule) {
      const t = now()
      if (++hits % 1000 === 0) sweep(t)
      const w = windows.get(key)
      if (!w || t - w.start >= rule.windowMs) {
        windows.set(key, { start: t, count: 1, windowMs: rule.windowMs })
        return rule.max >= 1
      }
      w.count += 1
      return w.count <= rule.max
    },
  }
}


export function createRateLimiter(limits: RateLimits, store: RateLimitStore = createMemoryRateLimitStore()) {
  return {
    /** The caller's address: the socket's, or the first X-Forwarded-For hop behind a trusted proxy. */
    addressOf(c: Context): string {
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
    },
    /** Counts one attempt of `call` under `rule` for `key`; throws 429 `{ message }` beyond the rule. */
    async take<N extends LimitedCall>(call: N, rule: RuleName<N>, key: string): Promise<void> {
      const r = (limits[call] as Record<string, Rule>)[rule]
      if (!r || r.max <= 0) return
      if (!(await store.hit(`${call}|${rule}|${key.trim().toLowerCase()}`, r))) {
        metrics.rateLimitRefusals.inc({ call, rule })
        throw new HttpError(429, RATE_LIMITED_MESSAGE)
      }
    },
  }
}
