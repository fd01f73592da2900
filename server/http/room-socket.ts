import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import * as v from 'valibot'
import { WebSocketServer, type WebSocket } from 'ws'
import {
  ROOM_BYTES_BURST,
  ROOM_BYTES_PER_SECOND,
  ROOM_CHAT_BURST,
  ROOM_CHAT_PER_SECOND,
  ROOM_CLOSE,
  ROOM_FRAME_MAX,
  ROOM_MESSAGES_BURST,
  ROOM_MESSAGES_PER_SECOND,
  ROOM_SOCKET_PATH,
  RoomClientMessage,
  roomClosedMessages as closedBy,
  roomMessages as rm,
  tokenBucket,
  type RoomChatLine,
  type RoomServerMessage,
  type RoomSide,
  type TokenBucket,
} from '../../contract/room'
import { TicketNumber } from '../../contract/ids'
import { issueMessage } from '../../contract/validation-messages'
import { DomainError } from '../domain/errors'
import { unixSeconds } from '../domain/time'
import type { CacheEvent } from '../infra/cache-bus'
import type { RoomBus, RoomEnvelope } from '../infra/room-bus'
import { log } from '../observability/log'
import { callerId, memberCaller, roomEntry, roomRightLost, type RoomCaller } from '../services/room/access'
import { roomJoined, roomLeft } from '../services/room/presence'
import type { Deps } from './handler'
import { staffOfToken } from './staff'

/*
 * The online room's signalling socket (docs/server.md "The online consultation room", decisions 92
 * and 106): `GET /api/room-socket?ticket=<ticketNumber>` upgraded to a WebSocket on the API's own
 * origin. The first message must be `{type: 'join', side, token}` with the same Firebase ID token as
 * the API; the server verifies it through the identity adapter and lets in only the ticket's member
 * (side 'member') or its consultant (side 'consultant', claim and staff_accounts row as every staff
 * call), only while the room is open (services/room/access.ts). One socket per person: a newer one
 * takes over, on whichever replica (`takeover` on the bus). Then every message of the client is
 * checked against the contract and the socket's limits and relayed to the other side through the
 * room bus, in the room's order (each sender's messages go out one after another; the bus numbers
 * them), whichever replica holds the other side's socket. Chat lines are kept for the room's life
 * and given to a (re)joining page with its welcome.
 *
 * Rights are live: when the booking's member, the staff accounts or the schedule change (the cache
 * invalidations every replica hears, server/infra/cache.ts `listen`), now and then, and when the
 * room closes, each socket's right is asked again; a socket that lost it is told why and closed at
 * once, and nothing more is relayed to or from it. Media never passes here: peer to peer.
 */

const JoinMessage = v.object({
  type: v.literal('join'),
  side: v.picklist(['member', 'consultant']),
  token: v.pipe(v.string(), v.nonEmpty(), v.maxLength(8192)),
})

/** How long a socket may stay without having joined. */
const JOIN_WITHIN_MS = 10_000
/** How often an open socket looks at its room's closing time (in memory, on the injectable clock). */
const CLOSE_CHECK_MS = 5_000
/** How often every socket's right is asked again without a change heard (the backstop of the live check). */
const RIGHTS_CHECK_MS = 30_000
/** A change heard waits this long for others so that one write's events make one check. */
const RIGHTS_DEBOUNCE_MS = 50
/**
 * The largest frame accepted at all: past it the socket is closed (1009). Between ROOM_FRAME_MAX and
 * this, the message is refused and the socket kept.
 */
const FRAME_HARD_MAX = 1024 * 1024
/** Open sockets per process, joined or not (a flood of connections is refused with 503). */
export const ROOM_PROCESS_SOCKETS_MAX = 4000

/**
 * One admitted socket: its room, side, who (member id or staff id), the room's member, the
 * consultant's account (for the role check), when its room closes, its send queue and limits.
 */
type Conn = {
  id: string
  ws: WebSocket
  room: string
  caller: RoomCaller
  side: RoomSide
  who: string
  memberId: string
  uid?: string
  closesUnixTime: number
  /** Gone: replaced by a newer socket, or its right lost. Nothing is relayed to or from it. */
  gone?: 'replaced' | 'lost'
  /**
   * What the other side sent between this socket's admission and its welcome: sent after the
   * welcome (less the chat lines its history already holds), so nothing falls in between.
   */
  early: RoomServerMessage[] | null
  /** The sender's messages, one after another: the room's order is the order they were sent in. */
  queue: Promise<void>
  messages: TokenBucket
  chats: TokenBucket
  bytes: TokenBucket
}

