import { afterEach, describe, expect, it } from 'vitest'
import type { Member } from '../../contract/session-calls'
import { keptSessionOf, keptUserKey, readKeptSession } from '../../src/adapters/kept-session'
import { earlyMember, keepEarlyMember, readingKeptSession, takeEarlyMember } from '../../src/features/auth/early-member'

// The session the identity SDK kept, read without the SDK (decision 104), and the member row read
// with it, taken once by the auth chart.

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0)
const base64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
/** An ID token as the provider makes it: header, payload, signature (not checked here; the server checks it). */
const token = (claims: Record<string, unknown>) => `${base64url({ alg: 'RS256' })}.${base64url(claims)}.c2ln`
const kept = (o: { uid?: string; sub?: string; expiresAt?: number; exp?: number; role?: string } = {}) => {
  const expiresAt = o.expiresAt ?? NOW + 30 * 60_000
  return {
    uid: o.uid ?? 'M-1',
    email: 'a@example.com',
    stsTokenManager: {
      refreshToken: 'r',
      accessToken: token({ sub: o.sub ?? o.uid ?? 'M-1', exp: Math.floor((o.exp ?? expiresAt) / 1000), ...(o.role ? { role: o.role } : {}) }),
      expirationTime: expiresAt,
    },
  }
}

describe('the kept session', () => {
  it("is the kept user's uid, token and claims while the token is good for more than a minute", () => {
    const session = keptSessionOf(kept(), NOW)
    expect(session).toMatchObject({ uid: 'M-1', claims: { sub: 'M-1' } })
    expect(session?.idToken).toBe(kept().stsTokenManager.accessToken)
    expect(keptSessionOf(kept({ role: 'operator' }), NOW)?.claims.role).toBe('operator')
  })

  it('is none for a token that ends within a minute or has ended: the page waits for the SDK, which refreshes it', () => {
    expect(keptSessionOf(kept({ expiresAt: NOW + 59_000 }), NOW)).toBeNull()
    expect(keptSessionOf(kept({ expiresAt: NOW - 1 }), NOW)).toBeNull()
    // The record says later, the token itself says sooner: the token counts.
    expect(keptSessionOf(kept({ expiresAt: NOW + 30 * 60_000, exp: NOW + 30_000 }), NOW)).toBeNull()
  })

  it("is none for anything but the SDK's record of one user", () => {
    expect(keptSessionOf(undefined, NOW)).toBeNull()
    expect(keptSessionOf('M-1', NOW)).toBeNull()
    expect(keptSessionOf({ uid: 'M-1' }, NOW)).toBeNull()
    expect(keptSessionOf({ ...kept(), uid: '' }, NOW)).toBeNull()
    expect(keptSessionOf({ ...kept(), stsTokenManager: { accessToken: 'not-a-token', expirationTime: NOW + 3_600_000 } }, NOW)).toBeNull()
    expect(keptSessionOf({ ...kept(), stsTokenManager: { accessToken: 'a.%%%.b', expirationTime: NOW + 3_600_000 } }, NOW)).toBeNull()
    // A token of another user than the record's.
    expect(keptSessionOf(kept({ uid: 'M-1', sub: 'M-2' }), NOW)).toBeNull()
  })

  describe('read from local storage when the browser has no IndexedDB', () => {
    const global = globalThis as { window?: unknown }
    afterEach(() => {
      delete global.window
    })

    it("under the SDK's key for the app's API key", async () => {
      const store = new Map([[keptUserKey('demo-api-key'), JSON.stringify(kept())]])
      global.window = { localStorage: { getItem: (k: string) => store.get(k) ?? null } }
      await expect(readKeptSession('demo-api-key', () => NOW)).resolves.toMatchObject({ uid: 'M-1' })
      await expect(readKeptSession('another-key', () => NOW)).resolves.toBeNull()
    })

    it('storage refused or unreadable: none', async () => {
      global.window = {
        localStorage: {
          getItem: () => {
            throw new Error('SecurityError')
          },
        },
      }
      await expect(readKeptSession('demo-api-key', () => NOW)).resolves.toBeNull()
      global.window = { localStorage: { getItem: () => '{not json' } }
      await expect(readKeptSession('demo-api-key', () => NOW)).resolves.toBeNull()
    })
  })
})

describe('the member row read early', () => {
  const row = { memberId: 'M-1' } as Member

  it('is told once the kept session has been read, and taken once by the same user while fresh', async () => {
    let read!: () => void
    readingKeptSession(new Promise<void>((resolve) => (read = resolve)))
    let answered = false
    const told = earlyMember().then((e) => ((answered = true), e))
    await Promise.resolve()
    expect(answered).toBe(false)
    keepEarlyMember('M-1', Promise.resolve(row), NOW)
    read()
    await expect(told).resolves.toMatchObject({ uid: 'M-1' })
    // Another user (another tab signed in meanwhile): the chart reads its own.
    expect(takeEarlyMember('M-2', NOW)).toBeNull()
    expect(takeEarlyMember(null, NOW)).toBeNull()
    await expect(takeEarlyMember('M-1', NOW + 1_000)).resolves.toBe(row)
    expect(takeEarlyMember('M-1', NOW + 1_001)).toBeNull()
  })

  it('is not taken once older than a few seconds, and a failed read is no unhandled rejection', async () => {
    keepEarlyMember('M-1', Promise.resolve(row), NOW)
    expect(takeEarlyMember('M-1', NOW + 10_001)).toBeNull()
    keepEarlyMember('M-1', Promise.reject(new Error('401')), NOW)
    await expect(takeEarlyMember('M-1', NOW)).rejects.toThrow('401')
  })
})
