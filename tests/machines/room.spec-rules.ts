// Spec rules of the online consultation room's chart (docs/product.md "The online consultation
// room", decision 93): who gets in and when, what is opened and closed, what the chat sends, and
// that a dropped connection is said and recovered. Only event types, actor and action names,
// params and tags — no state names.
import type { AnyMachineSnapshot } from 'xstate'
import { ROOM_CHAT_MAX, type RoomAccessResponse } from '../../contract/room'
import { roomMachine, type ChatLine } from '../../machines/room/room-machine'
import { ApiError } from '../../src/api/api-error'
import { boundary, textsAround } from './boundaries'
import type { ModelConfig } from './model'
import { actions, calls, httpStatus, isClient, same, type ChartSpec, type Observation, type SpecRules } from './observe'

const OPENS = 1_795_656_000
const room = (phase: 'waiting' | 'open'): RoomAccessResponse => ({
  ticketNumber: 'S0000042', side: 'member', productName: '60分サポートチケット', opensUnixTime: OPENS, startUnixTime: OPENS + 600,
  endUnixTime: OPENS + 4200, closesUnixTime: OPENS + 4800, nowUnixTime: OPENS - 60, phase, peerName: 'さくら', iceServers: [],
})

/** The room's life: loading, waiting, the device check, joining, drops, leaving (one chat line). */
const lifeEvents: ModelConfig['events'] = {
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
  'chat.send': [{ id: 'line-a', text: '  聞こえますか  ', at: OPENS + 700 }],
  'room.closed': [{}],
  leave: [{}],
}
/** In the room: the devices, the screen and the other side's coming, going and reports. */
const deviceEvents: ModelConfig['events'] = {
  join: [{ mode: 'video' }, { mode: 'voice' }],
  'peer.joined': [{}],
  'peer.connected': [{}],
  'socket.lost': [{}],
  'peer.left': [{}],
  'peer.media': [{ media: { camera: false, mic: false, sharing: true } }],
  'mic.toggle': [{}],
  'camera.toggle': [{}],
  'share.start': [{}],
  'share.started': [{}],
  'share.stop': [{}],
  leave: [{}],
}
/** In the room: the chat. */
const chatEvents: ModelConfig['events'] = {
  join: [{ mode: 'video' }],
  // The chat's boundary: blank, exactly and one over ROOM_CHAT_MAX once trimmed, a control
  // character; and a line with an id already used.
  'chat.send': [
    { id: 'line-a', text: '  聞こえますか  ', at: OPENS + 700 },
    { id: 'line-b', text: '   ', at: OPENS + 700 },
    { id: 'line-c', text: 'NUL\u0000です', at: OPENS + 700 },
    // Exactly the limit and one over, under one id: at most one of them is ever a line.
    ...boundary(...textsAround(ROOM_CHAT_MAX).slice(1, 3).map((text) => ({ id: 'line-long', text, at: OPENS + 700 }))),
  ],
  'chat.sent': [{ id: 'line-a', seq: 7 }],
  'chat.failed': [{ id: 'line-a', message: '送信が続いたため、しばらく送れません。' }],
  'chat.retry': [{ id: 'line-a' }],
  'chat.received': [{ id: 'peer-1', text: 'はい', at: OPENS + 710, seq: 5 }],
  'chat.history': [{ lines: [{ id: 'peer-1', from: 'consultant', text: 'はい', at: OPENS + 710, seq: 5 }, { id: 'line-a', from: 'member', text: '聞こえますか', at: OPENS + 700, seq: 7 }] }],
  'socket.lost': [{}],
  leave: [{}],
}
const outcomes: ModelConfig['outcomes'] = {
  loadRoom: { done: [room('open'), room('waiting')], error: [new ApiError(403, 'このご予約は返金により取り消されています。'), new ApiError(409, 'お部屋は閉じています。'), new ApiError(503, 'down')] },
}
const openOnly: ModelConfig['outcomes'] = { loadRoom: { done: [room('open')] } }
const lifeSerialize = (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.mode, s.context.micOn, s.context.cameraOn, s.context.peerHere])
const deviceSerialize = (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.mode, s.context.micOn, s.context.cameraOn, s.context.sharing, s.context.peerHere, s.context.peerMedia])
const chatSerialize = (s: AnyMachineSnapshot) => JSON.stringify([s.value, (s.context.chat as ChatLine[]).map((l) => `${l.id}:${l.state}`)])

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
    // What the room's access answered is what the page shows (times, names); a failure says its status; a retry starts clean.
    if (after.reply?.call === 'loadRoom' && after.reply.ok && !same(after.context.room, after.reply.output)) v.push('the room as the server answered it is kept')
    if (after.reply?.call === 'loadRoom' && !after.reply.ok && !isClient(httpStatus(after.reply.error)) && !String(after.context.refusal).includes(String(httpStatus(after.reply.error)))) v.push('a failed load says its status')
    if (event.type === 'retry' && was === 'failed' && after.context.refusal !== null) v.push('a retry clears the failure')
    // In the room until leaving, the room's closing or a refusal: nothing else ends the call.
    const inRoomNow = after.tags.includes('connecting') || after.tags.includes('connected') || after.tags.includes('reconnecting')
    if (phase === 'room' && !inRoomNow) v.push(`${event.type} must not take the page out of the room`)
    if (event.type === 'peer.left' && was === 'room' && !after.tags.includes('connecting')) v.push('once the other side left, the page waits for them')
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
    // Chat: sent trimmed with its id, once, only from the room, only when it fits and has no
    // control character; shown at once as on its way.
    const chats = actions(after, 'sendChat')
    const lineOf = (snap: typeof after | null | undefined, id: unknown) => (snap?.context.chat as ChatLine[] | undefined)?.find((l) => l.id === id)
    if (event.type === 'chat.send') {
      const text = String(event.text).trim()
      const fresh = !lineOf(before, event.id)
      const ok = was === 'room' && fresh && text.length > 0 && text.length <= ROOM_CHAT_MAX && !/\p{Cc}/u.test(text.replace(/[\t\n\r]/g, ''))
      if (ok && !same(chats, [{ action: 'sendChat', params: { id: event.id, text } }])) v.push(`a chat line is sent trimmed with its id, once: did ${JSON.stringify(chats).slice(0, 200)}`)
      if (!ok && chats.length) v.push(`a blank, too long, control-character, repeated or out-of-room chat is not sent (${text.length} characters, ${was})`)
      if (ok && !same(lineOf(after, event.id), { id: event.id, from: 'member', text, at: event.at, seq: null, state: 'sending' })) v.push(`the line sent shows at once as on its way: ${JSON.stringify(lineOf(after, event.id))}`)
      if (!ok && (after.context.chat as ChatLine[]).length !== (before?.context.chat as ChatLine[] | undefined)?.length) v.push('a chat line not sent is not shown')
    } else if (event.type === 'chat.retry') {
      const failed = lineOf(before, event.id)?.state === 'failed' && was === 'room'
      if (failed && !same(chats, [{ action: 'sendChat', params: { id: event.id, text: lineOf(before, event.id)!.text } }])) v.push(`a failed line is sent again, once, as it was: did ${JSON.stringify(chats)}`)
      if (failed && lineOf(after, event.id)?.state !== 'sending') v.push('a line sent again shows as on its way')
      if (!failed && chats.length) v.push('only a failed line is sent again')
    } else if (chats.length) v.push(`only chat.send and chat.retry send chat, not ${event.type}`)
    const mine = lineOf(before, event.id)
    if (event.type === 'chat.sent' && was === 'room' && mine) {
      if (!same(lineOf(after, event.id), { ...mine, seq: event.seq, state: 'sent' })) v.push(`the server's number marks the line sent: ${JSON.stringify(lineOf(after, event.id))}`)
    }
    if (event.type === 'chat.failed' && was === 'room' && mine && mine.seq === null) {
      if (lineOf(after, event.id)?.state !== 'failed' || lineOf(after, event.id)?.error !== event.message) v.push('a refused line says it failed, with the server’s reason')
    }
    if (event.type === 'chat.received' && was === 'room') {
      const list = after.context.chat as ChatLine[]
      const line = lineOf(after, event.id)
      if (!line || line.from !== 'consultant' || line.text !== event.text || line.seq !== event.seq) v.push(`a received line is the other side’s, with its number: ${JSON.stringify(line)}`)
      if (list.filter((l) => l.id === event.id).length !== 1) v.push('a line received again is shown once')
    }
    if (event.type === 'chat.history' && was === 'room') {
      const list = after.context.chat as ChatLine[]
      for (const h of event.lines as ChatLine[]) if (list.filter((l) => l.id === h.id && l.seq === h.seq && l.state === 'sent').length !== 1) v.push(`the history's line ${h.id} is shown once, numbered and sent`)
    }
    // The chat is in the room's order: numbered lines by their number, the ones on their way after them.
    const seqs = (after.context.chat as ChatLine[]).map((l) => l.seq)
    const firstPending = seqs.indexOf(null)
    const numbered = (firstPending === -1 ? seqs : seqs.slice(0, firstPending)) as number[]
    if (numbered.some((n, i) => i > 0 && n < numbered[i - 1]) || (firstPending !== -1 && seqs.slice(firstPending).some((n) => n !== null))) v.push(`the chat is in the room's order: ${JSON.stringify(seqs)}`)
    // The other side's devices as they report them; unknown again once they leave.
    if (event.type === 'peer.media' && was === 'room' && !same(after.context.peerMedia, event.media)) v.push('the other side’s camera and microphone show as they report them')
    if (event.type === 'peer.left' && was === 'room' && (after.context.peerMedia !== null || after.context.peerHere)) v.push('once the other side left, nothing of them is shown')
    if ((event.type === 'peer.joined' || event.type === 'peer.connected') && was === 'room' && !after.context.peerHere) v.push('the other side shows as in the room')
    // Sharing: started only when not sharing, stopped only when sharing; the button follows.
    const shareStarts = actions(after, 'startShare')
    const shareStops = actions(after, 'stopShare')
    if (event.type === 'share.start' && was === 'room' && !before!.context.sharing) {
      if (shareStarts.length !== 1) v.push('share.start asks for the screen once')
    } else if (shareStarts.length) v.push(`the screen is asked for only by share.start when not sharing (${event.type})`)
    if (event.type === 'share.stop' && was === 'room' && before!.context.sharing) {
      if (shareStops.length !== 1 || after.context.sharing) v.push('share.stop stops the sharing once')
    } else if (shareStops.length) v.push(`sharing is stopped only by share.stop while sharing (${event.type})`)
    if (event.type === 'share.started' && was === 'room' && !after.context.sharing) v.push('a started share shows as sharing')
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
      if (joinedWith(trail) === 'video' && after.context.cameraOn === before!.context.cameraOn) v.push('the camera toggle switches the camera')
    }
    if (event.type === 'mic.toggle' && was === 'room' && !same(actions(after, 'setMic'), [{ action: 'setMic', params: { on: !before!.context.micOn } }])) v.push('the microphone toggle is applied')
    return v
  },
}

export const spec: ChartSpec = {
  configs: [
    { machine: roomMachine, input: { ticketNumber: 'S0000042', side: 'member' }, events: lifeEvents, outcomes, serialize: lifeSerialize, limit: 50_000 },
    { machine: roomMachine, input: { ticketNumber: 'S0000042', side: 'member' }, events: deviceEvents, outcomes: openOnly, serialize: deviceSerialize, limit: 50_000 },
    { machine: roomMachine, input: { ticketNumber: 'S0000042', side: 'member' }, events: chatEvents, outcomes: openOnly, serialize: chatSerialize, limit: 50_000 },
  ],
  rules,
}
