import { expect } from 'vitest'

// The HTTP client of the replica tests (replica-processes, replica-kill): real `server/main.ts`
// processes reached over loopback, members made by the test route and signed in on the Auth
// Emulator, dates from today in Japan.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
export type T = Record<string, any>

export async function call(base: string, method: 'GET' | 'POST', name: string, o: { token?: string; query?: Record<string, string | number>; body?: unknown; key?: string } = {}) {
  const qs = o.query ? `?${new URLSearchParams(Object.entries(o.query).map(([k, v]) => [k, String(v)]))}` : ''
  const res = await fetch(`${base}/api/${name}${qs}`, {
    method,
    headers: {
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      ...(o.key ? { 'idempotency-key': o.key } : {}),
    },
    ...(method === 'POST' ? { body: JSON.stringify(o.body ?? {}) } : {}),
  })
  const text = await res.text()
  let body: T | string = text
  try { body = JSON.parse(text) as T } catch { /* text */ }
  return { status: res.status, body: body as T }
}

/** A new member through `base` (test route), signed in on the Auth Emulator: its ID token in `token`. */
export async function newMember(base: string, fixture: 'demo' | 'fresh' = 'fresh') {
  const created = await call(base, 'POST', '__test/member', { body: { fixture } })
  expect(created.status).toBe(200)
  const res = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: created.body.email, password: created.body.password, returnSecureToken: true }),
  })
  return { ...created.body, token: ((await res.json()) as { idToken: string }).idToken } as T & { memberId: string; email: string; token: string }
}

/** YYYYMMDD of today + `days` in Japan. */
export const jstDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * 86_400_000)).replaceAll('-', '')
