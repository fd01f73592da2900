import { afterAll, beforeAll, expect, it } from 'vitest'
import { flushErrorReports, initErrorReports } from '../../server/observability/error-reports'
import { startFakeSentry, type FakeSentry } from '../support/fake-sentry'
import { createHarness, type Harness } from './harness'

// Error reports of the server (docs/operations.md "Error reports"): Sentry's Node SDK pointed at a
// local collector by its DSN; an error thrown in a handler (the test-only `/api/__test/throw`,
// its message full of personal data) arrives with its request id, scrubbed.

let h: Harness
let sentry: FakeSentry

beforeAll(async () => {
  sentry = await startFakeSentry()
  expect(await initErrorReports({ dsn: sentry.dsn, release: 'mypage@test', environment: 'test' })).toBe(true)
  h = await createHarness()
})
afterAll(async () => {
  await h?.close()
  await sentry?.close()
})

it('an error in a handler arrives at the DSN with the request id, the release and no personal data; the member gets a plain 500', async () => {
  const res = await h.app.request('/api/__test/throw', { headers: { 'X-Request-Id': 'req-sentry-42', authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' } })
  expect(res.status).toBe(500)
  expect(await res.json()).toEqual({ message: 'Internal Server Error' })
  await flushErrorReports(5000)
  const deadline = Date.now() + 10_000
  while (sentry.events.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))

  expect(sentry.events).toHaveLength(1)
  const event = sentry.events[0] as { tags?: Record<string, string>; release?: string; exception?: { values?: { value?: string }[] } }
  expect(event.tags).toMatchObject({ request_id: 'req-sentry-42', route: '/api/__test/throw', method: 'GET' })
  expect(event.release).toBe('mypage@test')
  expect(event.exception?.values?.[0]?.value).toBe('test failure for [email], [phone], card [number]')
  const all = sentry.raw.join('\n')
  for (const secret of ['demo@example.com', '090-1234-5678', '4242 4242 4242 4242', 'eyJhbGciOiJub25lIn0']) expect({ secret, found: all.includes(secret) }).toEqual({ secret, found: false })
})

it('without a DSN nothing is loaded or sent', async () => {
  expect(await initErrorReports({ dsn: undefined, release: 'x', environment: 'test' })).toBe(false)
})
