import type { RoomSnapshot } from './room-machine'

type Snapshot = RoomSnapshot

/** What the room page shows, asked of the room chart (docs/decisions.md 45): tags and context, never state names. */
export const roomView = {
  isLoading: (s: Snapshot) => s.hasTag('loading'),
  /** Before the room opens: the start time and a wait. */
  isWaiting: (s: Snapshot) => s.can({ type: 'clock.tick', now: Number.MAX_SAFE_INTEGER }),
  /** The device check: camera and microphone chosen, then join. */
  isCheckingDevices: (s: Snapshot) => s.can({ type: 'join', mode: 'voice' }),
  canRetry: (s: Snapshot) => s.can({ type: 'retry' }),
  isInRoom: (s: Snapshot) => s.hasTag('connecting') || s.hasTag('connected') || s.hasTag('reconnecting'),
  isConnecting: (s: Snapshot) => s.hasTag('connecting'),
  isConnected: (s: Snapshot) => s.hasTag('connected'),
  isReconnecting: (s: Snapshot) => s.hasTag('reconnecting'),
  isEnded: (s: Snapshot) => s.hasTag('ended'),
  isRefused: (s: Snapshot) => s.hasTag('refused'),
  canToggleCamera: (s: Snapshot) => s.can({ type: 'camera.toggle' }),
  /** The other side is here with their camera off and no screen shared: their name stands in for the picture. */
  peerCameraOff: (s: Snapshot) => s.context.peerHere && s.context.peerMedia !== null && !s.context.peerMedia.camera && !s.context.peerMedia.sharing,
  peerMicOff: (s: Snapshot) => s.context.peerHere && s.context.peerMedia?.mic === false,
  peerSharing: (s: Snapshot) => s.context.peerHere && s.context.peerMedia?.sharing === true,
  /** Whether the other side's microphone may carry a voice (unknown counts as on). */
  peerMicMayBeOn: (s: Snapshot) => s.context.peerMedia?.mic !== false,
  /** One's own camera off and no screen shared. */
  myCameraOff: (s: Snapshot) => !s.context.cameraOn && !s.context.sharing,
}
