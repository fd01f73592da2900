// Spec rules of the consultation-outcome chart (docs/product.md §4 ticket statuses, §10 "Outcomes fit
// the time", "Case notes"; staff call consultation-outcome): what is recorded is what the consultant
// chose and entered, only after confirming, only once per confirmation, and only when it fits the
// time (minutes used never above the minutes begun since the start nor those bought; ご連絡なし only
// 10 minutes after the start); the list is told only when it was saved. Where the consultant is
// (what the panel shows and which buttons work) is replayed from the trail and checked.
import type { AnyMachineSnapshot } from 'xstate'
import { CASE_NOTE_MAX, MINUTES_USED_MAX, UNSOLVED_FOLLOW_MAX } from '../../contract/staff-calls'
import { consultationOutcomeMachine } from '../../machines/consultation-outcome/consultation-outcome-machine'
import { ApiError } from '../../src/api/api-error'
import { around, boundary, flagConfigs, textsAround } from './boundaries'
import type { ModelConfig } from './model'
import { actions, calls, expectCan, same, type ChartSpec, type Observation, type SpecRules } from './observe'
import { consultationFixture } from './staff-fixtures'

/** The consultation of the configs: 60 minutes booked from `START`; the panel opens 45 minutes in. */
const START = consultationFixture.startUnixTime
const BOOKED = 60
const OPENED_MS = (START + 45 * 60) * 1000
/** The wait before ご連絡なし, written out here as the product states it (10 minutes). */
const WAIT_S = 10 * 60
const INITIAL_NOTE = 'プリンターの設定は前回済み'

const events: ModelConfig['events'] = {
  'outcome.choose': [{ outcome: 'COMPLETED' }, { outcome: 'UNSOLVED' }, { outcome: 'UNSOLVED_COMPLETED' }, { outcome: 'NO_CONTACT' }],
  // The boundary values of the form: 0, 1 and one over MINUTES_USED_MAX for the minutes, and the
  // largest minutes the time allows and one above (45 and 46 when opened 45 minutes in, 10 and 11
  // a second before the ご連絡なし wait ends); a follow-up of UNSOLVED_FOLLOW_MAX characters and one
  // over; a case note cleared, of CASE_NOTE_MAX characters and one over, and one with a NUL.
  'field.change': [
    ...boundary(...[...around(0), 10, 11, 45, 46, ...around(MINUTES_USED_MAX)].map((n) => ({ field: 'minutesUsed', value: String(n) }))),
    ...['後日お電話で解決', '   '].map((value) => ({ field: 'followUp', value })),
    ...boundary(...textsAround(UNSOLVED_FOLLOW_MAX).map((value) => ({ field: 'followUp', value }))),
    ...['', '  スキャナーも設定  ', 'あ'.repeat(CASE_NOTE_MAX), 'あ'.repeat(CASE_NOTE_MAX + 1), 'a\u0000b'].map((value) => ({ field: 'caseNote', value })),
  ],
  // The clock: a second before the ご連絡なし wait is over, exactly at its end, and back at 45 minutes.
  'clock.tick': [(START + WAIT_S - 1) * 1000, (START + WAIT_S) * 1000, OPENED_MS].map((nowMs) => ({ nowMs })),
  'form.next': [{}],
  back: [{}],
  confirm: [{}],
  retry: [{}],
}
const outcomes: ModelConfig['outcomes'] = {
  recordOutcome: { done: [{ consultation: { ...consultationFixture, supportStatus: 'COMPLETED' }, ratingMailSent: true }], error: [new ApiError(409, '開始時刻前の相談には対応結果を記録できません。')] },
}
// The minutes are part of a state's identity once 完了 is chosen, the follow-up's length once 未解決で完了
// is (the only outcomes that send them), the clock and the note always, so paths take every boundary
// value to the server.
const serialize = (s: AnyMachineSnapshot) =>
  JSON.stringify([
    s.value,
    s.context.outcome,
    s.context.outcome === 'COMPLETED' ? s.context.minutesUsed : '',
    s.context.outcome === 'UNSOLVED_COMPLETED' ? s.context.followUp.trim().length : -1,
    s.context.nowMs,
    s.context.caseNote,
  ])

