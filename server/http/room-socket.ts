import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import * as v from 'valibot'
import { WebSocketServer, type WebSocket } from 'ws'
import { ROOM_CLOSE, ROOM_SOCKET_PATH, RoomClientMessage, roomMessages as rm, type RoomServerMessage, type RoomSide } from '../../contract/room'
import { TicketNumber } from '../../contract/ids'
import { issueMessage } from '../../contract/validation-messages'
import { DomainError } from '../domain/errors'
import { unixSeconds } from '../domain/time'
import type { RoomBus, RoomEnvelope } from '../infra/room-bus'
import { log } from '../observability/log'
import { callerId, memberCaller, roomEntry, type RoomCaller } from '../services/room/access'
import { roomJoined, roomLeft } from '../services/room/presence'
import type { Deps } from './handler'
import { staffOfToken } from './staff'

/*
 * The online room's signalling socket (docs/server.md "The online consultation room", decision 92):
 * `GET /api/room-socket?ticket=<ticketNumber>` upgraded to a WebSocket on the API's own origin.
 * The first message must be `{type: 'join', side, token}` with the same Firebase ID token as the
 * API; the server verifies it through the identity adapter and lets in only the ticket's member
 * (side 'member') or its consultant (side 'consultant', claim and staff_accounts row as every
 * staff call), only while the room is open (services/room/access.ts). Then every message of the
 * client (the peer connection's negotiation, chat, a goodbye) is checked against the contract and
 * relayed to the other side through the room bus, whichever replica holds the other side's socket.
 * A join and a leave are recorded in room_presence. Media never passes here: peer to peer.
 */

const JoinMessage = v.object({
  type: v.literal('join'),
  side: v.picklist(['member', 'consultant']),
  token: v.pipe(v.string(), v.nonEmpty(), v.maxLength(8192)),
})

/** How long a socket may stay without having joined. */
const JOIN_WITHIN_MS = 10_000
/** How often an open socket checks that its room is still open. */
const CLOSE_CHECK_MS = 15_000
/** The largest frame a client may send (a session description with many candidates fits). */
const MAX_FRAME = 128 * 1024

/**
 * One admitted socket: its room, side, who (member id or staff id), when its room closes, and
 * whether a newer socket of the same side replaced it.
 */
type Conn = { id: string; ws: WebSocket; room: string; side: RoomSide; who: string; closesUnixTime: number; replaced?: boolean }

export type RoomSocketServer = {
  /** For the HTTP server's 'upgrade' event: answers true when the request was the room's socket. */
  handleUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => boolean
  /** Open sockets in this process (tests, metrics). */
  size: () => number
  close: () => Promise<void>
}

const send = (ws: WebSocket, m: RoomServerMessage) => {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(m))
}

