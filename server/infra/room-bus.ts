import type { Pool } from 'pg'
import { log as logger } from '../observability/log'

/*
 * The online room's relay between server processes (docs/server.md "The online consultation room",
 * decisions 92 and 97). The member's socket and the consultant's may land on different replicas;
 * every message of a room goes out on this bus and every process holding a socket of that room
 * delivers it to them. On PostgreSQL: each message is written to room_messages with the room's next
 * sequence number and announced with NOTIFY on a channel of its own, in one statement; a replica
 * delivers a room's messages in sequence order and, when a number is missing (a notification
 * missed while its listening connection was down) or its listener has just reconnected, reads the
 * missing ones from the table. On PGlite (one process) an in-process bus with the same interface,
 * so the socket's code is one path.
 */

export const ROOM_CHANNEL = 'mypage_room'
/** A message body up to this many bytes travels in its notification; a longer one is read from the table. */
const INLINE_BYTES = 7000
/** How long the log keeps a signalling message: far longer than a listener's reconnect, no longer. */
export const ROOM_LOG_KEEP_MINUTES = 10
/** The chat lines a (re)joining page is given: the room's last ones, at most this many. */
export const ROOM_HISTORY_MAX = 500

type Side = 'member' | 'consultant'
/** A message of one room: who sent it (`conn`, a socket's id on some process), what, and its place in the room's order. */
export type RoomEnvelope = { room: string; conn: string; from: Side; body: unknown; seq: number }
/**
 * A message to publish. `chatBytes`: what it adds to the room's chat total (ROOM_STORED_BYTES_MAX);
 * `keepUntil`: when its log row may go (a chat line: its room's closing), else ROOM_LOG_KEEP_MINUTES
 * after `now`.
 */
export type RoomPublish = { room: string; conn: string; from: Side; body: unknown; now: Date; chatBytes?: number; keepUntil?: Date }

export type RoomBus = {
  /**
   * Sends to every process (this one included) that holds the room, in the room's order: resolves
   * to the message's number, or null when the room's chat total would pass `maxChatBytes` (then
   * nothing was kept or sent).
   */
  publish: (e: RoomPublish) => Promise<number | null>
  /** Every envelope of a held room, in the room's order, this process's own included. */
  subscribe: (handler: (e: RoomEnvelope) => void) => () => void
  /**
   * This process has a socket in the room from now on: messages published from now are delivered
   * (counted: one hold per socket). Resolves once the room's position is known.
   */
  hold: (room: string) => Promise<void>
  /** One socket of the room is gone; the last one's release stops the room's delivery here. */
  release: (room: string) => void
  /** The room's kept chat lines (bodies of type 'chat'), oldest first, at most ROOM_HISTORY_MAX. */
  history: (room: string) => Promise<RoomEnvelope[]>
  /** Deletes what expired by `now` (the `room-log-prune` job, once across replicas): the number of rows. */
  prune: (now: Date) => Promise<number>
  close: () => Promise<void>
}

/** The cap of a room's chat bytes over its life (contract/room.ts ROOM_STORED_BYTES_MAX), given by the socket server. */
export type RoomBusLimits = { maxChatBytes: number }

const expiry = (e: RoomPublish) => e.keepUntil ?? new Date(e.now.getTime() + ROOM_LOG_KEEP_MINUTES * 60_000)

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

/** Holds by room, counted. */
function holds() {
  const count = new Map<string, number>()
  return {
    count,
    add: (room: string) => count.set(room, (count.get(room) ?? 0) + 1),
    remove: (room: string) => {
      const n = (count.get(room) ?? 0) - 1
      if (n > 0) count.set(room, n)
      else count.delete(room)
      return n > 0
    },
  }
}