// A consultation already marked ご連絡なし (the member did not answer) may still be 完了 or 未解決 once
// reached, never ご連絡なし a second time.
const offeredByStatus: Record<string, string[]> = { UNSUPPORTED: ['COMPLETED', 'UNSOLVED', 'NO_CONTACT'], 'UNSUPPORTED+noContact': ['COMPLETED', 'UNSOLVED'], UNSOLVED: ['UNSOLVED_COMPLETED'] }
/** What can be chosen at `nowMs`: ご連絡なし only once the wait from the start is over. */
const offeredAt = (status: string, nowMs: number) => offeredByStatus[status].filter((o) => o !== 'NO_CONTACT' || nowMs >= (START + WAIT_S) * 1000)
/** The minutes that can be recorded at `nowMs`: begun since the start (a begun minute counts), at most those booked. */
const maxAt = (nowMs: number) => Math.min(Math.max(0, Math.ceil((nowMs - START * 1000) / 60_000)), BOOKED)

type Position = 'choosing' | 'confirming' | 'saving' | 'failed' | 'saved'
const CONSULTANT = ['outcome.choose', 'field.change', 'clock.tick', 'form.next', 'back', 'confirm', 'retry']
/** What the panel shows at each point (consultation-outcome-view reads these tags). */
const TAGS: Record<Position, string[]> = { choosing: [], confirming: ['confirmOpen'], saving: ['busy', 'confirmOpen', 'saving'], failed: ['failed'], saved: ['done'] }

/** The panel by the spec after the trail: where the consultant is and the form as filled (an outcome not offered is ignored). */
function replay(trail: Observation[], status: string) {
  let position: Position = 'choosing'
  let outcome: string | null = null
  let minutes = String((trail[0].context as { minutesUsed: string }).minutesUsed)
  let followUp = ''
  let note = String((trail[0].context as { caseNote: string }).caseNote)
  let nowMs = OPENED_MS
  let failure = ''
  const formOk = () => {
    const n = /^\d+$/.test(minutes.trim()) ? Number(minutes.trim()) : NaN
    return (
      outcome !== null &&
      offeredAt(status, nowMs).includes(outcome) &&
      (outcome !== 'COMPLETED' || (Number.isInteger(n) && n >= 1 && n <= MINUTES_USED_MAX && n <= maxAt(nowMs))) &&
      (outcome !== 'UNSOLVED_COMPLETED' || (followUp.trim().length >= 1 && followUp.trim().length <= UNSOLVED_FOLLOW_MAX)) &&
      note.trim().length <= CASE_NOTE_MAX &&
      !note.includes('\u0000')
    )
  }
  for (const o of trail.slice(1)) {
    const e = o.event
    const r = o.reply
    if (r?.call === 'recordOutcome') {
      position = r.ok ? 'saved' : 'failed'
      if (!r.ok) failure = (r.error as Error).message
    } else if (position === 'choosing') {
      if (e.type === 'outcome.choose' && offeredAt(status, nowMs).includes(e.outcome)) outcome = e.outcome
      if (e.type === 'field.change' && e.field === 'minutesUsed') minutes = e.value
      if (e.type === 'field.change' && e.field === 'followUp') followUp = e.value
      if (e.type === 'field.change' && e.field === 'caseNote') note = e.value
      if (e.type === 'clock.tick') nowMs = e.nowMs
      if (e.type === 'form.next' && formOk()) position = 'confirming'
    } else if (position === 'confirming') {
      if (e.type === 'confirm') position = 'saving'
      if (e.type === 'back') position = 'choosing'
    } else if (position === 'failed') {
      if (e.type === 'retry') position = 'saving'
      if (e.type === 'back') position = 'choosing'
    }
  }
  return { position, outcome, minutes, followUp, note, nowMs, failure, formOk: formOk() }
}

/**
 * The request the form stands for (docs/product.md §4: 完了 with the minutes used, 未解決で完了 with the
 * follow-up; the case note, trimmed, only when the consultant changed it: an untouched note is kept).
 */
function expected(f: ReturnType<typeof replay>, ticketNumber: string, initialNote: string) {
  const note = f.note.trim() !== initialNote.trim() ? { caseNote: f.note.trim() } : {}
  if (f.outcome === 'COMPLETED') return { ticketNumber, outcome: 'COMPLETED', minutesUsed: Number(f.minutes.trim()), ...note }
  if (f.outcome === 'UNSOLVED_COMPLETED') return { ticketNumber, outcome: 'UNSOLVED_COMPLETED', unsolvedAfterFollowContent: f.followUp.trim(), ...note }
  return { ticketNumber, outcome: f.outcome, ...note }
}

