// Spec rules of the online consultation room's chart (docs/product.md "The online consultation
// room", decision 93): who gets in and when, what is opened and closed, what the chat sends, and
// that a dropped connection is said and recovered. Only event types, actor and action names,
// params and tags — no state names.
import type { AnyMachineSnapshot } from 'xstate'
import { ROOM_CHAT_MAX, type RoomAccessResponse } from '../../contract/room'
import { roomMachine } from '../../machines/room/room-machine'
import { ApiError } from '../../src/api/api-error'
import { boundary, textsAround } from './boundaries'
import type { ModelConfig } from './model'
import { actions, calls, httpStatus, isClient, same, type ChartSpec, type Observation, type SpecRules } from './observe'

const OPENS = 1_795_656_000
const room = (phase: 'waiting' | 'open'): RoomAccessResponse => ({
  ticketNumber: 'S0000042', side: 'member', productName: '60分サポートチケット', opensUnixTime: OPENS, startUnixTime: OPENS + 600,
  endUnixTime: OPENS + 4200, closesUnixTime: OPENS + 4800, nowUnixTime: OPENS - 60, phase, peerName: 'さくら', iceServers: [],
})

const events: ModelConfig['events'] = {
  // One second before the opening, and the opening itself.
  'clock.tick': boundary({ now: OPENS - 1 }, { now: OPENS }),
  retry: [{}],
  join: [{ mode: 'video' }, { mode: 'voice' }],
  'socket.welcome': [{}],
  'socket.refused': [{ message: 'お部屋は閉じています。' }],
  'socket.lost': [{}],
  'peer.joined': [{}],
  'peer.connected': [{}],
  'peer.lost': [{}],
  'peer.left': [{}],
  'mic.toggle': [{}],
  'camera.toggle': [{}],
  'share.start': [{}],
  'share.started': [{}],
  'share.stop': [{}],
  // The chat's boundary: blank, one under, exactly and one over ROOM_CHAT_MAX once trimmed.
  'chat.send': [{ text: '  聞こえますか  ', at: OPENS + 700 }, { text: '   ', at: OPENS + 700 }, ...boundary(...textsAround(ROOM_CHAT_MAX).map((text) => ({ text, at: OPENS + 700 })))],
  'chat.received': [{ text: 'はい', at: OPENS + 710 }],
  'room.closed': [{}],
  leave: [{}],
}
const outcomes: ModelConfig['outcomes'] = {
  loadRoom: { done: [room('open'), room('waiting')], error: [new ApiError(403, 'このご予約は返金により取り消されています。'), new ApiError(409, 'お部屋は閉じています。'), new ApiError(503, 'down')] },
}
const serialize = (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.mode, s.context.micOn, s.context.cameraOn, s.context.sharing])

/** Where the room is by the spec, from the events alone. */
type Phase = 'loading' | 'failed' | 'waiting' | 'devices' | 'room' | 'ended' | 'refused'
function phaseOf(trail: Observation[]): Phase {
  let phase: Phase = 'loading'
  for (const o of trail) {
    const e = o.event
    if (o.reply?.call === 'loadRoom') {
      if (o.reply.ok) phase = (o.reply.output as RoomAccessResponse).phase === 'open' ? 'devices' : 'waiting'
      else phase = isClient(httpStatus(o.reply.error)) ? 'refused' : 'failed'
    } else if (phase === 'failed' && e.type === 'retry') phase = 'loading'
    else if (phase === 'waiting' && e.type === 'clock.tick' && e.now >= OPENS) phase = 'devices'
    else if (phase === 'devices' && e.type === 'join') phase = 'room'
    else if (phase === 'room' && (e.type === 'leave' || e.type === 'room.closed')) phase = 'ended'
    else if (phase === 'room' && e.type === 'socket.refused') phase = 'refused'
  }
  return phase
}
const joinedWith = (trail: Observation[]) => trail.find((o) => o.event.type === 'join' && actions(o, 'startSession').length)?.event.mode as 'video' | 'voice' | undefined

