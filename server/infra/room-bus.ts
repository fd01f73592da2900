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
/** How long the log keeps a message: far longer than a listener's reconnect, no longer. */
export const ROOM_LOG_KEEP_MINUTES = 10
const PRUNE_EVERY_MS = 60_000

type Side = 'member' | 'consultant'
/** A message of one room: who sent it (`conn`, a socket's id on some process) and what. */
export type RoomEnvelope = { room: string; conn: string; from: Side; body: unknown }

export type RoomBus = {
  /** Sends to every process (this one included) that holds the room. */
  publish: (e: RoomEnvelope) => Promise<void>
  /** Every envelope of a held room, in the room's order, this process's own included. */
  subscribe: (handler: (e: RoomEnvelope) => void) => () => void
  /**
   * This process has a socket in the room from now on: messages published from now are delivered
   * (counted: one hold per socket). Resolves once the room's position is known.
   */
  hold: (room: string) => Promise<void>
  /** One socket of the room is gone; the last one's release stops the room's delivery here. */
  release: (room: string) => void
  close: () => Promise<void>
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
export function createLocalRoomBus(): RoomBus {
  const out = fanOut()
  const held = holds()
  return {
    publish: async (e) => {
      const copy = JSON.parse(JSON.stringify(e)) as RoomEnvelope
      setImmediate(() => held.count.has(copy.room) && out.deliver(copy))
    },
    subscribe: out.subscribe,
    hold: async (room) => void held.add(room),
    release: (room) => void held.remove(room),
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
 * order, so a room's numbers are announced in order.
 */
const APPEND_SQL = `
WITH s AS (
  INSERT INTO room_sequences AS q (ticket_number, seq) VALUES ($1::text, 1)
  ON CONFLICT (ticket_number) DO UPDATE SET seq = q.seq + 1
  RETURNING seq
), m AS (
  INSERT INTO room_messages (ticket_number, seq, conn, from_side, body)
  SELECT $1::text, s.seq, $2::text, $3::text, $4::text::jsonb FROM s
  RETURNING seq
)
SELECT pg_notify('${ROOM_CHANNEL}', CASE WHEN octet_length($4::text) <= ${INLINE_BYTES}
  THEN json_build_object('r', $1::text, 's', m.seq, 'c', $2::text, 'f', $3::text, 'b', $4::text::json)::text
  ELSE json_build_object('r', $1::text, 's', m.seq)::text END) FROM m`

/** Replicas on one PostgreSQL: LISTEN on `mypage_room`, reconnecting when the connection is lost. */
export async function createPgRoomBus(url: string, opts: { name?: string; log?: (line: string) => void } = {}) {
  const { default: pg } = await import('pg')
  const log = opts.log ?? ((line: string) => logger().warn(line))
  const name = opts.name ?? 'mypage-room-bus'
  const out = fanOut()
  const held = holds()
  // Writes and catch-up reads: a pool of their own, so a message is written while the listener reconnects.
  const pool: Pool = new pg.Pool({ connectionString: url, max: 2, application_name: `${name}-writer` })
  pool.on('error', (err) => log(`[room-bus] idle connection lost (${err.message})`))
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
      out.deliver({ room, conn: r.conn, from: r.from_side, body: r.body })
    }
  }

  const onNote = (n: Note) =>
    inRoom(n.r, async () => {
      const from = last.get(n.r)
      if (from === undefined || n.s <= from) return
      if (n.s === from + 1 && n.c !== undefined && n.f !== undefined && n.b !== undefined) {
        last.set(n.r, n.s)
        out.deliver({ room: n.r, conn: n.c, from: n.f, body: n.b })
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

  /** Deletes the log's messages older than ROOM_LOG_KEEP_MINUTES (every replica does, now and then). */
  const prune = async () => {
    const r = await pool.query(`DELETE FROM room_messages WHERE created_at < now() - interval '${ROOM_LOG_KEEP_MINUTES} minutes'`)
    return r.rowCount ?? 0
  }
  const pruner = setInterval(() => void prune().catch((err: Error) => log(`[room-bus] prune failed (${err.message})`)), PRUNE_EVERY_MS)
  pruner.unref()

  await connect()

  const bus: RoomBus & { prune: () => Promise<number> } = {
    async publish(e) {
      await pool.query(APPEND_SQL, [e.room, e.conn, e.from, JSON.stringify(e.body)])
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
    prune,
    async close() {
      closed = true
      clearInterval(pruner)
      out.handlers.clear()
      const c = listener
      listener = null
      await c?.end().catch(() => {})
      await pool.end().catch(() => {})
    },
  }
  return bus
}
