import { randomUUID } from 'node:crypto'
import type { Client } from 'pg'
import { log as logger } from '../observability/log'
import { metrics } from '../observability/metrics'

/*
 * Cache invalidation across server processes (replicas behind a load balancer on one
 * PostgreSQL). Each process keeps its member and schedule caches (server/services/cache.ts); a write
 * in one process must reach the others. PostgreSQL's LISTEN/NOTIFY carries it: the database every
 * replica already has, transactional and ordered, with no new service to run (Redis was the other
 * choice: docs/decisions.md 24).
 *
 * - publish: after the write committed, `pg_notify` on the bus connection. The API answers only
 *   after its publishes went out (app.ts awaits `caches.flush()`), so once a client has the answer
 *   of a write, every replica's next read can know of it.
 * - sync: a round trip on the same LISTEN connection. PostgreSQL delivers a notification that was
 *   committed before the round trip began ahead of the round trip's answer, so after `sync()` every
 *   write published before it has been applied here: a booking made through replica A is gone from
 *   replica B's schedule on the next request, not up to the TTL later. Concurrent callers share
 *   round trips (at most one running and one queued), so a busy replica pays one round trip per
 *   batch of reads, not one per read.
 * - a lost connection can have dropped notifications: every cache is cleared, reads bypass the
 *   caches (`sync()` answers false) until the connection is back and listening again.
 */

export const CHANNEL = 'mypage_cache'

export type CacheEvent = { kind: 'member'; memberId: string } | { kind: 'schedule' } | { kind: 'reads' }

export type CacheBus = {
  publish: (event: CacheEvent) => Promise<void>
  /** true once every event published before the call is applied here; false while the bus is down. */
  sync: () => Promise<boolean>
  close: () => Promise<void>
}

type Handlers = {
  /** An event published by another process. */
  onEvent: (event: CacheEvent) => void
  /** Events may have been missed (connection lost or re-established): forget everything. */
  onGap: () => void
  log?: (line: string) => void
}

const parse = (payload: string | undefined): { origin: string; event: CacheEvent } | null => {
  try {
    const p = JSON.parse(payload ?? '') as { o?: unknown; k?: unknown; id?: unknown }
    if (typeof p.o !== 'string') return null
    if (p.k === 's') return { origin: p.o, event: { kind: 'schedule' } }
    if (p.k === 'r') return { origin: p.o, event: { kind: 'reads' } }
    if (p.k === 'm' && typeof p.id === 'string') return { origin: p.o, event: { kind: 'member', memberId: p.id } }
  } catch {
    /* not ours */
  }
  return null
}

const encode = (origin: string, e: CacheEvent) =>
  JSON.stringify(e.kind === 'schedule' ? { o: origin, k: 's' } : e.kind === 'reads' ? { o: origin, k: 'r' } : { o: origin, k: 'm', id: e.memberId })

export async function createPgCacheBus(url: string, handlers: Handlers): Promise<CacheBus> {
  const { default: pg } = await import('pg')
  const origin = randomUUID()
  const log = handlers.log ?? ((line: string) => logger().warn(line))
  let client: Client | null = null
  let closed = false
  let retryMs = 250

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, application_name: 'mypage-cache-bus' })
    c.on('notification', (msg) => {
      if (msg.channel !== CHANNEL) return
      const parsed = parse(msg.payload)
      // Our own writes were applied locally before they were published.
      if (parsed && parsed.origin !== origin) handlers.onEvent(parsed.event)
    })
    c.on('error', (err) => lost(c, err))
    c.on('end', () => lost(c, new Error('connection ended')))
    await c.connect()
    await c.query(`LISTEN ${CHANNEL}`)
    client = c
    retryMs = 250
    // Whatever happened while nobody listened is unknown.
    handlers.onGap()
  }

  const lost = (c: Client, err: Error) => {
    if (client !== c) return
    client = null
    handlers.onGap()
    if (closed) return
    log(`[cache-bus] connection lost (${err.message}): caches bypassed until it is back`)
    c.end().catch(() => {})
    const retry = () => {
      if (closed) return
      connect().then(() => {
        metrics.cacheBusReconnects.inc()
        log('[cache-bus] reconnected')
      }, (e: Error) => {
        log(`[cache-bus] reconnect failed (${e.message}); next try in ${retryMs} ms`)
        setTimeout(retry, retryMs).unref()
        retryMs = Math.min(retryMs * 2, 10_000)
      })
    }
    setTimeout(retry, retryMs).unref()
  }

  await connect()

  let running: Promise<boolean> | null = null
  let queued: Promise<boolean> | null = null
  const roundTrip = async (): Promise<boolean> => {
    const c = client
    if (!c) return false
    try {
      await c.query('SELECT 1')
      return client === c
    } catch {
      return false
    }
  }
  const sync = (): Promise<boolean> => {
    if (!running) {
      running = roundTrip().finally(() => (running = null))
      return running
    }
    // The running round trip may have begun before this call: wait for the next one.
    queued ??= running.then(() => {
      queued = null
      return sync()
    })
    return queued
  }

  return {
    async publish(event) {
      const c = client
      if (!c) return // every process clears its caches when its bus comes back
      await c.query('SELECT pg_notify($1, $2)', [CHANNEL, encode(origin, event)]).catch((e: Error) => log(`[cache-bus] publish failed: ${e.message}`))
    },
    sync,
    async close() {
      closed = true
      const c = client
      client = null
      await c?.end().catch(() => {})
    },
  }
}
