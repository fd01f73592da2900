import * as v from 'valibot'
import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { ChatText, type RoomAccessResponse, type RoomChatLine, type RoomSide } from '../../contract/room'
import { merged, ordered, type ChatLine } from './room-chat'
import { failureMessage, failureStatus, isClientFailure } from '../shared/api-failure'

/**
 * The online consultation room (docs/product.md "The online consultation room"), for the member
 * and the consultant alike. The chart decides; the effects hook (src/features/room/
 * use-room-actor.ts) does: the camera and microphone, the peer connection and the socket, and
 * reports back as events.
 *
 * loading ─room-access─▶ waiting (before it opens) ─clock.tick [opened]─▶ checkingDevices
 *                      ─▶ checkingDevices (open)          · 4xx ─▶ refused (the server's words) · else ─▶ loadFailed ─retry─▶ loading
 * checkingDevices ─join (camera+mic or voice only)─▶ inRoom: connecting ─peer.connected─▶ connected
 * connected ─peer.lost / socket.lost─▶ reconnecting ─peer.connected─▶ connected   (the hook restarts ICE / rejoins)
 * connecting, connected ─peer.left─▶ connecting (the other side left; waiting for them)
 * any room state ─leave / room.closed─▶ ended · socket.refused ─▶ refused (the server's reason)
 *
 * In the room, at any time: the chat (a line is 'sending' until the server numbers it, 'failed'
 * with the server's reason, sent again by chat.retry; the other side's lines and the history
 * given on each (re)join are merged by id, in the room's order), and the other side's camera,
 * microphone and screen as they report them (peer.media; unknown again once they leave).
 */

export type { ChatLine }
export type JoinMode = 'video' | 'voice'
/** What the other side reports of its devices. */
export type PeerMedia = { camera: boolean; mic: boolean; sharing: boolean }

export type RoomContext = {
  ticketNumber: string
  side: RoomSide
  room: RoomAccessResponse | null
  /** Why the room is refused or could not load (the server's message). */
  refusal: string | null
  mode: JoinMode | null
  micOn: boolean
  cameraOn: boolean
  sharing: boolean
  chat: ChatLine[]
  /** How many times the connection dropped and came back (the view says so). */
  drops: number
  /** The other side is in the room (their socket joined). */
  peerHere: boolean
  /** The other side's camera, microphone and screen, as last reported; null until they report. */
  peerMedia: PeerMedia | null
}

export type RoomEvent =
  | { type: 'clock.tick'; now: number }
  | { type: 'retry' }
  | { type: 'join'; mode: JoinMode }
  | { type: 'socket.welcome' }
  | { type: 'socket.refused'; message: string }
  | { type: 'socket.lost' }
  | { type: 'peer.joined' }
  | { type: 'peer.connected' }
  | { type: 'peer.lost' }
  | { type: 'peer.left' }
  | { type: 'mic.toggle' }
  | { type: 'camera.toggle' }
  | { type: 'share.start' }
  | { type: 'share.started' }
  | { type: 'share.stop' }
  | { type: 'chat.send'; id: string; text: string; at: number }
  | { type: 'chat.sent'; id: string; seq: number }
  | { type: 'chat.failed'; id: string; message: string }
  | { type: 'chat.retry'; id: string }
  | { type: 'chat.received'; id: string; text: string; at: number; seq: number }
  | { type: 'chat.history'; lines: RoomChatLine[] }
  | { type: 'peer.media'; media: PeerMedia }
  | { type: 'room.closed' }
  | { type: 'leave' }

/** A chat line the member or consultant may send: the contract's rule (not blank, at most ROOM_CHAT_MAX once trimmed, no control character). */
export const isSendableChat = (text: string) => v.is(ChatText, text)