export type RoomSocketServer = {
  /** For the HTTP server's 'upgrade' event: answers true when the request was the room's socket. */
  handleUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => boolean
  /** Open sockets in this process (tests, metrics). */
  size: () => number
  /** Asks every socket's right again now (tests; the timers do it on their own). */
  checkRights: () => Promise<void>
  close: () => Promise<void>
}

const send = (ws: WebSocket, m: RoomServerMessage) => {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(m))
}

/** The messages that travel on the bus but are the server's own: never relayed to a page. */
type BusBody = RoomClientMessage | { type: 'peer-left' } | { type: 'takeover' }

export function createRoomSocketServer(deps: Deps, bus: RoomBus): RoomSocketServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: FRAME_HARD_MAX })
  /** This process's sockets by room. */
  const rooms = new Map<string, Set<Conn>>()
  const all = () => [...rooms.values()].flatMap((s) => [...s])
  const nowMs = () => deps.clock.now().getTime()

  /** Ends a socket that lost its right (or whose room closed): told why, then closed. */
  const drop = (c: Conn, message: string, code: number) => {
    if (c.gone) return
    c.gone = 'lost'
    send(c.ws, { type: 'error', message })
    c.ws.close(code, 'right lost')
  }

  const unsubscribe = bus.subscribe((e: RoomEnvelope) => {
    const here = rooms.get(e.room)
    if (!here) return
    const body = e.body as BusBody
    for (const c of here) {
      if (c.id === e.conn || c.gone) continue
      if (c.side === e.from) {
        // The same person joined again (another tab, a reconnect through another replica): the
        // older socket gives way, told why.
        if (body.type === 'takeover') {
          c.gone = 'replaced'
          send(c.ws, { type: 'error', message: closedBy.replaced })
          c.ws.close(ROOM_CLOSE.replaced, 'replaced')
        }
        continue
      }
      if (body.type === 'takeover') continue
      const out: RoomServerMessage = body.type === 'peer-left' ? { type: 'peer-left', from: e.from, seq: e.seq } : { ...(body as RoomClientMessage & { at: number }), from: e.from, seq: e.seq }
      if (c.early) c.early.push(out)
      else send(c.ws, out)
    }
  })

  // ---- live rights (decision 106)
  const checking = new Set<Conn>()
  let debounce: ReturnType<typeof setTimeout> | null = null
  const recheck = async (conns: Conn[]) => {
    await Promise.all(
      conns.map(async (c) => {
        if (c.gone || checking.has(c)) return
        checking.add(c)
        try {
          const lost = await roomRightLost(deps, c.caller, c.room, c.uid)
          if (lost) drop(c, lost.message, lost.ended ? ROOM_CLOSE.ended : ROOM_CLOSE.refused)
        } catch (err) {
          // The database could not answer: the socket stays; the next check asks again.
          log().warn({ err }, '[room] could not check a socket’s right')
        } finally {
          checking.delete(c)
        }
      }),
    )
  }
  const pending = new Set<Conn>()
  const soon = (conns: Conn[]) => {
    for (const c of conns) pending.add(c)
    if (debounce || pending.size === 0) return
    debounce = setTimeout(() => {
      debounce = null
      const batch = [...pending]
      pending.clear()
      void recheck(batch)
    }, RIGHTS_DEBOUNCE_MS)
  }
  const stopListening = deps.caches.listen((e: CacheEvent) => {
    if (rooms.size === 0) return
    // A member's rows changed (a refund, a reassignment, a cancelled account: their ticket or
    // member row): their rooms. Staff accounts or the schedule changed: the consultants' sockets.
    if (e.kind === 'member') soon(all().filter((c) => c.memberId === e.memberId))
    else soon(all().filter((c) => c.side === 'consultant'))
  })
  const rightsTimer = setInterval(() => void recheck(all()), RIGHTS_CHECK_MS)
  rightsTimer.unref()
  const closeTimer = setInterval(() => {
    const now = unixSeconds(deps.clock.now())
    for (const c of all()) if (now >= c.closesUnixTime) drop(c, closedBy.closed, ROOM_CLOSE.ended)
  }, CLOSE_CHECK_MS)
  closeTimer.unref()

  const refuse = (ws: WebSocket, code: number, message: string) => {
    send(ws, { type: 'error', message })
    ws.close(code, 'refused')
  }

  async function admit(ws: WebSocket, ticket: string, raw: unknown): Promise<Conn | null> {
    const join = v.safeParse(JoinMessage, raw)
    if (!join.success) {
      refuse(ws, ROOM_CLOSE.badToken, rm.badToken)
      return null
    }
    let caller: RoomCaller | null = null
    let uid: string | undefined
    if (join.output.side === 'member') {
      let memberUid: string | null = null
      try {
        memberUid = (await deps.identity.verifyIdToken(join.output.token)).uid
      } catch {
        memberUid = null
      }
      caller = memberUid ? await memberCaller(deps.db, memberUid) : null
      if (!caller) {
        refuse(ws, ROOM_CLOSE.badToken, rm.badToken)
        return null
      }
    } else {
      try {
        const me = await staffOfToken(deps, join.output.token, 'consultant')
        if (me.staffId) caller = { side: 'consultant', staffId: me.staffId }
        uid = me.uid
      } catch (e) {
        const kind = e instanceof DomainError ? e.kind : 'unauthenticated'
        refuse(ws, kind === 'unauthenticated' ? ROOM_CLOSE.badToken : ROOM_CLOSE.refused, kind === 'unauthenticated' ? rm.badToken : rm.notYours)
        return null
      }
      if (!caller) {
        refuse(ws, ROOM_CLOSE.refused, rm.notYours)
        return null
      }
    }
    try {
      const { room, memberId } = await roomEntry(deps, caller, ticket)
      // From here the bus delivers this room's messages to this process, in order (decision 97).
      await bus.hold(room.ticketNumber)
      const now = () => nowMs()
      return {
        id: randomUUID(),
        ws,
        room: room.ticketNumber,
        caller,
        side: caller.side,
        who: callerId(caller),
        memberId,
        uid,
        closesUnixTime: room.closesUnixTime,
        early: [],
        queue: Promise.resolve(),
        messages: tokenBucket(ROOM_MESSAGES_PER_SECOND, ROOM_MESSAGES_BURST, now),
        chats: tokenBucket(ROOM_CHAT_PER_SECOND, ROOM_CHAT_BURST, now),
        bytes: tokenBucket(ROOM_BYTES_PER_SECOND, ROOM_BYTES_BURST, now),
      }
    } catch (e) {
      if (!(e instanceof DomainError)) throw e
      refuse(ws, e.kind === 'conflict' ? ROOM_CLOSE.notOpen : ROOM_CLOSE.refused, e.message)
      return null
    }
  }

  /** The room's kept chat lines, as the welcome gives them. */
  const historyOf = async (room: string): Promise<RoomChatLine[]> =>
    (await bus.history(room)).map((e) => {
      const b = e.body as { id: string; text: string; at: number }
      return { id: b.id, text: b.text, at: b.at, from: e.from, seq: e.seq }
    })

  /** One message of an admitted socket: its limits, the contract, then the bus (after the sender's earlier ones). */
  function relay(c: Conn, data: Buffer, raw: unknown) {
    const ref = typeof (raw as { id?: unknown })?.id === 'string' && (raw as { type?: unknown }).type === 'chat' ? ((raw as { id: string }).id.slice(0, 64)) : undefined
    const refuseMessage = (message: string) => send(c.ws, { type: 'error', message, ...(ref ? { ref } : {}) })
    if (data.length > ROOM_FRAME_MAX) return refuseMessage(rm.tooLarge)
    if (!c.messages.take(1) || !c.bytes.take(data.length)) return refuseMessage(rm.tooFast)
    const parsed = v.safeParse(RoomClientMessage, raw)
    if (!parsed.success) return refuseMessage(raw === null ? rm.badMessage : issueMessage(parsed.issues))
    const msg = parsed.output
    if (msg.type === 'chat' && !c.chats.take(1)) return refuseMessage(rm.tooFast)
    const now = deps.clock.now()
    const at = unixSeconds(now)
    const isChat = msg.type === 'chat'
    c.queue = c.queue.then(async () => {
      if (c.gone) return
      try {
        const seq = await bus.publish({
          room: c.room,
          conn: c.id,
          from: c.side,
          body: { ...msg, at },
          now,
          ...(isChat ? { chatBytes: Buffer.byteLength(msg.text), keepUntil: new Date(c.closesUnixTime * 1000) } : {}),
        })
        if (seq === null) return refuseMessage(rm.roomFull)
        if (isChat) send(c.ws, { type: 'chat-sent', id: msg.id, seq, at })
      } catch (err) {
        log().warn({ err }, '[room] relay failed')
        send(c.ws, { type: 'error', message: rm.relayFailed })
        c.ws.close(1011, 'relay failed')
      }
    })
  }

  wss.on('connection', (ws: WebSocket, ticket: string) => {
    let conn: Conn | null = null
    let presenceId: Promise<number | null> | null = null
    let joining = false
    const joinTimer = setTimeout(() => {
      if (!conn) refuse(ws, ROOM_CLOSE.badToken, rm.badToken)
    }, JOIN_WITHIN_MS)

    ws.on('message', (data: Buffer, isBinary) => {
      let raw: unknown
      try {
        raw = isBinary ? null : JSON.parse(data.toString('utf8'))
      } catch {
        raw = null
      }
      if (!conn) {
        if (joining) return
        joining = true
        admit(ws, ticket, raw).then(
          async (c) => {
            if (!c) return
            if (ws.readyState !== ws.OPEN) return bus.release(c.room)
            conn = c
            const set = rooms.get(c.room) ?? new Set<Conn>()
            set.add(c)
            rooms.set(c.room, set)
            // One socket per person: the older ones (here or on another replica) give way.
            await bus.publish({ room: c.room, conn: c.id, from: c.side, body: { type: 'takeover' }, now: deps.clock.now() })
            presenceId = roomJoined(deps.db, c.room, c.side, c.who, deps.clock.now()).catch((err: Error) => {
              log().error({ err }, '[room] could not record a join')
              return null
            })
            const history = await historyOf(c.room)
            send(ws, { type: 'welcome', side: c.side, history })
            const last = history.at(-1)?.seq ?? 0
            const early = c.early ?? []
            c.early = null
            for (const m of early) if (!(m.type === 'chat' && m.seq <= last)) send(ws, m)
          },
          (err: Error) => {
            log().error({ err }, '[room] join failed')
            refuse(ws, 1011, rm.notFound)
          },
        ).catch((err: Error) => {
          log().error({ err }, '[room] join failed')
          ws.close(1011, 'join failed')
        })
        return
      }
      if (conn.gone) return
      if (unixSeconds(deps.clock.now()) >= conn.closesUnixTime) return drop(conn, closedBy.closed, ROOM_CLOSE.ended)
      relay(conn, data, raw)
    })

    ws.on('close', () => {
      clearTimeout(joinTimer)
      const c = conn
      if (!c) return
      rooms.get(c.room)?.delete(c)
      if (rooms.get(c.room)?.size === 0) rooms.delete(c.room)
      pending.delete(c)
      const leftAt = deps.clock.now()
      void presenceId?.then((id) => (id === null ? undefined : roomLeft(deps.db, id, leftAt))).catch((err: Error) => log().error({ err }, '[room] could not record a leave'))
      // A replaced socket says no goodbye: its person is already back (the takeover went out
      // first), and a peer-left after it would end the other side's fresh connection. Otherwise the
      // goodbye goes out after the socket's own messages, before the room is released here (the
      // release only stops what nobody here hears).
      if (c.gone === 'replaced') return bus.release(c.room)
      c.queue = c.queue
        .then(() => bus.publish({ room: c.room, conn: c.id, from: c.side, body: { type: 'peer-left' }, now: leftAt }))
        .then(
          () => {},
          () => {},
        )
        .finally(() => bus.release(c.room))
    })
    ws.on('error', (err) => log().warn({ err }, '[room] socket error'))
  })

  return {
    handleUpgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', 'http://room.invalid')
      if (url.pathname !== ROOM_SOCKET_PATH) return false
      const ticket = v.safeParse(TicketNumber, url.searchParams.get('ticket') ?? '')
      if (!ticket.success) {
        socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n')
        return true
      }
      if (wss.clients.size >= ROOM_PROCESS_SOCKETS_MAX) {
        socket.end('HTTP/1.1 503 Service Unavailable\r\nconnection: close\r\nretry-after: 5\r\ncontent-length: 0\r\n\r\n')
        return true
      }
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, ticket.output))
      return true
    },
    size: () => all().length,
    checkRights: () => recheck(all()),
    async close() {
      unsubscribe()
      stopListening()
      clearInterval(rightsTimer)
      clearInterval(closeTimer)
      if (debounce) clearTimeout(debounce)
      for (const ws of wss.clients) ws.close(1001, 'server stopping')
      await new Promise<void>((resolve) => wss.close(() => resolve()))
    },
  }
}
