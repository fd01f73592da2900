// Spec rules of the consultation-outcome chart (docs/product.md §4 ticket statuses; staff call
// consultation-outcome): what is recorded is what the consultant chose and entered, only after
// confirming, only once per confirmation; the list is told only when it was saved. Where the
// consultant is (what the panel shows and which buttons work) is replayed from the trail and checked.
import type { AnyMachineSnapshot } from 'xstate'
import { MINUTES_USED_MAX, UNSOLVED_FOLLOW_MAX } from '../../contract/staff-calls'
import { consultationOutcomeMachine } from '../../machines/consultation-outcome/consultation-outcome-machine'
import { ApiError } from '../../src/api/api-error'
import type { ModelConfig } from './model'
import { actions, calls, expectCan, same, type ChartSpec, type Observation, type SpecRules } from './observe'
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

type Position = 'choosing' | 'confirming' | 'saving' | 'failed' | 'saved'
const CONSULTANT = ['outcome.choose', 'field.change', 'form.next', 'back', 'confirm', 'retry']
/** What the panel shows at each point (consultation-outcome-view reads these tags). */
const TAGS: Record<Position, string[]> = { choosing: [], confirming: ['confirmOpen'], saving: ['busy', 'confirmOpen', 'saving'], failed: ['failed'], saved: ['done'] }

/** The panel by the spec after the trail: where the consultant is and the form as filled (an outcome not offered is ignored). */
function replay(trail: Observation[], status: string) {
  let position: Position = 'choosing'
  let outcome: string | null = null
  let minutes = String((trail[0].context as { minutesUsed: string }).minutesUsed)
  let followUp = ''
  let failure = ''
  const formOk = () => {
    const n = /^\d+$/.test(minutes.trim()) ? Number(minutes.trim()) : NaN
    return outcome !== null && (outcome !== 'COMPLETED' || (Number.isInteger(n) && n >= 1 && n <= MINUTES_USED_MAX)) && (outcome !== 'UNSOLVED_COMPLETED' || (followUp.trim().length >= 1 && followUp.trim().length <= UNSOLVED_FOLLOW_MAX))
  }
  for (const o of trail.slice(1)) {
    const e = o.event
    const r = o.reply
    if (r?.call === 'recordOutcome') {
      position = r.ok ? 'saved' : 'failed'
      if (!r.ok) failure = (r.error as Error).message
    } else if (position === 'choosing') {
      if (e.type === 'outcome.choose' && offered[status].includes(e.outcome)) outcome = e.outcome
      if (e.type === 'field.change' && e.field === 'minutesUsed') minutes = e.value
      if (e.type === 'field.change' && e.field === 'followUp') followUp = e.value
      if (e.type === 'form.next' && formOk()) position = 'confirming'
    } else if (position === 'confirming') {
      if (e.type === 'confirm') position = 'saving'
      if (e.type === 'back') position = 'choosing'
    } else if (position === 'failed') {
      if (e.type === 'retry') position = 'saving'
      if (e.type === 'back') position = 'choosing'
    }
  }
  return { position, outcome, minutes, followUp, failure, formOk: formOk() }
}

/** The request the form stands for (docs/product.md §4: 完了 with the minutes used, 未解決で完了 with the follow-up). */
function expected(f: ReturnType<typeof replay>, ticketNumber: string) {
  if (f.outcome === 'COMPLETED') return { ticketNumber, outcome: 'COMPLETED', minutesUsed: Number(f.minutes.trim()) }
  if (f.outcome === 'UNSOLVED_COMPLETED') return { ticketNumber, outcome: 'UNSOLVED_COMPLETED', unsolvedAfterFollowContent: f.followUp.trim() }
  return { ticketNumber, outcome: f.outcome }
}

const rulesFor = (status: string): SpecRules => ({
  afterStep({ event, before, after, trail }) {
    const out: string[] = []
    const was = before ? replay(trail.slice(0, -1), status) : null
    const now = replay(trail, status)
    // Recorded only from the confirmation (or its retry), once, with what was chosen and entered.
    const records = (was?.position === 'confirming' && event.type === 'confirm') || (was?.position === 'failed' && event.type === 'retry')
    const want = records ? [{ call: 'recordOutcome', input: expected(now, consultationFixture.ticketNumber) }] : []
    if (!same(after.sent, want)) out.push(`${event.type}: expected calls ${JSON.stringify(want)}, sent ${JSON.stringify(after.sent)}`)
    // 完了 needs 1–600 minutes, 未解決で完了 a follow-up of at most 500 characters: nothing else reaches the server.
    if (calls(after, 'recordOutcome').length && !now.formOk) out.push(`recorded a form the server refuses: ${JSON.stringify(after.sent[0].input)}`)
    const r = after.reply
    const saved = r?.call === 'recordOutcome' && r.ok
    const told = actions(after, 'outcomeSaved').length > 0
    if (told !== saved) out.push(saved ? 'saved but the list was not told' : 'the list was told without a save')
    if (after.done !== (now.position === 'saved')) out.push(now.position === 'saved' ? 'saved, but the panel goes on' : 'the panel ended without a save')
    // Where the consultant is: 次へ only on a form the server takes, the confirmation's two buttons, none while saving.
    const allowed = { choosing: ['outcome.choose', 'field.change', ...(now.formOk ? ['form.next'] : [])], confirming: ['confirm', 'back'], saving: [], failed: ['retry', 'back'], saved: [] }[now.position]
    if (!after.done) out.push(...expectCan(after, allowed, CONSULTANT, `at ${now.position}`))
    if (!same(after.tags, TAGS[now.position])) out.push(`the panel must show ${JSON.stringify(TAGS[now.position])}, shows ${JSON.stringify(after.tags)}`)
    // What the panel shows: the choice and the fields as entered, the server's message, the saved outcome.
    const c = after.context
    if (c.outcome !== now.outcome || c.minutesUsed !== now.minutes || c.followUp !== now.followUp) out.push(`the form shows ${JSON.stringify([c.outcome, c.minutesUsed, c.followUp.slice(0, 20)])}, entered ${JSON.stringify([now.outcome, now.minutes, now.followUp.slice(0, 20)])}`)
    if (now.position === 'failed' && c.failure !== now.failure) out.push(`the server's message ${JSON.stringify(now.failure)} is not kept for the consultant`)
    if (saved && r && !same([c.saved, c.ratingMailSent], [(r.output as { consultation: unknown }).consultation, (r.output as { ratingMailSent: boolean }).ratingMailSent])) out.push('the saved consultation and whether the rating mail went are shown as the server answered')
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
