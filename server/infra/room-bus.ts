import { randomUUID } from 'node:crypto'
import type { Client } from 'pg'
import { log as logger } from '../observability/log'

/*
 * The online room's relay between server processes (docs/server.md "The online consultation room",
 * decision 92). The member's socket and the consultant's may land on different replicas; every
 * message of a room goes out on this bus and every process delivers it to the sockets it holds in
 * that room. On PostgreSQL it is LISTEN/NOTIFY on a channel of its own (as the cache bus,
 * server/infra/cache-bus.ts: the database every replica already has, no new service); on PGlite
 * (one process) an in-process bus with the same interface, so the socket's code is one path.
 *
 * NOTIFY payloads are limited to 8000 bytes: a message longer than a chunk (a session description
 * can be several KB) goes out in numbered pieces, sent in one statement so they arrive together
 * and in order, and is put back together by every listener.
 */

export const ROOM_CHANNEL = 'mypage_room'
const CHUNK = 7000

/** A message of one room: who sent it (`conn`, a socket's id on some process) and what. */
export type RoomEnvelope = { room: string; conn: string; from: 'member' | 'consultant'; body: unknown }

export type RoomBus = {
  /** Sends to every process (this one included). */
  publish: (e: RoomEnvelope) => Promise<void>
  /** Every envelope published by any process, this one's included. */
  subscribe: (handler: (e: RoomEnvelope) => void) => () => void
  close: () => Promise<void>
}

const isEnvelope = (x: unknown): x is RoomEnvelope => {
  const e = x as Partial<RoomEnvelope> | null
  return !!e && typeof e.room === 'string' && typeof e.conn === 'string' && (e.from === 'member' || e.from === 'consultant')
}

function fanOut() {
  const handlers = new Set<(e: RoomEnvelope) => void>()
  return {
    handlers,
    deliver: (e: RoomEnvelope) => {
      for (const h of handlers) {
        try {
          h(e)
        } catch (err) {
          logger().error({ err }, '[room-bus] a handler failed')
        }
      }
    },
    subscribe: (h: (e: RoomEnvelope) => void) => {
      handlers.add(h)
      return () => void handlers.delete(h)
    },
  }
}

/** One process (PGlite): delivered here, after the current task, as a notification would be. */
export function createLocalRoomBus(): RoomBus {
  const out = fanOut()
  return {
    publish: async (e) => {
      const copy = JSON.parse(JSON.stringify(e)) as RoomEnvelope
      setImmediate(() => out.deliver(copy))
    },
    subscribe: out.subscribe,
    close: async () => out.handlers.clear(),
  }
}

/** The pieces of one message as NOTIFY payloads: `{o, id, i, n, p}`. */
export function chunksOf(origin: string, text: string): string[] {
  const id = randomUUID()
  const n = Math.max(1, Math.ceil(text.length / CHUNK))
  return Array.from({ length: n }, (_, i) => JSON.stringify({ o: origin, id, i, n, p: text.slice(i * CHUNK, (i + 1) * CHUNK) }))
}

/** Puts pieces back together; answers the whole text when the last piece of a message arrives. */
export function reassembler() {
  const partial = new Map<string, { parts: string[]; got: number; at: number }>()
  return (payload: string): string | null => {
    let m: { id?: unknown; i?: unknown; n?: unknown; p?: unknown }
    try {
      m = JSON.parse(payload) as typeof m
    } catch {
      return null
    }
    if (typeof m.id !== 'string' || typeof m.i !== 'number' || typeof m.n !== 'number' || typeof m.p !== 'string' || m.n < 1 || m.n > 64 || m.i < 0 || m.i >= m.n) return null
    if (m.n === 1) return m.p
    const now = Date.now()
    // Pieces of a message whose rest never came (a sender cut off mid-way) are dropped after a minute.
    for (const [id, p] of partial) if (now - p.at > 60_000) partial.delete(id)
    const entry = partial.get(m.id) ?? { parts: new Array<string>(m.n).fill(''), got: 0, at: now }
    if (entry.parts[m.i] === '') entry.got++
    entry.parts[m.i] = m.p
    partial.set(m.id, entry)
    if (entry.got < m.n) return null
    partial.delete(m.id)
    return entry.parts.join('')
  }
}

/** Replicas on one PostgreSQL: LISTEN on `mypage_room`, reconnecting when the connection is lost. */
export async function createPgRoomBus(url: string, opts: { name?: string; log?: (line: string) => void } = {}): Promise<RoomBus> {
  const { default: pg } = await import('pg')
  const origin = randomUUID()
  const log = opts.log ?? ((line: string) => logger().warn(line))
  const out = fanOut()
  const join = reassembler()
  let client: Client | null = null
  let closed = false
  let retryMs = 250

  const connect = async () => {
    const c = new pg.Client({ connectionString: url, application_name: opts.name ?? 'mypage-room-bus' })
    c.on('notification', (msg) => {
      if (msg.channel !== ROOM_CHANNEL || !msg.payload) return
      const text = join(msg.payload)
      if (text === null) return
      try {
        const e = JSON.parse(text) as unknown
        if (isEnvelope(e)) out.deliver(e)
      } catch {
        /* not ours */
      }
    })
    c.on('error', (err) => lost(c, err))
    c.on('end', () => lost(c, new Error('connection ended')))
    await c.connect()
    await c.query(`LISTEN ${ROOM_CHANNEL}`)
    client = c
    retryMs = 250
  }
  const lost = (c: Client, err: Error) => {
    if (client !== c) return
    client = null
    if (closed) return
    // Messages sent meanwhile are lost; the browsers notice (no answer, a dead peer connection)
    // and rejoin, which starts the negotiation again (docs/server.md).
    log(`[room-bus] connection lost (${err.message}); reconnecting`)
    c.end().catch(() => {})
    const retry = () => {
      if (closed) return
      connect().catch((e: Error) => {
        log(`[room-bus] reconnect failed (${e.message}); next try in ${retryMs} ms`)
        setTimeout(retry, retryMs).unref()
        retryMs = Math.min(retryMs * 2, 10_000)
      })
    }
    setTimeout(retry, retryMs).unref()
  }
  await connect()

  return {
    async publish(e) {
      const c = client
      if (!c) throw new Error('room bus down')
      const pieces = chunksOf(origin, JSON.stringify(e))
      // One statement: the pieces are one transaction's notifications, delivered together in order.
      const calls = pieces.map((_, i) => `pg_notify($1, $${i + 2})`).join(', ')
      await c.query(`SELECT ${calls}`, [ROOM_CHANNEL, ...pieces])
    },
    subscribe: out.subscribe,
    async close() {
      closed = true
      out.handlers.clear()
      const c = client
      client = null
      await c?.end().catch(() => {})
    },
  }
}
