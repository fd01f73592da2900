import * as v from 'valibot'
import { TicketNumber } from './ids'

/*
 * The online consultation room (docs/product.md "The online consultation room", docs/server.md
 * "The online consultation room"): what both sides' `room-access` calls answer, the rules of its
 * opening and closing (decision 93), and the messages of the signalling socket (decision 92).
 * The server and the SPA read the same definitions.
 */

/** Minutes of grace after a consultation's end (extensions included) before its room closes. */
export const ROOM_GRACE_MINUTES = 10
/** The path of the signalling socket (same origin as the API). */
export const ROOM_SOCKET_PATH = '/api/room-socket'
/** The longest chat message, in characters. */
export const ROOM_CHAT_MAX = 1000

export const roomMessages = {
  notFound: 'このオンライン相談のお部屋は見つかりません。',
  notOnline: 'このご予約はお電話でのサポートです。オンライン相談のお部屋はありません。',
  notYours: 'このオンライン相談のお部屋には入室できません。',
  refunded: 'このご予約は返金により取り消されています。お部屋には入室できません。',
  cancelled: 'このご予約は退会により取り消されています。お部屋には入室できません。',
  closed: 'このオンライン相談は終了しました。お部屋は閉じています。',
  notOpenYet: 'お部屋はまだ開いていません。開始時刻の少し前に開きます。',
  badToken: 'ログインの有効期限が切れました。もう一度ログインしてください。',
  chatTooLong: `メッセージは${ROOM_CHAT_MAX}文字以内で入力してください`,
} as const

export const RoomAccessRequest = v.object({ ticketNumber: TicketNumber })

export const IceServer = v.object({
  urls: v.union([v.string(), v.array(v.string())]),
  username: v.optional(v.string()),
  credential: v.optional(v.string()),
})
export type IceServer = v.InferOutput<typeof IceServer>

export const RoomSide = v.picklist(['member', 'consultant'])
export type RoomSide = v.InferOutput<typeof RoomSide>

export const RoomAccessResponse = v.object({
  ticketNumber: v.string(),
  /** Who the caller is in this room. */
  side: RoomSide,
  productName: v.string(),
  /** Unix seconds: the room opens, the consultation starts and ends (extensions included), the room closes. */
  opensUnixTime: v.number(),
  startUnixTime: v.number(),
  endUnixTime: v.number(),
  closesUnixTime: v.number(),
  /** The server's clock when it answered: the page counts the opening and closing by it, not by the device's own clock. */
  nowUnixTime: v.number(),
  /** 'waiting' before the room opens; 'open' until it closes (a closed room answers 409). */
  phase: v.picklist(['waiting', 'open']),
  /** The other side's display name: the consultant's nickname for the member, the member's name for the consultant. */
  peerName: v.string(),
  /** STUN/TURN servers for the peer connection (ROOM_ICE_SERVERS; none locally). */
  iceServers: v.array(IceServer),
})
export type RoomAccessResponse = v.InferOutput<typeof RoomAccessResponse>

/** One stay of one side in the room (room_presence): shown to the consultant and on the desk. */
export const RoomStay = v.object({
  side: RoomSide,
  joinedUnixTime: v.number(),
  /** null while still in the room (or when the connection was cut without a goodbye). */
  leftUnixTime: v.nullable(v.number()),
})
export type RoomStay = v.InferOutput<typeof RoomStay>

/** When a room opens and closes (decision 93): `opensMinutesBefore` the start, grace after the end. */
export const roomWindow = (startUnix: number, endUnix: number, opensMinutesBefore: number) => ({
  opensUnixTime: startUnix - opensMinutesBefore * 60,
  closesUnixTime: endUnix + ROOM_GRACE_MINUTES * 60,
})

// ---- the signalling socket's messages (JSON text frames)

const Sdp = v.object({ type: v.picklist(['offer', 'answer', 'pranswer', 'rollback']), sdp: v.optional(v.pipe(v.string(), v.maxLength(100_000))) })
const Candidate = v.object({
  candidate: v.optional(v.pipe(v.string(), v.maxLength(2000))),
  sdpMid: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(100)))),
  sdpMLineIndex: v.optional(v.nullable(v.number())),
  usernameFragment: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(256)))),
})

/** What a client sends: the peer-connection negotiation, chat, and a goodbye. Relayed to the other side as is. */
export const RoomClientMessage = v.variant('type', [
  v.object({ type: v.literal('hello') }),
  v.object({ type: v.literal('description'), description: Sdp }),
  v.object({ type: v.literal('candidate'), candidate: v.nullable(Candidate) }),
  v.object({ type: v.literal('chat'), text: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(ROOM_CHAT_MAX, roomMessages.chatTooLong)) }),
  v.object({ type: v.literal('bye') }),
])
export type RoomClientMessage = v.InferOutput<typeof RoomClientMessage>

/** What the server sends: the room's welcome, the other side's messages (with their side), and refusals. */
export type RoomServerMessage =
  | { type: 'welcome'; side: RoomSide }
  | (RoomClientMessage & { from: RoomSide; at: number })
  | { type: 'peer-left'; from: RoomSide }
  | { type: 'error'; message: string }

/** Close codes of the socket: refused with a reason the client shows (4401 token, 4403 refused, 4409 closed or not open). */
export const ROOM_CLOSE = { badToken: 4401, refused: 4403, notOpen: 4409, replaced: 4000 } as const
