// Spec rules of the reassignment chart (staff calls reassign-candidates and reassign): an operator
// may move a booking only to a consultant the server called free, with a reason, after
// confirming; a 409 (someone else changed the booking) reloads the candidates and keeps the
// server's message; the list reloads whenever the holder may have changed.
import type { AnyMachineSnapshot } from 'xstate'
import { reassignmentMachine } from '../../machines/reassignment/reassignment-machine'
import { ApiError } from '../../src/api/api-error'
import type { ModelConfig } from './model'
import { actions, calls, type ChartSpec, type Observation, type SpecRules } from './observe'
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

/** The candidate and reason the operator gave since the booking was picked (a non-free pick is ignored). */
function entered(trail: Observation[]) {
  let staffId: string | null = null
  let reason = ''
  for (const o of trail) {
    const e = o.event
    if (e.type === 'booking.pick') {
      staffId = null
      reason = ''
    }
    if (e.type === 'candidate.pick' && candidatesFixture.candidates.some((c) => c.staffId === e.staffId && c.free)) staffId = e.staffId
    if (e.type === 'reason.change') reason = e.value
  }
  return { staffId, reason: reason.trim() }
}

export const rules: SpecRules = {
  afterStep({ event, after, trail }) {
    const out: string[] = []
    for (const s of calls(after, 'reassign')) {
      if (event.type !== 'confirm' && event.type !== 'retry') out.push(`reassigned on ${event.type}: only a confirmation reassigns`)
      const { staffId, reason } = entered(trail)
      // The time the operator was shown, so a booking the member moved meanwhile is refused.
      const want = { ticketNumber: consultationFixture.ticketNumber, staffId, reservationTime: consultationFixture.reservationTime, reason }
      if (JSON.stringify(s.input) !== JSON.stringify(want)) out.push(`sent ${JSON.stringify(s.input)}, entered ${JSON.stringify(want)}`)
      const free = candidatesFixture.candidates.find((c) => c.staffId === (s.input as { staffId: string }).staffId)?.free
      if (!free) out.push('moved to a consultant who is not free')
    }
    const r = after.reply
    if (r?.call === 'reassign' && !r.ok && (r.error as ApiError).status === 409) {
      if (!calls(after, 'loadCandidates').length) out.push('a 409 must reload the candidates')
      if (after.context.conflict !== RACED) out.push("a 409 must keep the server's message")
    }
    const reloadsList = actions(after, 'reassigned').length > 0
    const holderMayHaveChanged = r?.call === 'reassign' && (r.ok || (r.error as ApiError).status === 409)
    if (reloadsList !== holderMayHaveChanged) out.push(holderMayHaveChanged ? 'the list must reload' : 'the list reloaded for nothing')
    if (event.type === 'booking.pick' && !calls(after, 'loadCandidates').length && after.tags.includes('open')) out.push('picking a booking loads its candidates')
    return out
  },
}

export const spec: ChartSpec = {
  configs: [{ machine: reassignmentMachine, events, outcomes, serialize }],
  rules,
}