/** One process (PGlite): delivered here, after the current task, as a notification would be. */
export function createLocalRoomBus(limits: RoomBusLimits): RoomBus {
  const out = fanOut()
  const held = holds()
  const seqs = new Map<string, { seq: number; chatBytes: number }>()
  const chat = new Map<string, Array<RoomEnvelope & { expires: number }>>()
  return {
    publish: async (e) => {
      const counter = seqs.get(e.room) ?? { seq: 0, chatBytes: 0 }
      const bytes = e.chatBytes ?? 0
      if (bytes > 0 && counter.chatBytes + bytes > limits.maxChatBytes) return null
      counter.seq += 1
      counter.chatBytes += bytes
      seqs.set(e.room, counter)
      const copy: RoomEnvelope = { room: e.room, conn: e.conn, from: e.from, body: JSON.parse(JSON.stringify(e.body)), seq: counter.seq }
      if ((copy.body as { type?: string }).type === 'chat') {
        const lines = chat.get(e.room) ?? []
        lines.push({ ...copy, expires: expiry(e).getTime() })
        if (lines.length > ROOM_HISTORY_MAX) lines.shift()
        chat.set(e.room, lines)
      }
      setImmediate(() => held.count.has(copy.room) && out.deliver(copy))
      return copy.seq
    },
    subscribe: out.subscribe,
    hold: async (room) => void held.add(room),
    release: (room) => void held.remove(room),
    history: async (room) => (chat.get(room) ?? []).map(({ expires: _, ...e }) => e),
    prune: async (now) => {
      let n = 0
      for (const [room, lines] of chat) {
        const kept = lines.filter((l) => l.expires >= now.getTime())
        n += lines.length - kept.length
        if (kept.length) chat.set(room, kept)
        else chat.delete(room)
      }
      return n
    },
    close: async () => out.handlers.clear(),
  }
}

/** A notification: the room and the message's number, with the message itself when it was short. */
type Note = { r: string; s: number; c?: string; f?: Side; b?: unknown }

const parseNote = (payload: string): Note | null => {
  try {
    const n = JSON.parse(payload) as Partial<Note>
    return typeof n.r === 'string' && typeof n.s === 'number' ? (n as Note) : null
  } catch {
    return null
  }
}

/**
 * Writes the message with the room's next number and announces it, in one statement: the counter's
 * row lock orders concurrent senders of a room, and notifications are delivered at commit, in commit
 * order, so a room's numbers are announced in order. A chat line that would take the room's chat
 * past its cap ($6) updates no counter, so nothing is written or announced (no row comes back).
 */
const APPEND_SQL = `
WITH s AS (
  INSERT INTO room_sequences AS q (ticket_number, seq, bytes) VALUES ($1::text, 1, $5::bigint)
  ON CONFLICT (ticket_number) DO UPDATE SET seq = q.seq + 1, bytes = q.bytes + EXCLUDED.bytes
  WHERE q.bytes + EXCLUDED.bytes <= $6::bigint
  RETURNING seq
), m AS (
  INSERT INTO room_messages (ticket_number, seq, conn, from_side, body, created_at, expires_at)
  SELECT $1::text, s.seq, $2::text, $3::text, $4::text::jsonb, $7::timestamptz, $8::timestamptz FROM s
  RETURNING seq
)
SELECT m.seq, pg_notify('${ROOM_CHANNEL}', CASE WHEN octet_length($4::text) <= ${INLINE_BYTES}
  THEN json_build_object('r', $1::text, 's', m.seq, 'c', $2::text, 'f', $3::text, 'b', $4::text::json)::text
  ELSE json_build_object('r', $1::text, 's', m.seq)::text END) FROM m`

