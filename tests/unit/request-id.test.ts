import { expect, it, vi } from 'vitest'
import { createApiClient } from '../../src/api/client'
import { lastRequestId } from '../../src/api/request-id'

// Every API call carries a request id of its own (X-Request-Id, docs/operations.md "Logs"); the
// error reports name the last one.

it('each call sends a new X-Request-Id the server accepts, remembered as the last one', async () => {
  const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => new Response(JSON.stringify({}), { status: 200, headers: { 'content-type': 'application/json' } }))
  const api = createApiClient({ baseUrl: '/api', getIdToken: async () => null, fetch })
  await api.call('login', { recaptchaToken: 'off' })
  await api.call('login', { recaptchaToken: 'off' }, { headers: { 'Idempotency-Key': 'k1' } })
  const ids = fetch.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['X-Request-Id'])
  // What server/observability/request-log.ts keeps: word characters, '-' and '=', at most 64.
  for (const id of ids) expect(id).toMatch(/^[\w\-=]{8,64}$/)
  expect(new Set(ids).size).toBe(2)
  expect(lastRequestId()).toBe(ids[1])
})
