import { randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import type { Client } from 'pg'
import { log as logger } from '../observability/log'
import { metrics } from '../observability/metrics'

/*
 * Cache invalidation across server processes (replicas behind a load balancer on one
 * PostgreSQL). Each process keeps its member and schedule caches (server/infra/cache.ts); a write
 * in one process must reach the others. PostgreSQL's LISTEN/NOTIFY carries it: the database every
 * replica already has, transactional and ordered, with no new service to run (Redis was the other
 * choice: docs/decisions.md 24).
 *
 * The freshness contract (docs/architecture.md "Scale path") is paid for by the writes, not the
 * reads (docs/decisions.md 24, amended):
 *
 * - Presence: every replica sends a heartbeat on the channel every `heartbeatMs`, and hears the
 *   others'. A replica it heard within `liveMs` is live.
 * - Publish: after a write committed, its invalidation goes out with the writer's sequence number;
 *   every replica that receives it applies it, then acknowledges it on the channel. The writer's
 *   answer waits (app.ts awaits `caches.flush()`) until every replica live when the invalidation
 *   came back to the writer has acknowledged it, or `ackDeadlineMs` after it was committed.
 * - Fresh: a replica serves from its caches only while its own heartbeat, sent less than `freshMs`
 *   ago, has come back to it. PostgreSQL delivers notifications in commit order, so that echo
 *   means every invalidation committed before the heartbeat has been applied here. `fresh()` is a
 *   clock comparison: reads make no round trip.
 *
 * Why nothing stale is served after a write's answer, with freshMs ≤ liveMs and freshMs ≤
 * ackDeadlineMs: a replica that acknowledged applied the invalidation. One that did not (stalled,
 * cut off, busy past the deadline) has applied no echo of a heartbeat committed after the
 * invalidation, so its newest applied heartbeat was sent before the commit, more than
 * ackDeadlineMs before the answer: it is not fresh and computes from the database. One that was
 * not live when the invalidation came back was last heard more than liveMs before: the same holds.
 * For `liveMs` after this replica starts listening, it may not have heard every live replica yet;
 * its writes then wait the full deadline. An invalidation that could only be sent on a
 * connection of its own (the bus was down) also waits the full deadline.
 *
 * - A lost connection can have dropped notifications: every cache is cleared, reads bypass the
 *   caches (`fresh()` is false) until the connection is back and its heartbeat has come back.
 * - Stopping (`close()`): the replica stops serving from its caches, then says it leaves, so
 *   writers stop waiting for it at once.
 */

export const CHANNEL = 'mypage_cache'

export type CacheEvent = { kind: 'member'; memberId: string } | { kind: 'schedule' } | { kind: 'reads' }

export type CacheBus = {
  /**
   * Sends an invalidation (after the write committed). Resolves once every live replica applied
   * it, or at the deadline; never rejects.
   */
  publish: (event: CacheEvent) => Promise<void>
  /** true while this process may serve from its caches: every invalidation published is applied here. */
  fresh: () => boolean
  /** The other replicas heard within `liveMs`; null while this one has not listened that long (it may not know them all yet). */
  peers: () => number | null
  close: () => Promise<void>
}

export type BusTimings = {
  /** How often each replica sends its heartbeat. */
  heartbeatMs: number
  /** Caches are used only while this replica's own heartbeat, sent less than this long ago, has come back. */
  freshMs: number
  /** A writer waits for the replicas heard within this long (≥ freshMs). */
  liveMs: number
  /** The longest a write waits for acknowledgements, from its commit (≥ freshMs). */
  ackDeadlineMs: number
  /** A connection whose heartbeats have not come back for this long is given up and opened again (a half-open socket). */
  deadMs: number
}

export const BUS_TIMINGS: BusTimings = { heartbeatMs: 200, freshMs: 1_000, liveMs: 1_100, ackDeadlineMs: 1_100, deadMs: 10_000 }

type Handlers = {
  /** An event published by another process. */
  onEvent: (event: CacheEvent) => void
  /** Events may have been missed (connection lost or re-established): forget everything. */
  onGap: () => void
  log?: (line: string) => void
  timings?: Partial<BusTimings>
  /** The connection's application_name (tests tell replicas apart by it). */
  name?: string
}

/** What travels on the channel: `o` is the sender, `n` its sequence number. */
type Message =
  | { o: string; k: 'event'; event: CacheEvent; n?: number }
  | { o: string; k: 'h'; t: number }
  | { o: string; k: 'a'; to: Record<string, number> }
  | { o: string; k: 'l' }

const parse = (payload: string | undefined): Message | null => {
  try {
    const p = JSON.parse(payload ?? '') as { o?: unknown; k?: unknown; id?: unknown; n?: unknown; t?: unknown; to?: unknown }
    if (typeof p.o !== 'string') return null
    const n = typeof p.n === 'number' ? p.n : undefined
    if (p.k === 's') return { o: p.o, k: 'event', event: { kind: 'schedule' }, n }
    if (p.k === 'r') return { o: p.o, k: 'event', event: { kind: 'reads' }, n }
    if (p.k === 'm' && typeof p.id === 'string') return { o: p.o, k: 'event', event: { kind: 'member', memberId: p.id }, n }
    if (p.k === 'h' && typeof p.t === 'number') return { o: p.o, k: 'h', t: p.t }
    if (p.k === 'a' && typeof p.to === 'object' && p.to !== null) return { o: p.o, k: 'a', to: p.to as Record<string, number> }
    if (p.k === 'l') return { o: p.o, k: 'l' }
  } catch {
    /* not ours */
  }
  return null
}

const encodeEvent = (origin: string, e: CacheEvent, n: number | undefined) =>
  JSON.stringify(e.kind === 'schedule' ? { o: origin, k: 's', n } : e.kind === 'reads' ? { o: origin, k: 'r', n } : { o: origin, k: 'm', id: e.memberId, n })

/** A write waiting for the other replicas. */
type Pending = {
  n: number
  /** The replicas still to acknowledge; null until the invalidation came back here (the set is taken then). */
  waiting: Set<string> | null
  committed: boolean
  /** Sent on a connection of its own: nobody acknowledges it, the whole deadline is waited. */
  alone: boolean
  timer?: NodeJS.Timeout
  done: () => void
}

export async function createPgCacheBus(url: string, handlers: Handlers): Promise<CacheBus> {
  const { default: pg } = await import('pg')
  const t: BusTimings = { ...BUS_TIMINGS, ...handlers.timings }
  if (t.freshMs > t.liveMs || t.freshMs > t.ackDeadlineMs || t.heartbeatMs >= t.freshMs) throw new Error('cache bus timings: need heartbeatMs < freshMs ≤ liveMs, ackDeadlineMs')
  const origin = randomUUID()
  const log = handlers.log ?? ((line: string) => logger().warn(line))
  const now = () => performance.now()
  let client: Client | null = null
  let closed = false
  let retryMs = 250
  /** When this connection began listening, and when the newest heartbeat that came back was sent. */
  let listeningSince = Number.POSITIVE_INFINITY
  let echoOf = Number.NEGATIVE_INFINITY
  /** Other replicas: when each was last heard, and the newest of our invalidations each acknowledged. */
  const heard = new Map<string, number>()
  const acked = new Map<string, number>()
  const pending = new Map<number, Pending>()
  let seq = 0
  /** Acknowledgements owed, by writer, sent together once the notifications at hand are applied. */
  const owed = new Map<string, number>()
  let ackQueued = false

  const settle = (p: Pending) => {
    if (!p.committed || p.waiting === null) return
    for (const o of p.waiting) if ((acked.get(o) ?? 0) >= p.n || !heard.has(o)) p.waiting.delete(o)
    if (p.waiting.size === 0) p.done()
  }
  const settleAll = () => {
    for (const p of pending.values()) settle(p)
  }

  const sendAcks = () => {
    ackQueued = false
    const c = client
    if (!c || owed.size === 0) return
    const to = Object.fromEntries(owed)
    owed.clear()
    c.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ o: origin, k: 'a', to })]).catch((e: Error) => log(`[cache-bus] acknowledgement failed: ${e.message}`))
  }

  const receive = (m: Message) => {
    const at = now()
    if (m.o === origin) {
      if (m.k === 'h') echoOf = Math.max(echoOf, m.t)
      else if (m.k === 'event' && m.n !== undefined) {
        // Our invalidation is committed and every heartbeat committed before it has been heard:
        // the replicas to wait for are those heard within liveMs — unless we have not listened that long.
        const p = pending.get(m.n)
        if (p && !p.alone && p.waiting === null && at - listeningSince >= t.liveMs) {
          p.waiting = new Set([...heard].filter(([, last]) => at - last <= t.liveMs).map(([o]) => o))
          settle(p)
        }
      }
      // Our own invalidations were applied locally before they were published.
      return
    }
    if (m.k === 'h') heard.set(m.o, at)
    else if (m.k === 'l') {
      heard.delete(m.o)
      acked.delete(m.o)
      settleAll()
    } else if (m.k === 'a') {
      const n = m.to[origin]
      if (typeof n === 'number' && n > (acked.get(m.o) ?? 0)) {
        acked.set(m.o, n)
        settleAll()
      }
    } else {
      handlers.onEvent(m.event)
      if (m.n !== undefined) {
        owed.set(m.o, Math.max(owed.get(m.o) ?? 0, m.n))
        if (!ackQueued) {
          ackQueued = true
          setImmediate(sendAcks)
        }
      }
    }
  }

  /** The connection whose heartbeat is on its way (one at a time; a new connection does not wait for a dead one's). */
  let beatingOn: Client | null = null
  const heartbeat = () => {
    // Replicas silent for long are gone (crashed); forget them.
    const at = now()
    for (const [o, last] of heard) if (at - last > 10 * t.liveMs) {
      heard.delete(o)
      acked.delete(o)
    }
    const c = client
    if (!c || closed) return
    // Nothing has come back for long though the socket looks open (a half-open connection, a
    // backend that stopped): start over on a new one.
    if (at - Math.max(listeningSince, echoOf) > t.deadMs) {
      lost(c, new Error(`no heartbeat came back for ${t.deadMs} ms`))
      return
    }
    if (beatingOn === c) return
    beatingOn = c
    const message = JSON.stringify({ o: origin, k: 'h', t: now() })
    c.query('SELECT pg_notify($1, $2)', [CHANNEL, message])
      .catch(() => {}) // a broken connection reports itself through 'error'/'end'
      .finally(() => {
        if (beatingOn === c) beatingOn = null
      })
  }
  const beat = setInterval(heartbeat, t.heartbeatMs)
  beat.unref()

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, application_name: handlers.name ?? 'mypage-cache-bus' })
    c.on('notification', (msg) => {
      if (msg.channel !== CHANNEL) return
      const m = parse(msg.payload)
      if (m) receive(m)
    })
    c.on('error', (err) => lost(c, err))
    c.on('end', () => lost(c, new Error('connection ended')))
    await c.connect()
    await c.query(`LISTEN ${CHANNEL}`)
    client = c
    retryMs = 250
    listeningSince = now()
    echoOf = Number.NEGATIVE_INFINITY
    // Whatever happened while nobody listened is unknown.
    handlers.onGap()
    heartbeat()
  }

  const lost = (c: Client, err: Error) => {
    if (client !== c) return
    client = null
    listeningSince = Number.POSITIVE_INFINITY
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

  /** The bus is down: the invalidation goes out on a connection of its own, with no acknowledgements to wait for. */
  const publishAlone = async (event: CacheEvent) => {
    const c = new pg.Client({ connectionString: url, application_name: 'mypage-cache-publish' })
    try {
      await c.connect()
      await c.query('SELECT pg_notify($1, $2)', [CHANNEL, encodeEvent(origin, event, undefined)])
    } finally {
      await c.end().catch(() => {})
    }
  }

  await connect()

  return {
    publish(event) {
      if (closed) return Promise.resolve()
      const n = ++seq
      return new Promise<void>((resolve) => {
        const p: Pending = {
          n,
          waiting: null,
          committed: false,
          alone: false,
          done: () => {
            clearTimeout(p.timer)
            pending.delete(n)
            resolve()
          },
        }
        pending.set(n, p)
        const c = client
        const sent = c ? c.query('SELECT pg_notify($1, $2)', [CHANNEL, encodeEvent(origin, event, n)]) : Promise.reject(new Error('bus down'))
        sent
          .catch(async (e: Error) => {
            // Alone, nothing tells which replicas applied it: wait the whole deadline.
            if (c) log(`[cache-bus] publish failed (${e.message}); sending it alone`)
            p.alone = true
            p.waiting = null
            await publishAlone(event)
          })
          .then(
            () => {
              // Committed: from now on a replica that has not applied it stops being fresh within the deadline.
              p.committed = true
              p.timer = setTimeout(() => {
                if (p.waiting === null || p.waiting.size > 0) metrics.cacheBusAckTimeouts.inc()
                p.done()
              }, t.ackDeadlineMs)
              settle(p)
            },
            (e: Error) => {
              log(`[cache-bus] publish failed (${e.message}): other replicas see this write within their caches' time to live`)
              p.done()
            },
          )
      })
    },
    fresh: () => client !== null && !closed && now() - echoOf < t.freshMs,
    peers: () => {
      const at = now()
      if (at - listeningSince < t.liveMs) return null
      return [...heard.values()].filter((last) => at - last <= t.liveMs).length
    },
    async close() {
      if (closed) return
      closed = true
      clearInterval(beat)
      for (const p of [...pending.values()]) p.done()
      const c = client
      client = null
      if (c) await c.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ o: origin, k: 'l' })]).catch(() => {})
      await c?.end().catch(() => {})
    },
  }
}