export const rules: SpecRules = {
  afterStep({ event, before, after, trail }) {
    const v: string[] = []
    const phase = phaseOf(trail)
    const was = phaseOf(trail.slice(0, -1))
    if (event.type === 'xstate.init' || (event.type === 'retry' && was === 'failed')) {
      if (!same(calls(after), [{ call: 'loadRoom', input: { ticketNumber: 'S0000042', side: 'member' } }])) v.push(`the room's access is asked first, sent ${JSON.stringify(after.sent)}`)
    } else if (calls(after).length) v.push(`only the start and a retry ask the server, ${event.type} sent ${JSON.stringify(after.sent)}`)
    // Refused: the server's own words, and nothing opened.
    if (phase === 'refused' && after.context.refusal === null) v.push('a refusal says why')
    if (after.reply?.call === 'loadRoom' && !after.reply.ok && isClient(httpStatus(after.reply.error)) && after.context.refusal !== (after.reply.error as Error).message) v.push('a refused room shows the server’s message')
    if (after.tags.includes('refused') !== (phase === 'refused')) v.push(`refused is shown exactly when refused (phase ${phase})`)
    // The camera and microphone and the connection open only on join, once the room is open.
    const started = actions(after, 'startSession')
    if (event.type === 'join' && was === 'devices') {
      if (started.length !== 1 || (started[0].params as { mode: string }).mode !== event.mode) v.push(`join opens the session once with the mode chosen, did ${JSON.stringify(after.did)}`)
    } else if (started.length) v.push(`the session is opened only by join on the device check, not by ${event.type} (${was})`)
    if (phase !== 'devices' && after.can.includes('join')) v.push(`join only on the device check of an open room (${phase})`)
    if (phase === 'devices' && !after.can.includes('join')) v.push('the device check offers to join')
    // Leaving closes everything, once; the room is then over.
    const left = actions(after, 'leaveSession')
    if (was === 'room' && (event.type === 'leave' || event.type === 'room.closed' || event.type === 'socket.refused')) {
      if (left.length !== 1) v.push(`${event.type} in the room closes the session once, did ${JSON.stringify(after.did)}`)
    } else if (left.length) v.push(`${event.type} must not close the session`)
    if ((phase === 'ended' || phase === 'refused') && after.can.length) v.push(`after the room nothing can be done, can ${after.can}`)
    // Chat: sent trimmed, once, only from the room, only when it fits.
    const chats = actions(after, 'sendChat')
    if (event.type === 'chat.send') {
      const text = String(event.text).trim()
      const ok = was === 'room' && text.length > 0 && text.length <= ROOM_CHAT_MAX
      if (ok && !same(chats, [{ action: 'sendChat', params: { text } }])) v.push(`a chat line is sent trimmed, once: did ${JSON.stringify(chats).slice(0, 200)}`)
      if (!ok && chats.length) v.push(`a blank, too long or out-of-room chat is not sent (${text.length} characters, ${was})`)
      if (ok && after.context.chat.at(-1)?.text !== text) v.push('the line sent shows in the chat')
    } else if (chats.length) v.push(`only chat.send sends chat, not ${event.type}`)
    if (event.type === 'chat.received' && was === 'room' && after.context.chat.at(-1)?.from !== 'consultant') v.push('a received line is the other side’s')
    // A dropped connection is said, and a new connection ends it.
    if (before && was === 'room' && (event.type === 'socket.lost' || (event.type === 'peer.lost' && before.tags.includes('connected')))) {
      if (!after.tags.includes('reconnecting')) v.push(`${event.type} in the room shows that it reconnects`)
      if (after.context.drops !== before.context.drops + 1) v.push('each drop is counted')
    }
    if (event.type === 'peer.connected' && was === 'room' && !after.tags.includes('connected')) v.push('a peer connection made shows as connected')
    // Toggles: the camera only when joined with it; each toggle applied to the devices at once.
    if (event.type === 'camera.toggle' && was === 'room') {
      const set = actions(after, 'setCamera')
      if (joinedWith(trail) === 'voice' && set.length) v.push('voice only has no camera to toggle')
      if (joinedWith(trail) === 'video' && !same(set, [{ action: 'setCamera', params: { on: after.context.cameraOn } }])) v.push('the camera toggle is applied')
    }
    if (event.type === 'mic.toggle' && was === 'room' && !same(actions(after, 'setMic'), [{ action: 'setMic', params: { on: !before!.context.micOn } }])) v.push('the microphone toggle is applied')
    return v
  },
}

export const spec: ChartSpec = {
  configs: [{ machine: roomMachine, input: { ticketNumber: 'S0000042', side: 'member' }, events, outcomes, serialize, limit: 50_000 }],
  rules,
}