const rulesFor = (status: string): SpecRules => ({
  afterStep({ event, before, after, trail }) {
    const out: string[] = []
    const was = before ? replay(trail.slice(0, -1), status) : null
    const now = replay(trail, status)
    // Recorded only from the confirmation (or its retry), once, with what was chosen and entered.
    const records = (was?.position === 'confirming' && event.type === 'confirm') || (was?.position === 'failed' && event.type === 'retry')
    const initialNote = String((trail[0].context as { caseNote: string }).caseNote)
    const want = records ? [{ call: 'recordOutcome', input: expected(now, consultationFixture.ticketNumber, initialNote) }] : []
    if (!same(after.sent, want)) out.push(`${event.type}: expected calls ${JSON.stringify(want)}, sent ${JSON.stringify(after.sent)}`)
    // 完了 needs 1–600 minutes and no more than the time allows, ご連絡なし the wait over, 未解決で完了 a
    // follow-up of at most 500 characters, a note at most 1000 characters: nothing else reaches the server.
    if (calls(after, 'recordOutcome').length && !now.formOk) out.push(`recorded a form the server refuses: ${JSON.stringify(after.sent[0].input)}`)
    const r = after.reply
    const saved = r?.call === 'recordOutcome' && r.ok
    const told = actions(after, 'outcomeSaved').length > 0
    if (told !== saved) out.push(saved ? 'saved but the list was not told' : 'the list was told without a save')
    if (after.done !== (now.position === 'saved')) out.push(now.position === 'saved' ? 'saved, but the panel goes on' : 'the panel ended without a save')
    // Where the consultant is: 次へ only on a form the server takes, the confirmation's two buttons, none while saving.
    const allowed = { choosing: ['outcome.choose', 'field.change', 'clock.tick', ...(now.formOk ? ['form.next'] : [])], confirming: ['confirm', 'back'], saving: [], failed: ['retry', 'back'], saved: [] }[now.position]
    if (!after.done) out.push(...expectCan(after, allowed, CONSULTANT, `at ${now.position}`))
    if (!same(after.tags, TAGS[now.position])) out.push(`the panel must show ${JSON.stringify(TAGS[now.position])}, shows ${JSON.stringify(after.tags)}`)
    // What the panel shows: the choice and the fields as entered, the server's message, the saved outcome.
    const c = after.context
    if (c.outcome !== now.outcome || c.minutesUsed !== now.minutes || c.followUp !== now.followUp || c.caseNote !== now.note) out.push(`the form shows ${JSON.stringify([c.outcome, c.minutesUsed, c.followUp.slice(0, 20), c.caseNote.slice(0, 20)])}, entered ${JSON.stringify([now.outcome, now.minutes, now.followUp.slice(0, 20), now.note.slice(0, 20)])}`)
    if (now.position === 'failed' && c.failure !== now.failure) out.push(`the server's message ${JSON.stringify(now.failure)} is not kept for the consultant`)
    if (saved && r && !same([c.saved, c.ratingMailSent], [(r.output as { consultation: unknown }).consultation, (r.output as { ratingMailSent: boolean }).ratingMailSent])) out.push('the saved consultation and whether the rating mail went are shown as the server answered')
    return out
  },
})

const input = (supportStatus: 'UNSUPPORTED' | 'UNSOLVED', caseNote: string | null, noContact = false) => ({
  ticketNumber: consultationFixture.ticketNumber,
  supportStatus,
  noContact,
  startUnixTime: START,
  minutes: BOOKED,
  addedMinutes: 0,
  caseNote,
  nowMs: OPENED_MS,
})

export const spec: ChartSpec = {
  configs: [
    // The graph walks about 300 states × 30 events: above the default traversal limit.
    // Both values of the ご連絡なし flag of a consultation not yet resolved (boundaries.ts).
    ...flagConfigs([false, true], (noContact) => ({ machine: consultationOutcomeMachine, input: input('UNSUPPORTED', null, noContact), events, outcomes, serialize, limit: 20_000 })),
    // And of one already unsolved, with its case note (a ご連絡なし recorded before it was unsolved).
    ...flagConfigs([false, true], (noContact) => ({ machine: consultationOutcomeMachine, input: input('UNSOLVED', INITIAL_NOTE, noContact), events, outcomes, serialize, limit: 20_000 })),
  ],
  rules: {
    afterStep(view) {
      // Which consultation the panel opened on: its input (status, and whether ご連絡なし is already recorded).
      const opened = view.trail[0]?.context as { status?: string; noContact?: boolean } | undefined
      const status = opened?.status === 'UNSOLVED' ? 'UNSOLVED' : opened?.noContact ? 'UNSUPPORTED+noContact' : 'UNSUPPORTED'
      return rulesFor(status).afterStep!(view)
    },
  },
}
