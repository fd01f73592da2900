import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { requestMessages } from '../../contract/validation-messages'
import { requestDeadline } from '../../server/http/deadline'

// The request deadline (server/http/deadline.ts, docs/operations.md "Deadlines and the watchdog"):
// answered 503 in Japanese at the deadline whatever the handler still waits for; the calls that
// wait on purpose get the longer one. Over real processes: tests/api/replica-guards.test.ts.

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))

function app() {
  const a = new Hono()
  a.use('*', requestDeadline({ requestDeadlineMs: 100, paymentDeadlineMs: 1000 }))
  a.get('/api/slow', async (c) => (await wait(400), c.json({ ok: true })))
  a.get('/api/quick', (c) => c.json({ ok: true }))
  a.post('/api/cancel-account', async (c) => (await wait(400), c.json({})))
  a.post('/api/charge', async (c) => (await wait(1500), c.json({})))
  return a
}

describe('the request deadline', () => {
  it('503 with a Japanese message and Retry-After at the deadline; a quick answer untouched', async () => {
    const t0 = Date.now()
    const res = await app().request('/api/slow')
    expect(res.status).toBe(503)
    expect(Date.now() - t0).toBeLessThan(350)
    expect(res.headers.get('retry-after')).toBe('1')
    expect(await res.json()).toEqual({ message: requestMessages.deadlineExceeded })
    expect((await app().request('/api/quick')).status).toBe(200)
  })

  it('the calls that wait on purpose have the longer deadline, and it holds for them too', async () => {
    expect((await app().request('/api/cancel-account', { method: 'POST' })).status).toBe(200)
    const t0 = Date.now()
    expect((await app().request('/api/charge', { method: 'POST' })).status).toBe(503)
    expect(Date.now() - t0).toBeLessThan(1400)
  })
})
