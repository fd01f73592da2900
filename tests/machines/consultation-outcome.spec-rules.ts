// Spec rules of the consultation-outcome chart (docs/product.md §4 ticket statuses; staff call
// consultation-outcome): what is recorded is what the consultant chose and entered, only after
// confirming, only once per confirmation; the list is told only when it was saved.
import type { AnyMachineSnapshot } from 'xstate'
import { MINUTES_USED_MAX, UNSOLVED_FOLLOW_MAX } from '../../contract/staff-calls'
import { consultationOutcomeMachine } from '../../machines/consultation-outcome/consultation-outcome-machine'
import { ApiError } from '../../src/api/api-error'
import type { ModelConfig } from './model'
import { actions, calls, type ChartSpec, type Observation, type SpecRules } from './observe'
import { consultationFixture } from './staff-fixtures'

const events: ModelConfig['events'] = {
  'outcome.choose': [{ outcome: 'COMPLETED' }, { outcome: 'UNSOLVED' }, { outcome: 'UNSOLVED_COMPLETED' }, { outcome: 'NO_CONTACT' }],
  // The boundary values of the form (ConsultationOutcomeRequest): 0, 1, MINUTES_USED_MAX and one
  // over for the minutes; a follow-up of UNSOLVED_FOLLOW_MAX characters and one over.
  'field.change': [
    ...['45', '0', '1', String(MINUTES_USED_MAX), String(MINUTES_USED_MAX + 1)].map((value) => ({ field: 'minutesUsed', value })),
    ...['後日お電話で解決', '   ', 'あ'.repeat(UNSOLVED_FOLLOW_MAX), 'あ'.repeat(UNSOLVED_FOLLOW_MAX + 1)].map((value) => ({ field: 'followUp', value })),
  ],
  'form.next': [{}],
  back: [{}],
  confirm: [{}],
  retry: [{}],
}
const outcomes: ModelConfig['outcomes'] = {
  recordOutcome: { done: [{ consultation: { ...consultationFixture, supportStatus: 'COMPLETED' }, ratingMailSent: true }], error: [new ApiError(409, '開始時刻前の相談には対応結果を記録できません。')] },
}
// The minutes are part of a state's identity once 完了 is chosen, the follow-up's length once 未解決で完了
// is (the only outcomes that send them), so paths take every boundary value to the server.
const serialize = (s: AnyMachineSnapshot) =>
  JSON.stringify([s.value, s.context.outcome, s.context.outcome === 'COMPLETED' ? s.context.minutesUsed : '', s.context.outcome === 'UNSOLVED_COMPLETED' ? s.context.followUp.trim().length : -1])

const offered: Record<string, string[]> = { UNSUPPORTED: ['COMPLETED', 'UNSOLVED', 'NO_CONTACT'], UNSOLVED: ['UNSOLVED_COMPLETED'] }

/** The form as the consultant filled it, from the events (an outcome not offered is ignored). */
function entered(trail: Observation[], status: string) {
  let outcome: string | null = null
  let minutes = '60'
  let followUp = ''
  for (const { event: e } of trail) {
    if (e.type === 'outcome.choose' && offered[status].includes(e.outcome)) outcome = e.outcome
    if (e.type === 'field.change' && e.field === 'minutesUsed') minutes = e.value
    if (e.type === 'field.change' && e.field === 'followUp') followUp = e.value
  }
  return { outcome, minutes, followUp }
}

function expected(trail: Observation[], status: string, ticketNumber: string) {
  const f = entered(trail, status)
  if (f.outcome === 'COMPLETED') return { ticketNumber, outcome: 'COMPLETED', minutesUsed: Number(f.minutes) }
  if (f.outcome === 'UNSOLVED_COMPLETED') return { ticketNumber, outcome: 'UNSOLVED_COMPLETED', unsolvedAfterFollowContent: f.followUp.trim() }
  return { ticketNumber, outcome: f.outcome }
}

const rulesFor = (status: string): SpecRules => ({
  afterStep({ event, after, trail }) {
    const out: string[] = []
    const sent = calls(after, 'recordOutcome')
    const confirmed = event.type === 'confirm' || event.type === 'retry'
    if (sent.length && !confirmed) out.push(`recorded on ${event.type}: only a confirmation records`)
    if (sent.length > 1) out.push('recorded twice in one step')
    for (const s of sent) {
      const want = expected(trail, status, consultationFixture.ticketNumber)
      if (JSON.stringify(s.input) !== JSON.stringify(want)) out.push(`recorded ${JSON.stringify(s.input)}, entered ${JSON.stringify(want)}`)
    }
    const told = actions(after, 'outcomeSaved').length > 0
    const saved = after.reply?.call === 'recordOutcome' && after.reply.ok
    if (told !== saved) out.push(saved ? 'saved but the list was not told' : 'the list was told without a save')
    if (after.reply?.call === 'recordOutcome' && !after.reply.ok && after.context.failure !== '開始時刻前の相談には対応結果を記録できません。') out.push("the server's message is not kept for the consultant")
    // 完了 needs 1–600 minutes, 未解決で完了 a follow-up of at most 500 characters: nothing else reaches the server.
    const f = entered(trail, status)
    const minutes = Number(f.minutes)
    const formOk = f.outcome !== null && (f.outcome !== 'COMPLETED' || (Number.isInteger(minutes) && minutes >= 1 && minutes <= MINUTES_USED_MAX)) && (f.outcome !== 'UNSOLVED_COMPLETED' || (f.followUp.trim().length >= 1 && f.followUp.trim().length <= UNSOLVED_FOLLOW_MAX))
    if (sent.length && !formOk) out.push(`recorded a form the server refuses: ${JSON.stringify(sent[0].input)}`)
    // 次へ on a form the server takes opens the confirmation; on any other it stays.
    if (event.type === 'form.next' && trail[trail.length - 2]?.can.includes('form.next') && after.can.includes('confirm') !== formOk) out.push(formOk ? 'a valid form must open the confirmation' : 'an invalid form opened the confirmation')
    return out
  },
})

const input = (supportStatus: 'UNSUPPORTED' | 'UNSOLVED') => ({ ticketNumber: consultationFixture.ticketNumber, supportStatus, noContact: false, minutes: 60 })

export const spec: ChartSpec = {
  configs: [
    { machine: consultationOutcomeMachine, input: input('UNSUPPORTED'), events, outcomes, serialize },
    { machine: consultationOutcomeMachine, input: input('UNSOLVED'), events, outcomes, serialize },
  ],
  rules: {
    afterStep(view) {
      const status = (view.trail[0]?.context as { offered?: string[] } | undefined)?.offered?.includes('UNSOLVED_COMPLETED') ? 'UNSOLVED' : 'UNSUPPORTED'
      return rulesFor(status).afterStep!(view)
    },
  },
}
