import { ROOM_CHAT_BURST, ROOM_CHAT_PER_SECOND, ROOM_CLOSE, ROOM_SOCKET_PATH, roomClosedMessages, tokenBucket, type IceServer, type RoomServerMessage, type RoomSide } from '../../../contract/room'
import type { RoomEvent } from '../../../machines/room/room-machine'
import { roomText } from '../../text/room'

/*
 * The browser's side of a room (docs/server.md "The online consultation room"): the signalling
 * socket, the peer connection and the local media. The room chart decides what happens; this
 * does it and reports back with chart events (`emit`). Used only by use-room-actor.ts.
 *
 * Negotiation is "perfect negotiation": either side may offer (screen sharing in voice-only adds a
 * track and renegotiates); the member is the polite side and yields when both offer at once.
 * Joining (or rejoining after a drop) says `hello`; whoever hears it starts a fresh peer
 * connection, so a side that reconnected is met with a new negotiation. An ICE drop while the
 * socket stays up is mended with an ICE restart.
 *
 * Messages are handled one after another, in the order the server sent them (the room's order): a
 * description is applied before the candidates that follow it, and a candidate that arrives before
 * any description is kept until one is applied. Chat lines wait for the server's number
 * (`chat-sent`); lines typed while the socket is down, or not yet numbered when it dropped, are sent
 * again after the next welcome unless its history already holds them (by id), and never faster
 * than the server's chat limit. The devices' state (camera, microphone, screen) is told to the
 * other side on each change and whenever either side (re)joins.
 */

type Emit = (e: RoomEvent) => void
type Media = { camera: boolean; mic: boolean; sharing: boolean }
type Signal =
  | { type: 'hello' }
  | { type: 'bye' }
  | { type: 'chat'; id: string; text: string }
  | ({ type: 'media' } & Media)
  | { type: 'description'; description: RTCSessionDescriptionInit }
  | { type: 'candidate'; candidate: RTCIceCandidateInit | null }

export type RoomSessionOptions = {
  ticketNumber: string
  side: RoomSide
  iceServers: IceServer[]
  /** The user's current ID token (refreshed by the identity adapter). */
  getToken: () => Promise<string | null>
  /** The camera and microphone chosen on the device check (audio only for voice). */
  local: MediaStream
  emit: Emit
  onRemote: (stream: MediaStream | null) => void
  /** Where the socket lives; the page's own origin by default. */
  origin?: string
}

const RECONNECT_MAX_MS = 10_000
/** An ICE connection 'disconnected' this long is restarted (it often mends itself sooner). */
const ICE_GRACE_MS = 3_000

export class RoomSession {
  private ws: WebSocket | null = null
  private pc: RTCPeerConnection | null = null
  private makingOffer = false
  private ignoreOffer = false
  private closed = false
  private retryMs = 500
  private lastError: string | null = null
  private screen: MediaStreamTrack | null = null
  private iceTimer: ReturnType<typeof setTimeout> | null = null
  private connected = false
  /** The server's messages, handled one after another. */
  private inbox: Promise<void> = Promise.resolve()
  /** Candidates that came before the description they belong to. */
  private earlyCandidates: RTCIceCandidateInit[] = []
  /** Chat lines not yet numbered by the server, in the order typed. */
  private unsent = new Map<string, string>()
  /** Lines waiting for the chat limit's next token (ROOM_CHAT_PER_SECOND, a bucket of ROOM_CHAT_BURST). */
  private outbox: string[] = []
  private chatPace = tokenBucket(ROOM_CHAT_PER_SECOND, ROOM_CHAT_BURST, () => Date.now())
  private pumpTimer: ReturnType<typeof setTimeout> | null = null
  private media: Media

  constructor(private readonly o: RoomSessionOptions) {
    this.media = { camera: o.local.getVideoTracks().some((t) => t.enabled), mic: o.local.getAudioTracks().some((t) => t.enabled), sharing: false }
  }

  start() {
    this.openSocket()
  }

  private get polite() {
    return this.o.side === 'member'
  }