export const roomMachine = setup({
  types: {
    context: {} as RoomContext,
    input: {} as { ticketNumber: string; side: RoomSide },
    events: {} as RoomEvent,
  },
  actors: {
    loadRoom: fromPromise<RoomAccessResponse, { ticketNumber: string; side: RoomSide }>(async () => {
      throw new Error('provided by use-room-actor')
    }),
  },
  actions: {
    /** Opens the socket and the peer connection with the chosen devices. */
    startSession: (_, _params: { mode: JoinMode; room: RoomAccessResponse }) => {},
    /** Says goodbye and closes everything (camera and microphone released). */
    leaveSession: () => {},
    setMic: (_, _params: { on: boolean }) => {},
    setCamera: (_, _params: { on: boolean }) => {},
    startShare: () => {},
    stopShare: () => {},
    sendChat: (_, _params: { id: string; text: string }) => {},
  },
  guards: {
    isOpen: ({ event }) => 'output' in event && (event.output as RoomAccessResponse).phase === 'open',
    isClientError: ({ event }) => 'error' in event && isClientFailure(event.error),
    opened: ({ context, event }) => {
      assertEvent(event, 'clock.tick')
      return context.room !== null && event.now >= context.room.opensUnixTime
    },
    canSendChat: ({ context, event }) => {
      assertEvent(event, 'chat.send')
      return isSendableChat(event.text) && !context.chat.some((l) => l.id === event.id)
    },
    failedLine: ({ context, event }) => {
      assertEvent(event, 'chat.retry')
      return context.chat.some((l) => l.id === event.id && l.state === 'failed')
    },
    hasCamera: ({ context }) => context.mode === 'video',
    notSharing: ({ context }) => !context.sharing,
    sharing: ({ context }) => context.sharing,
  },
}).createMachine({
  id: 'room',
  context: ({ input }) => ({
    ticketNumber: input.ticketNumber,
    side: input.side,
    room: null,
    refusal: null,
    mode: null,
    micOn: true,
    cameraOn: true,
    sharing: false,
    chat: [],
    drops: 0,
    peerHere: false,
    peerMedia: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadRoom',
        input: ({ context }) => ({ ticketNumber: context.ticketNumber, side: context.side }),
        onDone: [
          { guard: 'isOpen', target: 'checkingDevices', actions: assign({ room: ({ event }) => event.output }) },
          { target: 'waiting', actions: assign({ room: ({ event }) => event.output }) },
        ],
        onError: [
          { guard: 'isClientError', target: 'refused', actions: assign({ refusal: ({ event }) => failureMessage(event.error) }) },
          { target: 'loadFailed', actions: assign({ refusal: ({ event }) => `通信エラーが発生しました（${failureStatus(event.error)}）。` }) },
        ],
      },
    },
    loadFailed: { on: { retry: { target: 'loading', actions: assign({ refusal: null }) } } },
    waiting: {
      on: { 'clock.tick': { guard: 'opened', target: 'checkingDevices' } },
    },
    checkingDevices: {
      on: {
        join: {
          target: 'inRoom',
          actions: [
            assign({ mode: ({ event }) => event.mode, cameraOn: ({ event }) => event.mode === 'video', micOn: true }),
            { type: 'startSession', params: ({ context, event }) => ({ mode: event.mode, room: context.room! }) },
          ],
        },
      },
    },
    inRoom: {
      on: {
        leave: { target: 'ended', actions: 'leaveSession' },
        'room.closed': { target: 'ended', actions: 'leaveSession' },
        'socket.refused': { target: 'refused', actions: [assign({ refusal: ({ event }) => event.message }), 'leaveSession'] },
        'mic.toggle': { actions: [assign({ micOn: ({ context }) => !context.micOn }), { type: 'setMic', params: ({ context }) => ({ on: context.micOn }) }] },
        'camera.toggle': { guard: 'hasCamera', actions: [assign({ cameraOn: ({ context }) => !context.cameraOn }), { type: 'setCamera', params: ({ context }) => ({ on: context.cameraOn }) }] },
        'chat.send': {
          guard: 'canSendChat',
          actions: [
            { type: 'sendChat', params: ({ event }) => ({ id: event.id, text: event.text.trim() }) },
            assign({ chat: ({ context, event }) => [...context.chat, { id: event.id, from: context.side, text: event.text.trim(), at: event.at, seq: null, state: 'sending' }] }),
          ],
        },
        'chat.sent': { actions: assign({ chat: ({ context, event }) => ordered(context.chat.map((l) => (l.id === event.id ? { id: l.id, from: l.from, text: l.text, at: l.at, seq: event.seq, state: 'sent' } : l))) }) },
        'chat.failed': { actions: assign({ chat: ({ context, event }) => context.chat.map((l) => (l.id === event.id && l.seq === null ? { ...l, state: 'failed', error: event.message } : l)) }) },
        'chat.retry': {
          guard: 'failedLine',
          actions: [
            { type: 'sendChat', params: ({ context, event }) => ({ id: event.id, text: context.chat.find((l) => l.id === event.id)!.text }) },
            assign({ chat: ({ context, event }) => context.chat.map((l) => (l.id === event.id ? { id: l.id, from: l.from, text: l.text, at: l.at, seq: null, state: 'sending' } : l)) }),
          ],
        },
        'chat.received': {
          actions: assign({
            chat: ({ context, event }) =>
              context.chat.some((l) => l.id === event.id)
                ? context.chat
                : ordered([...context.chat, { id: event.id, from: context.side === 'member' ? 'consultant' : 'member', text: event.text, at: event.at, seq: event.seq, state: 'sent' }]),
          }),
        },
        'chat.history': { actions: assign({ chat: ({ context, event }) => merged(context.chat, event.lines) }) },
        'peer.media': { actions: assign({ peerMedia: ({ event }) => event.media }) },
        'share.start': { guard: 'notSharing', actions: 'startShare' },
        'share.started': { actions: assign({ sharing: true }) },
        'share.stop': { guard: 'sharing', actions: [assign({ sharing: false }), 'stopShare'] },
        'peer.joined': { actions: assign({ peerHere: true }) },
      },
      initial: 'connecting',
      states: {
        connecting: {
          tags: ['connecting'],
          on: {
            'peer.connected': { target: 'connected', actions: assign({ peerHere: true }) },
            'peer.left': { actions: assign({ peerHere: false, peerMedia: null }) },
            'socket.lost': { target: 'reconnecting', actions: assign({ drops: ({ context }) => context.drops + 1 }) },
          },
        },
        connected: {
          tags: ['connected'],
          on: {
            'peer.lost': { target: 'reconnecting', actions: assign({ drops: ({ context }) => context.drops + 1 }) },
            'socket.lost': { target: 'reconnecting', actions: assign({ drops: ({ context }) => context.drops + 1 }) },
            'peer.left': { target: 'connecting', actions: assign({ peerHere: false, peerMedia: null }) },
          },
        },
        reconnecting: {
          tags: ['reconnecting'],
          on: {
            'peer.connected': { target: 'connected', actions: assign({ peerHere: true }) },
            'peer.left': { target: 'connecting', actions: assign({ peerHere: false, peerMedia: null }) },
          },
        },
      },
    },
    ended: { type: 'final', tags: ['ended'] },
    refused: { type: 'final', tags: ['refused'] },
  },
})

export type RoomSnapshot = SnapshotFrom<typeof roomMachine>
