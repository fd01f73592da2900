import * as v from 'valibot'
import { NoControlChars, noControlChars } from './fields'
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
/** The longest chat message, in characters: a long error message or a few paragraphs pasted, not a file. */
export const ROOM_CHAT_MAX = 1000

/*
 * What one socket may cost (docs/server.md "The online consultation room", "Limits"). Each is a
 * ceiling a person in a consultation never reaches, so only a broken or hostile client meets it;
 * at each the server answers a Japanese `error` and keeps the socket (the message is dropped).
 */
/* Sockets per person per room: one. A second tab (or a reconnect) takes over; the first is told and closed. */
/** The largest frame, in bytes: a session description of audio, video and a screen is about 10 KB. */
export const ROOM_FRAME_MAX = 64 * 1024
/** The longest session description, in characters (fits in ROOM_FRAME_MAX with its envelope). */
export const ROOM_SDP_MAX = 60_000
/**
 * Messages per second per socket, as a bucket: ROOM_MESSAGES_BURST at once (a negotiation's burst
 * of candidates), refilled at ROOM_MESSAGES_PER_SECOND.
 */
export const ROOM_MESSAGES_PER_SECOND = 20
export const ROOM_MESSAGES_BURST = 60
/** Chat lines per second per socket (a bucket of ROOM_CHAT_BURST): a person types far slower; the page queues its own lines under it. */
export const ROOM_CHAT_PER_SECOND = 5
export const ROOM_CHAT_BURST = 20
/** Bytes a socket may send per second (a bucket of ROOM_BYTES_BURST). */
export const ROOM_BYTES_PER_SECOND = 64 * 1024
export const ROOM_BYTES_BURST = 256 * 1024
/**
 * A token bucket: `burst` at once, refilled at `perSecond`, on the clock given. The server counts a
 * socket's limits with it; the page paces its own chat lines with the same one, so it never meets
 * the server's.
 */
export function tokenBucket(perSecond: number, burst: number, now: () => number) {
  let tokens = burst
  let at = now()
  const refill = () => {
    const t = now()
    tokens = Math.min(burst, tokens + ((t - at) / 1000) * perSecond)
    at = t
  }
  return {
    /** Takes `cost` tokens if they are there. */
    take(cost: number): boolean {
      refill()
      if (tokens < cost) return false
      tokens -= cost
      return true
    },
    /** Milliseconds until `cost` tokens are there (0: now). */
    waitMs(cost: number): number {
      refill()
      return tokens >= cost ? 0 : Math.ceil(((cost - tokens) / perSecond) * 1000)
    },
  }
}
export type TokenBucket = ReturnType<typeof tokenBucket>

/**
 * Bytes one room may keep in the relay log over its life (chat and signalling together): a
 * consultation's chat and a few dozen renegotiations use well under a megabyte.
 */
export const ROOM_STORED_BYTES_MAX = 4 * 1024 * 1024

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
  /** A limit of one socket (the message is dropped, the socket kept). */
  tooFast: '送信が続いたため、しばらく送れません。少し待ってからもう一度送ってください。',
  tooLarge: 'メッセージが大きすぎるため送れませんでした。',
  roomFull: 'このお部屋で送れるメッセージの量の上限に達しました。チャットは送れませんが、通話は続けられます。',
  badMessage: 'メッセージを送れませんでした。',
  relayFailed: 'メッセージを送れませんでした。接続をやり直しています。',
} as const

/**
 * Why an open socket was closed by the server (decision 106): its right was checked again when the
 * booking, its consultant or the person's role changed, or the room closed. The page shows it.
 */
export const roomClosedMessages = {
  refunded: 'このご予約は返金されたため、お部屋を閉じました。',
  cancelled: '退会の手続きによりこのご予約は取り消されたため、お部屋を閉じました。',
  reassigned: '担当の相談員が変わったため、お部屋を閉じました。',
  roleRevoked: '相談員の権限がなくなったため、お部屋を閉じました。',
  notYours: 'このお部屋に入る権限がなくなったため、お部屋を閉じました。',
  closed: 'このオンライン相談は終了しました。お部屋を閉じました。',
  replaced: '別の画面で入室したため、この画面は退室しました。',
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

/** A session description's and a candidate's strings: SDP keeps its line breaks; nothing else is a control character. */
const sdpText = (max: number) => v.pipe(v.string(), v.maxLength(max), noControlChars)
const Sdp = v.object({ type: v.picklist(['offer', 'answer', 'pranswer', 'rollback']), sdp: v.optional(sdpText(ROOM_SDP_MAX)) })
const Candidate = v.object({
  candidate: v.optional(sdpText(2000)),
  sdpMid: v.optional(v.nullable(sdpText(100))),
  sdpMLineIndex: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(1000)))),
  usernameFragment: v.optional(v.nullable(sdpText(256))),
})

/** A chat line's id, made by the sending page: its acknowledgement, the history and a reconnect find the line by it. */
export const ChatId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{6,64}$/))

/**
 * A chat line as typed: trimmed, not blank, at most ROOM_CHAT_MAX characters, no control character
 * but tab and line breaks (the same rule as every text field of the API, contract/fields.ts). The
 * page checks it before sending, the server again.
 */
export const ChatText = v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(ROOM_CHAT_MAX, roomMessages.chatTooLong), noControlChars)

/** What a client sends: the peer-connection negotiation, chat, its camera and microphone, and a goodbye. */
export const RoomClientMessage = v.pipe(
  NoControlChars,
  v.variant('type', [
    v.object({ type: v.literal('hello') }),
    v.object({ type: v.literal('description'), description: Sdp }),
    v.object({ type: v.literal('candidate'), candidate: v.nullable(Candidate) }),
    v.object({ type: v.literal('chat'), id: ChatId, text: ChatText }),
    /** The sender's own devices, so the other side can say 「カメラはオフです」 or show a muted microphone. */
    v.object({ type: v.literal('media'), camera: v.boolean(), mic: v.boolean(), sharing: v.boolean() }),
    v.object({ type: v.literal('bye') }),
  ]),
)
export type RoomClientMessage = v.InferOutput<typeof RoomClientMessage>

/** A chat line as the server keeps it and replays it: `seq` is its place in the room's order. */
export type RoomChatLine = { id: string; from: RoomSide; text: string; at: number; seq: number }

/**
 * What the server sends: the room's welcome with the chat so far, the other side's messages (with
 * their side, the server's time and the room's sequence number — a page applies them in that order),
 * the acknowledgement of one's own chat line, and refusals (`ref`: the chat line refused).
 */
export type RoomServerMessage =
  | { type: 'welcome'; side: RoomSide; history: RoomChatLine[] }
  | (RoomClientMessage & { from: RoomSide; at: number; seq: number })
  | { type: 'chat-sent'; id: string; seq: number; at: number }
  | { type: 'peer-left'; from: RoomSide; seq: number }
  | { type: 'error'; message: string; ref?: string }

/**
 * Close codes of the socket, each with a reason the page shows: 4401 token, 4403 refused (or the
 * right was lost: the `error` before it says why), 4409 not open, 4410 the room closed (the
 * consultation is over), 4000 another socket of the same person took over.
 */
export const ROOM_CLOSE = { badToken: 4401, refused: 4403, notOpen: 4409, ended: 4410, replaced: 4000 } as const