  private openSocket() {
    if (this.closed) return
    const base = this.o.origin ?? window.location.origin
    const url = `${base.replace(/^http/, 'ws')}${ROOM_SOCKET_PATH}?ticket=${encodeURIComponent(this.o.ticketNumber)}`
    const ws = new WebSocket(url)
    this.ws = ws
    ws.onopen = async () => {
      const token = await this.o.getToken()
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'join', side: this.o.side, token: token ?? '' }))
    }
    ws.onmessage = (m) => {
      let msg: RoomServerMessage
      try {
        msg = JSON.parse(String(m.data)) as RoomServerMessage
      } catch {
        return
      }
      this.inbox = this.inbox.then(() => this.onMessage(msg)).catch((e: unknown) => console.warn('room: a message could not be applied', e))
    }
    ws.onclose = (e) => {
      if (this.ws !== ws || this.closed) return
      this.ws = null
      if (e.code === ROOM_CLOSE.ended) return this.o.emit({ type: 'room.closed' })
      if (e.code === ROOM_CLOSE.replaced) return this.refused(this.lastError ?? roomClosedMessages.replaced)
      if (e.code === ROOM_CLOSE.badToken || e.code === ROOM_CLOSE.refused || e.code === ROOM_CLOSE.notOpen) return this.refused(this.lastError ?? roomText.refusedTitle)
      // A drop (network, a replica going away): say so and come back by ourselves.
      this.o.emit({ type: 'socket.lost' })
      setTimeout(() => this.openSocket(), this.retryMs)
      this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS)
    }
  }

  private refused(message: string) {
    this.o.emit({ type: 'socket.refused', message })
  }

  private signal(s: Signal) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(s))
  }

  private async onMessage(msg: RoomServerMessage) {
    switch (msg.type) {
      case 'welcome': {
        this.retryMs = 500
        // Back after a drop: the connection of before is given up here too, so the other side's
        // fresh offer (its answer to our hello) starts a new one instead of renegotiating a
        // connection whose other end is gone (that waited for ICE to fail first).
        if (this.pc) this.dropPeerConnection()
        this.o.emit({ type: 'socket.welcome' })
        this.o.emit({ type: 'chat.history', lines: msg.history })
        this.signal({ type: 'hello' })
        this.signal({ type: 'media', ...this.media })
        // What the server already holds is not sent twice; the rest goes again, in order.
        for (const line of msg.history) this.unsent.delete(line.id)
        this.outbox = [...this.unsent.keys()]
        this.pump()
        return
      }
      case 'error':
        if (msg.ref && this.unsent.has(msg.ref)) {
          this.unsent.delete(msg.ref)
          this.o.emit({ type: 'chat.failed', id: msg.ref, message: msg.message })
        } else this.lastError = msg.message
        return
      case 'hello':
        // The other side (re)joined: a fresh connection, negotiated from here, and our devices' state.
        this.o.emit({ type: 'peer.joined' })
        this.newPeerConnection()
        this.signal({ type: 'media', ...this.media })
        return
      case 'peer-left':
      case 'bye':
        this.dropPeerConnection()
        this.o.emit({ type: 'peer.left' })
        return
      case 'chat':
        this.o.emit({ type: 'chat.received', id: msg.id, text: msg.text, at: msg.at, seq: msg.seq })
        return
      case 'chat-sent':
        this.unsent.delete(msg.id)
        this.o.emit({ type: 'chat.sent', id: msg.id, seq: msg.seq })
        return
      case 'media':
        this.o.emit({ type: 'peer.media', media: { camera: msg.camera, mic: msg.mic, sharing: msg.sharing } })
        return
      case 'description':
        return this.onDescription(msg.description as RTCSessionDescriptionInit)
      case 'candidate': {
        const candidate = msg.candidate ?? undefined
        if (!this.pc?.remoteDescription) {
          // Before its description (or before any connection): kept until one is applied.
          if (candidate) this.earlyCandidates.push(candidate)
          return
        }
        await this.addCandidate(this.pc, candidate)
        return
      }
    }
  }

  private async addCandidate(pc: RTCPeerConnection, candidate: RTCIceCandidateInit | undefined) {
    try {
      await pc.addIceCandidate(candidate)
    } catch (e) {
      if (!this.ignoreOffer) console.warn('room: candidate refused', e)
    }
  }

  private async onDescription(description: RTCSessionDescriptionInit) {
    const pc = this.pc ?? this.newPeerConnection()
    const collision = description.type === 'offer' && (this.makingOffer || pc.signalingState !== 'stable')
    this.ignoreOffer = !this.polite && collision
    if (this.ignoreOffer) return
    await pc.setRemoteDescription(description)
    const early = this.earlyCandidates
    this.earlyCandidates = []
    for (const c of early) await this.addCandidate(pc, c)
    if (description.type === 'offer') {
      await pc.setLocalDescription()
      this.signal({ type: 'description', description: pc.localDescription!.toJSON() as RTCSessionDescriptionInit })
    }
  }

  private newPeerConnection(): RTCPeerConnection {
    this.dropPeerConnection()
    const pc = new RTCPeerConnection({ iceServers: this.o.iceServers as RTCIceServer[] })
    this.pc = pc
    for (const track of this.o.local.getTracks()) pc.addTrack(track, this.o.local)
    if (this.screen) this.applyScreen(pc, this.screen)
    pc.onnegotiationneeded = async () => {
      try {
        this.makingOffer = true
        await pc.setLocalDescription()
        this.signal({ type: 'description', description: pc.localDescription!.toJSON() as RTCSessionDescriptionInit })
      } catch (e) {
        console.warn('room: negotiation failed', e)
      } finally {
        this.makingOffer = false
      }
    }
    pc.onicecandidate = ({ candidate }) => this.signal({ type: 'candidate', candidate: candidate ? candidate.toJSON() : null })
    pc.ontrack = ({ track, streams }) => this.o.onRemote(streams[0] ?? new MediaStream([track]))
    pc.oniceconnectionstatechange = () => {
      if (this.pc !== pc) return
      const state = pc.iceConnectionState
      if (state === 'connected' || state === 'completed') {
        if (this.iceTimer) clearTimeout(this.iceTimer)
        this.iceTimer = null
        this.connected = true
        this.o.emit({ type: 'peer.connected' })
      } else if (state === 'disconnected' || state === 'failed') {
        if (this.connected) this.o.emit({ type: 'peer.lost' })
        this.connected = false
        if (this.iceTimer) clearTimeout(this.iceTimer)
        this.iceTimer = setTimeout(() => this.pc === pc && pc.restartIce(), state === 'failed' ? 0 : ICE_GRACE_MS)
      }
    }
    return pc
  }

  private dropPeerConnection() {
    this.earlyCandidates = []
    if (this.iceTimer) clearTimeout(this.iceTimer)
    this.iceTimer = null
    this.connected = false
    this.makingOffer = false
    this.ignoreOffer = false
    const pc = this.pc
    this.pc = null
    pc?.close()
    this.o.onRemote(null)
  }

  /** The screen goes where the camera's picture went (replaceTrack); without a camera it is added (renegotiated). */
  private applyScreen(pc: RTCPeerConnection, track: MediaStreamTrack) {
    const sender = pc.getSenders().find((s) => s.track?.kind === 'video' || s === this.screenSender)
    if (sender) void sender.replaceTrack(track)
    else this.screenSender = pc.addTrack(track, this.o.local)
  }
  private screenSender: RTCRtpSender | null = null

  private tellMedia(change: Partial<Media>) {
    this.media = { ...this.media, ...change }
    this.signal({ type: 'media', ...this.media })
  }

  setMic(on: boolean) {
    for (const t of this.o.local.getAudioTracks()) t.enabled = on
    this.tellMedia({ mic: on })
  }

  setCamera(on: boolean) {
    for (const t of this.o.local.getVideoTracks()) t.enabled = on
    this.tellMedia({ camera: on })
  }

  async startShare(): Promise<boolean> {
    let stream: MediaStream
    try {
      stream = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false })
    } catch {
      return false
    }
    const track = stream.getVideoTracks()[0]
    if (!track) return false
    this.screen = track
    // Ended from the browser's own "stop sharing" bar: the same as our button.
    track.onended = () => this.o.emit({ type: 'share.stop' })
    if (this.pc) this.applyScreen(this.pc, track)
    this.tellMedia({ sharing: true })
    return true
  }

  stopShare() {
    const track = this.screen
    this.screen = null
    track?.stop()
    if (track) this.tellMedia({ sharing: false })
    const pc = this.pc
    if (!pc) return
    const camera = this.o.local.getVideoTracks()[0] ?? null
    const sender = pc.getSenders().find((s) => s === this.screenSender || s.track === track || (track && s.track?.id === track.id))
    if (sender && camera) void sender.replaceTrack(camera)
    else if (sender) {
      pc.removeTrack(sender)
      this.screenSender = null
    }
  }

  /** A chat line: sent now if the chat limit allows and the socket is up, else as soon as both do. */
  sendChat(id: string, text: string) {
    this.unsent.set(id, text)
    this.outbox.push(id)
    this.pump()
  }

  private pump() {
    if (this.pumpTimer) return
    while (this.outbox.length && this.ws?.readyState === WebSocket.OPEN) {
      const wait = this.chatPace.waitMs(1)
      if (wait > 0) {
        this.pumpTimer = setTimeout(() => {
          this.pumpTimer = null
          this.pump()
        }, wait)
        return
      }
      const id = this.outbox.shift()!
      const text = this.unsent.get(id)
      if (text === undefined) continue
      this.chatPace.take(1)
      this.signal({ type: 'chat', id, text })
    }
  }

  /** Goodbye: the socket, the peer connection and every device are released. */
  leave() {
    if (this.closed) return
    this.closed = true
    if (this.pumpTimer) clearTimeout(this.pumpTimer)
    this.signal({ type: 'bye' })
    this.ws?.close(1000, 'bye')
    this.ws = null
    this.dropPeerConnection()
    this.screen?.stop()
    for (const t of this.o.local.getTracks()) t.stop()
  }
}