export function createRoomSocketServer(deps: Deps, bus: RoomBus): RoomSocketServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME })
  /** This process's sockets by room. */
  const rooms = new Map<string, Set<Conn>>()

  const unsubscribe = bus.subscribe((e: RoomEnvelope) => {
    const here = rooms.get(e.room)
    if (!here) return
    const body = e.body as { type?: string }
    for (const c of here) {
      if (c.id === e.conn) continue
      if (c.side === e.from) {
        // The same side joined again elsewhere (another tab, a reconnect through another replica):
        // the older socket gives way.
        if (body.type === 'hello') {
          c.replaced = true
          c.ws.close(ROOM_CLOSE.replaced, 'replaced')
        }
        continue
      }
      send(c.ws, { ...(body as RoomClientMessage), from: e.from, at: unixSeconds(deps.clock.now()) } as RoomServerMessage)
    }
  })

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
    if (join.output.side === 'member') {
      let uid: string | null = null
      try {
        uid = (await deps.identity.verifyIdToken(join.output.token)).uid
      } catch {
        uid = null
      }
      caller = uid ? await memberCaller(deps.db, uid) : null
      if (!caller) {
        refuse(ws, ROOM_CLOSE.badToken, rm.badToken)
        return null
      }
    } else {
      try {
        const me = await staffOfToken(deps, join.output.token, 'consultant')
        if (me.staffId) caller = { side: 'consultant', staffId: me.staffId }
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
      const room = await roomEntry(deps, caller, ticket)
      // From here the bus delivers this room's messages to this process, in order (decision 97).
      await bus.hold(room.ticketNumber)
      return { id: randomUUID(), ws, room: room.ticketNumber, side: caller.side, who: callerId(caller), closesUnixTime: room.closesUnixTime }
    } catch (e) {
      if (!(e instanceof DomainError)) throw e
      refuse(ws, e.kind === 'conflict' ? ROOM_CLOSE.notOpen : ROOM_CLOSE.refused, e.message)
      return null
    }
  }

  wss.on('connection', (ws: WebSocket, ticket: string) => {
    let conn: Conn | null = null
    let presenceId: Promise<number | null> | null = null
    let joining = false
    const joinTimer = setTimeout(() => {
      if (!conn) refuse(ws, ROOM_CLOSE.badToken, rm.badToken)
    }, JOIN_WITHIN_MS)
    const closeTimer = setInterval(() => {
      if (conn && unixSeconds(deps.clock.now()) >= conn.closesUnixTime) refuse(ws, ROOM_CLOSE.notOpen, rm.closed)
    }, CLOSE_CHECK_MS)
    closeTimer.unref()

    ws.on('message', (data, isBinary) => {
      let raw: unknown
      try {
        raw = isBinary ? null : JSON.parse(String(data))
      } catch {
        raw = null
      }
      if (!conn) {
        if (joining) return
        joining = true
        admit(ws, ticket, raw).then(
          (c) => {
            if (!c) return
            if (ws.readyState !== ws.OPEN) return bus.release(c.room)
            conn = c
            const set = rooms.get(c.room) ?? new Set<Conn>()
            set.add(c)
            rooms.set(c.room, set)
            const joinedAt = deps.clock.now()
            presenceId = roomJoined(deps.db, c.room, c.side, c.who, joinedAt).catch((err: Error) => {
              log().error({ err }, '[room] could not record a join')
              return null
            })
            send(ws, { type: 'welcome', side: c.side })
          },
          (err: Error) => {
            log().error({ err }, '[room] join failed')
            refuse(ws, 1011, rm.notFound)
          },
        )
        return
      }
      if (unixSeconds(deps.clock.now()) >= conn.closesUnixTime) return refuse(ws, ROOM_CLOSE.notOpen, rm.closed)
      const parsed = v.safeParse(RoomClientMessage, raw)
      if (!parsed.success) return send(ws, { type: 'error', message: issueMessage(parsed.issues) })
      bus.publish({ room: conn.room, conn: conn.id, from: conn.side, body: parsed.output }).catch((err: Error) => {
        log().warn({ err }, '[room] relay failed')
        send(ws, { type: 'error', message: 'メッセージを送れませんでした。接続をやり直しています。' })
        ws.close(1011, 'relay failed')
      })
    })

    ws.on('close', () => {
      clearTimeout(joinTimer)
      clearInterval(closeTimer)
      const c = conn
      if (!c) return
      rooms.get(c.room)?.delete(c)
      if (rooms.get(c.room)?.size === 0) rooms.delete(c.room)
      const leftAt = deps.clock.now()
      void presenceId?.then((id) => (id === null ? undefined : roomLeft(deps.db, id, leftAt))).catch((err: Error) => log().error({ err }, '[room] could not record a leave'))
      // A replaced socket says no goodbye: its side is already back (its hello went out first), and a
      // peer-left after that hello would end the other side's fresh connection. Otherwise the goodbye
      // goes out before the room is released here (the release only stops what nobody here hears).
      if (c.replaced) return bus.release(c.room)
      bus
        .publish({ room: c.room, conn: c.id, from: c.side, body: { type: 'peer-left' } })
        .catch(() => {})
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
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, ticket.output))
      return true
    },
    size: () => [...rooms.values()].reduce((n, s) => n + s.size, 0),
    async close() {
      unsubscribe()
      for (const ws of wss.clients) ws.close(1001, 'server stopping')
      await new Promise<void>((resolve) => wss.close(() => resolve()))
    },
  }
}
