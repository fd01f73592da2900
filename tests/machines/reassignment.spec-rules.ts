// Spec rules of the reassignment chart (staff calls reassign-candidates and reassign): an operator
// may move a booking only to a consultant the server called free, with a reason, after
// confirming; a 409 (someone else changed the booking) reloads the candidates and keeps the
// server's message; the list reloads whenever the holder may have changed. Where the operator is
// (what the dialog shows and which buttons work) is replayed from the trail and checked at every step.
import type { AnyMachineSnapshot } from 'xstate'
import { REASSIGN_REASON_MAX } from '../../contract/staff-calls'
import { reassignmentMachine } from '../../machines/reassignment/reassignment-machine'
import { ApiError } from '../../src/api/api-error'
import type { ModelConfig } from './model'
import { actions, calls, expectCan, same, type ChartSpec, type Observation, type SpecRules } from './observe'
import { candidatesFixture, consultationFixture } from './staff-fixtures'

const RACED = '相談の日時または担当が同時に変更されました。画面を更新して確認してください。'
const events: ModelConfig['events'] = {
  'booking.pick': [{ ticketNumber: consultationFixture.ticketNumber }],
  'candidate.pick': [{ staffId: 'STAFF-02' }, { staffId: 'STAFF-03' }, { staffId: 'STAFF-01' }],
  'reason.change': [{ value: '体調不良のため' }, { value: '   ' }],
  'form.next': [{}],
  confirm: [{}],
  back: [{}],
  retry: [{}],
  cancel: [{}],
}
const outcomes: ModelConfig['outcomes'] = {
  loadCandidates: { done: [candidatesFixture], error: [new ApiError(500, 'down')] },
  reassign: { done: [{ consultation: { ...consultationFixture, staffId: 'STAFF-02', staffNickname: 'たけし' }, fromStaffId: 'STAFF-01' }], error: [new ApiError(409, RACED), new ApiError(400, 'bad')] },
}
const serialize = (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.staffId, s.context.reason.trim() !== '', s.context.conflict !== ''])

type Position = 'idle' | 'loading' | 'loadFailed' | 'choosing' | 'confirming' | 'reassigning' | 'failed' | 'done'
type Candidates = typeof candidatesFixture
const OPERATOR = ['booking.pick', 'candidate.pick', 'reason.change', 'form.next', 'confirm', 'back', 'retry', 'cancel']
/** What the dialog shows at each point (reassignment-view reads these tags). */
const TAGS: Record<Position, string[]> = {
  idle: [],
  loading: ['loading', 'open'],
  loadFailed: ['loadFailed', 'open'],
  choosing: ['open'],
  confirming: ['confirmOpen', 'open'],
  reassigning: ['busy', 'confirmOpen', 'open'],
  failed: ['failed', 'open'],
  done: ['done', 'open'],
}

/** The dialog by the spec after the trail: the booking, its candidates, the pick and reason, the messages. */
function replay(trail: Observation[]) {
  let position: Position = 'idle'
  let ticketNumber: string | null = null
  let loaded: Candidates | null = null
  let staffId: string | null = null
  let reason = ''
  let conflict = ''
  let failure = ''
  let result: unknown = null
  const isFree = (id: string | null) => !!loaded?.candidates.some((c) => c.staffId === id && c.free)
  const formOk = () => isFree(staffId) && reason.trim().length >= 1 && reason.trim().length <= REASSIGN_REASON_MAX
  for (const o of trail.slice(1)) {
    const e = o.event
    const r = o.reply
    if (r?.call === 'loadCandidates') {
      if (r.ok) {
        loaded = r.output as Candidates
        // A pick that is no longer free is dropped (after a conflict the times have moved).
        if (!isFree(staffId)) staffId = null
      } else failure = (r.error as Error).message
      position = r.ok ? 'choosing' : 'loadFailed'
    } else if (r?.call === 'reassign') {
      if (r.ok) result = (r.output as { consultation: unknown }).consultation
      else if ((r.error as ApiError).status === 409) conflict = (r.error as Error).message
      else failure = (r.error as Error).message
      position = r.ok ? 'done' : (r.error as ApiError).status === 409 ? 'loading' : 'failed'
    } else if (e.type === 'booking.pick' && (position === 'idle' || position === 'done')) {
      position = 'loading'
      ticketNumber = e.ticketNumber
      loaded = null
      staffId = null
      reason = ''
      conflict = ''
      failure = ''
      result = null
    } else if (e.type === 'cancel' && !['idle', 'reassigning'].includes(position)) position = 'idle'
    else if (position === 'loadFailed' && e.type === 'retry') {
      position = 'loading'
      failure = ''
    } else if (position === 'choosing') {
      if (e.type === 'candidate.pick' && isFree(e.staffId)) staffId = e.staffId
      if (e.type === 'reason.change') reason = e.value
      if (e.type === 'form.next' && formOk()) {
        position = 'confirming'
        conflict = ''
      }
    } else if (position === 'confirming') {
      if (e.type === 'confirm') position = 'reassigning'
      if (e.type === 'back') position = 'choosing'
    } else if (position === 'failed' && (e.type === 'retry' || e.type === 'back')) {
      position = e.type === 'retry' ? 'reassigning' : 'choosing'
      failure = ''
    }
  }
  // The time the operator was shown goes along, so a booking the member moved meanwhile is refused.
  const request = { ticketNumber, staffId, ...(loaded ? { reservationTime: loaded.consultation.reservationTime } : {}), reason: reason.trim() }
  return { position, ticketNumber, loaded, staffId, reason, conflict, failure, result, request, formOk: formOk() }
}

