import { ROOM_CLOSE, ROOM_SOCKET_PATH, type IceServer, type RoomServerMessage, type RoomSide } from '../../../contract/room'
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
 */

type Emit = (e: RoomEvent) => void
type Signal = { type: 'hello' } | { type: 'bye' } | { type: 'chat'; text: string } | { type: 'description'; description: RTCSessionDescriptionInit } | { type: 'candidate'; candidate: RTCIceCandidateInit | null }

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

  constructor(private readonly o: RoomSessionOptions) {}

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
      void this.onMessage(msg)
    }
    ws.onclose = (e) => {
      if (this.ws !== ws || this.closed) return
      this.ws = null
      if (e.code === ROOM_CLOSE.replaced) return this.refused(roomText.replaced)
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
      case 'welcome':
        this.retryMs = 500
        // Back after a drop: the connection of before is given up here too, so the other side's
        // fresh offer (its answer to our hello) starts a new one instead of renegotiating a
        // connection whose other end is gone (that waited for ICE to fail first).
        if (this.pc) this.dropPeerConnection()
        this.o.emit({ type: 'socket.welcome' })
        this.signal({ type: 'hello' })
        return
      case 'error':
        this.lastError = msg.message
        return
      case 'hello':
        // The other side (re)joined: a fresh connection, negotiated from here.
        this.o.emit({ type: 'peer.joined' })
        this.newPeerConnection()
        return
      case 'peer-left':
      case 'bye':
        this.dropPeerConnection()
        this.o.emit({ type: 'peer.left' })
        return
      case 'chat':
        this.o.emit({ type: 'chat.received', text: msg.text, at: msg.at })
        return
      case 'description':
        return this.onDescription(msg.description as RTCSessionDescriptionInit)
      case 'candidate':
        try {
          await this.pc?.addIceCandidate(msg.candidate ?? undefined)
        } catch (e) {
          if (!this.ignoreOffer) console.warn('room: candidate refused', e)
        }
        return
    }
  }

  private async onDescription(description: RTCSessionDescriptionInit) {
    const pc = this.pc ?? this.newPeerConnection()
    const collision = description.type === 'offer' && (this.makingOffer || pc.signalingState !== 'stable')
    this.ignoreOffer = !this.polite && collision
    if (this.ignoreOffer) return
    await pc.setRemoteDescription(description)
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

  setMic(on: boolean) {
    for (const t of this.o.local.getAudioTracks()) t.enabled = on
  }

  setCamera(on: boolean) {
    for (const t of this.o.local.getVideoTracks()) t.enabled = on
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
    return true
  }

  stopShare() {
    const track = this.screen
    this.screen = null
    track?.stop()
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

  sendChat(text: string) {
    this.signal({ type: 'chat', text })
  }

  /** Goodbye: the socket, the peer connection and every device are released. */
  leave() {
    if (this.closed) return
    this.closed = true
    this.signal({ type: 'bye' })
    this.ws?.close(1000, 'bye')
    this.ws = null
    this.dropPeerConnection()
    this.screen?.stop()
    for (const t of this.o.local.getTracks()) t.stop()
  }
}
