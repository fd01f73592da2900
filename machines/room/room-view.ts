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
}