const allowedAt = (now: ReturnType<typeof replay>): string[] => {
  const freeOffered = (events['candidate.pick'] as Array<{ staffId: string }>).some((c) => now.loaded?.candidates.some((x) => x.staffId === c.staffId && x.free))
  return {
    idle: ['booking.pick'],
    loading: ['cancel'],
    loadFailed: ['retry', 'cancel'],
    choosing: [...(freeOffered ? ['candidate.pick'] : []), 'reason.change', ...(now.formOk ? ['form.next'] : []), 'cancel'],
    confirming: ['confirm', 'back', 'cancel'],
    reassigning: [],
    failed: ['retry', 'back', 'cancel'],
    done: ['booking.pick', 'cancel'],
  }[now.position]
}

export const rules: SpecRules = {
  afterStep({ event, before, after, trail }) {
    const out: string[] = []
    const was = before ? replay(trail.slice(0, -1)) : null
    const now = replay(trail)
    const r = after.reply
    // Calls: the candidates are read for a picked booking, again on retry and after a 409 (someone
    // else changed the booking); the reassignment only from the confirmation or a failed send's retry.
    const loads = now.position === 'loading' && was?.position !== 'loading'
    const reassigns = now.position === 'reassigning' && was?.position !== 'reassigning'
    const want = [...(loads ? [{ call: 'loadCandidates', input: { ticketNumber: now.ticketNumber } }] : []), ...(reassigns ? [{ call: 'reassign', input: now.request }] : [])]
    if (!same(after.sent, want)) out.push(`${event.type}: expected calls ${JSON.stringify(want)}, sent ${JSON.stringify(after.sent)}`)
    for (const s of calls(after, 'reassign')) {
      const free = candidatesFixture.candidates.find((c) => c.staffId === (s.input as { staffId: string }).staffId)?.free
      if (!free) out.push('moved to a consultant who is not free')
    }
    // The list reloads whenever the holder may have changed: reassigned, or refused by a change.
    const reloadsList = actions(after, 'reassigned').length > 0
    const holderMayHaveChanged = r?.call === 'reassign' && (r.ok || (r.error as ApiError).status === 409)
    if (reloadsList !== holderMayHaveChanged) out.push(holderMayHaveChanged ? 'the list must reload' : 'the list reloaded for nothing')
    if (after.done) out.push('the dialog belongs to the assignments page: it never ends on its own')
    else out.push(...expectCan(after, allowedAt(now), OPERATOR, `at ${now.position}`))
    if (!same(after.tags, TAGS[now.position])) out.push(`the dialog must show ${JSON.stringify(TAGS[now.position])}, shows ${JSON.stringify(after.tags)}`)
    // What the dialog shows: the booking, the pick and reason, the server's messages, the result.
    const c = after.context
    const shown = [c.ticketNumber, c.staffId, c.reason, c.conflict, c.failure, c.result]
    const wantShown = [now.ticketNumber, now.staffId, now.reason, now.conflict, now.failure, now.result]
    if (!same(shown, wantShown)) out.push(`the dialog holds ${JSON.stringify(shown)}, expected ${JSON.stringify(wantShown)}`)
    if (now.position !== 'idle' && now.position !== 'loading' && now.loaded && !same([c.consultation, c.candidates], [now.loaded.consultation, now.loaded.candidates])) out.push('the candidates shown are not the ones the server answered')
    return out
  },
}

export const spec: ChartSpec = {
  configs: [{ machine: reassignmentMachine, events, outcomes, serialize }],
  rules,
}
