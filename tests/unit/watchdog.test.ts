import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { Db } from '../../server/db/client'
import { markLoopBlocked, readinessHandler } from '../../server/observability/readiness'
import { startWatchdog } from '../../server/observability/watchdog'

// The event-loop watchdog's in-process half (server/observability/watchdog.ts): the worker thread
// sees a held loop, the main thread learns it on its first heartbeat back, and readiness says
// `event-loop` from then on (the process ends: tests/api/replica-guards.test.ts, real processes).

describe('the event-loop watchdog', () => {
  it('a loop held past blockedMs is reported once it comes back; a busy but breathing loop is not', async () => {
    let told = 0
    const dog = startWatchdog({ blockedMs: 1000, onBlocked: () => told++ })
    try {
      // Busy in short slices, breathing between them: never blocked for a second.
      for (let i = 0; i < 6; i++) {
        const until = Date.now() + 50
        while (Date.now() < until) { /* busy */ }
        await new Promise((r) => setTimeout(r, 20))
      }
      expect(told).toBe(0)
      // Held for 1.5 s (more than 1 s, less than the 2 s at which the worker kills the process).
      const until = Date.now() + 1500
      while (Date.now() < until) { /* held */ }
      const deadline = Date.now() + 3000
      while (told === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10))
      expect(told).toBe(1)
    } finally {
      await dog.stop()
    }
  })

  it('readiness answers 503 event-loop once the loop was blocked', async () => {
    const app = new Hono()
    app.get('/api/ready', readinessHandler({ execute: async () => ({ rows: [] }) } as unknown as Db))
    expect((await app.request('/api/ready')).status).toBe(200)
    markLoopBlocked()
    const res = await app.request('/api/ready')
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({ ready: false, reason: 'event-loop' })
  })
})