/** Replicas on one PostgreSQL: LISTEN on `mypage_room`, reconnecting when the connection is lost. */
export async function createPgRoomBus(url: string, limits: RoomBusLimits, opts: { name?: string; log?: (line: string) => void } = {}) {
  const { default: pg } = await import('pg')
  const log = opts.log ?? ((line: string) => logger().warn(line))
  const name = opts.name ?? 'mypage-room-bus'
  const out = fanOut()
  const held = holds()
  // Writes and catch-up reads: a pool of their own, so a message is written while the listener reconnects.
  const pool: Pool = new pg.Pool({ connectionString: url, max: 2, application_name: `${name}-writer` })
  pool.on('error', (err) => log(`[room-bus] idle connection lost (${err.message})`))
  // Signalling (descriptions, candidates, hellos, goodbyes) is most of a room's traffic and is worth
  // nothing once a negotiation is over: its commits do not wait for the WAL's flush (a crash of the
  // database may lose its last fraction of a second; the pages then renegotiate on their rejoin).
  // Under load each message waited for the flush behind two connections (npm run bench:room, docs/
  // performance.md). Chat lines, acknowledged to their sender and kept as the room's history, keep
  // the flush.
  const signalPool: Pool = new pg.Pool({ connectionString: url, max: 4, application_name: `${name}-signal`, options: '-c synchronous_commit=off' })
  signalPool.on('error', (err) => log(`[room-bus] idle connection lost (${err.message})`))
  let listener: InstanceType<typeof pg.Client> | null = null
  let closed = false
  let retryMs = 250
  /** The last number delivered in each held room (absent until its hold has read the room's position). */
  const last = new Map<string, number>()
  /** Each room's work, one after the other: its deliveries stay in order and never run twice. */
  const queue = new Map<string, Promise<void>>()
  const inRoom = (room: string, work: () => Promise<void>): Promise<void> => {
    const run = (queue.get(room) ?? Promise.resolve()).then(work)
    const settled = run.catch((err: Error) => log(`[room-bus] room ${room}: ${err.message}`))
    queue.set(room, settled)
    void settled.then(() => queue.get(room) === settled && queue.delete(room))
    return run
  }

  /** Reads and delivers every message of the room after the last one delivered. */
  const catchUp = async (room: string) => {
    const from = last.get(room)
    if (from === undefined) return
    const { rows } = await pool.query<{ seq: number; conn: string; from_side: Side; body: unknown }>(
      'SELECT seq, conn, from_side, body FROM room_messages WHERE ticket_number = $1 AND seq > $2 ORDER BY seq',
      [room, from],
    )
    for (const r of rows) {
      if (!held.count.has(room)) return
      last.set(room, r.seq)
      out.deliver({ room, conn: r.conn, from: r.from_side, body: r.body, seq: r.seq })
    }
  }

  const onNote = (n: Note) =>
    inRoom(n.r, async () => {
      const from = last.get(n.r)
      if (from === undefined || n.s <= from) return
      if (n.s === from + 1 && n.c !== undefined && n.f !== undefined && n.b !== undefined) {
        last.set(n.r, n.s)
        out.deliver({ room: n.r, conn: n.c, from: n.f, body: n.b, seq: n.s })
        return
      }
      // A gap (a notification missed) or a long message: the table has them, in order.
      await catchUp(n.r)
    })

  const connect = async () => {
    const c = new pg.Client({ connectionString: url, application_name: name })
    c.on('notification', (msg) => {
      if (msg.channel !== ROOM_CHANNEL || !msg.payload) return
      const n = parseNote(msg.payload)
      if (n && held.count.has(n.r)) onNote(n).catch(() => {}) // logged by inRoom
    })
    c.on('error', (err) => lost(c, err))
    c.on('end', () => lost(c, new Error('connection ended')))
    await c.connect()
    await c.query(`LISTEN ${ROOM_CHANNEL}`)
    listener = c
    retryMs = 250
    // What was announced while no one listened is in the table: every held room reads it now.
    for (const room of held.count.keys()) inRoom(room, () => catchUp(room)).catch(() => {}) // logged by inRoom
  }
  const lost = (c: InstanceType<typeof pg.Client>, err: Error) => {
    if (listener !== c) return
    listener = null
    if (closed) return
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

  /** Deletes the log's rows that expired by `now` (signalling after ROOM_LOG_KEEP_MINUTES, chat once its room closed). */
  const prune = async (now: Date) => {
    const r = await pool.query('DELETE FROM room_messages WHERE expires_at < $1', [now])
    return r.rowCount ?? 0
  }

  await connect()

  const bus: RoomBus = {
    async publish(e) {
      const writer = (e.body as { type?: string }).type === 'chat' ? pool : signalPool
      const { rows } = await writer.query<{ seq: number }>(APPEND_SQL, [e.room, e.conn, e.from, JSON.stringify(e.body), e.chatBytes ?? 0, limits.maxChatBytes, e.now, expiry(e)])
      return rows[0]?.seq ?? null
    },
    subscribe: out.subscribe,
    async hold(room) {
      held.add(room)
      try {
        await inRoom(room, async () => {
          if (last.has(room)) return
          const { rows } = await pool.query<{ seq: number }>('SELECT seq FROM room_sequences WHERE ticket_number = $1', [room])
          last.set(room, rows[0]?.seq ?? 0)
        })
      } catch (err) {
        bus.release(room)
        throw err
      }
    },
    release(room) {
      if (!held.remove(room)) last.delete(room)
    },
    async history(room) {
      const { rows } = await pool.query<{ seq: number; conn: string; from_side: Side; body: unknown }>(
        `SELECT seq, conn, from_side, body FROM (
           SELECT seq, conn, from_side, body FROM room_messages WHERE ticket_number = $1 AND body->>'type' = 'chat' ORDER BY seq DESC LIMIT ${ROOM_HISTORY_MAX}
         ) h ORDER BY seq`,
        [room],
      )
      return rows.map((r) => ({ room, conn: r.conn, from: r.from_side, body: r.body, seq: r.seq }))
    },
    prune,
    async close() {
      closed = true
      out.handlers.clear()
      const c = listener
      listener = null
      await c?.end().catch(() => {})
      await pool.end().catch(() => {})
      await signalPool.end().catch(() => {})
    },
  }
  return bus
}
