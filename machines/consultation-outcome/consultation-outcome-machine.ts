import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate'
import * as v from 'valibot'
import { maxMinutesUsed, noContactOpen, type OutcomeTimes } from '../../contract/outcome-rules'
import { ConsultationOutcomeRequest, type ConsultationRecord, type Consultation, type Outcome } from '../../contract/staff-calls'
import { failureMessage } from '../shared/api-failure'

/**
 * Recording a consultation's outcome (docs/product.md §4 ticket statuses, §10 "Outcomes fit the time",
 * "Case notes"; staff call consultation-outcome).
 *
 * choosing ─form.next [isFormValid]─▶ confirming ─confirm─▶ saving ─▶ saved (outcomeSaved)
 *   confirming ─back─▶ choosing
 *   saving fails ─▶ failed (the server's message) ─retry─▶ saving | ─back─▶ choosing
 *   choosing ─clock.tick─▶ choosing (the time read again: the largest minutes, whether ご連絡なし is open)
 *
 * 完了 needs the minutes used (1 up to `maxMinutesUsed`: the minutes begun since the start, at most
 * those bought), 未解決で完了 the follow-up text; 未解決 and ご連絡なし need nothing more, ご連絡なし
 * only after the wait from the start. Every outcome carries the case note as edited (it starts as
 * the consultation's note). Which outcomes are offered follows the consultation's status and the
 * time (`offeredAt`); the server decides again.
 */
export type OutcomeField = 'minutesUsed' | 'followUp' | 'caseNote'

export type ConsultationOutcomeInput = OutcomeTimes & {
  ticketNumber: string
  supportStatus: Consultation['supportStatus']
  noContact: boolean
  /** The consultation's case note so far. */
  caseNote: string | null
  /** The clock as the panel opens (ms). */
  nowMs: number
}

export type ConsultationOutcomeContext = {
  ticketNumber: string
  status: Consultation['supportStatus']
  noContact: boolean
  times: OutcomeTimes
  /** The clock as last read (the input's, then each `clock.tick`). */
  nowMs: number
  /** The outcomes the consultation can take now (`offeredAt`). */
  offered: Outcome[]
  outcome: Outcome | null
  minutesUsed: string
  followUp: string
  /** The case note as edited; `initialCaseNote` as it was (only a changed note is sent: unchanged, the server keeps it). */
  caseNote: string
  initialCaseNote: string
  /** The server's message of the last failed save. */
  failure: string
  saved: ConsultationRecord | null
  ratingMailSent: boolean
}

export type ConsultationOutcomeEvent =
  | { type: 'outcome.choose'; outcome: Outcome }
  | { type: 'field.change'; field: OutcomeField; value: string }
  | { type: 'form.next' }
  | { type: 'back' }
  | { type: 'confirm' }
  | { type: 'retry' }
  | { type: 'clock.tick'; nowMs: number }

/**
 * The outcomes a consultation can move to: 未解決 is followed up later by 未解決で完了; after
 * ご連絡なし the member may still call back (完了 or 未解決), but ご連絡なし is not recorded twice.
 */
export function offeredOutcomes(status: Consultation['supportStatus'], noContact: boolean): Outcome[] {
  if (status === 'UNSUPPORTED') return noContact ? ['COMPLETED', 'UNSOLVED'] : ['COMPLETED', 'UNSOLVED', 'NO_CONTACT']
  if (status === 'UNSOLVED') return ['UNSOLVED_COMPLETED']
  return []
}

/** The outcomes offered at `nowMs`: ご連絡なし only once the wait from the start is over. */
export function offeredAt(c: Pick<ConsultationOutcomeContext, 'status' | 'noContact' | 'times'>, nowMs: number): Outcome[] {
  const open = noContactOpen(c.times, nowMs)
  return offeredOutcomes(c.status, c.noContact).filter((o) => o !== 'NO_CONTACT' || open)
}

/** The most minutes 完了 takes now (0: not yet). */
export const maxMinutesOf = (c: Pick<ConsultationOutcomeContext, 'times' | 'nowMs'>): number => maxMinutesUsed(c.times, c.nowMs)

/** The minutes typed, as a whole number (NaN when it is none). */
const minutesOf = (raw: string) => (/^\d{1,4}$/.test(raw.trim()) ? Number(raw.trim()) : NaN)

/** The request the form stands for (undefined values are left out by the schema). */
export function outcomeRequest(c: Pick<ConsultationOutcomeContext, 'ticketNumber' | 'outcome' | 'minutesUsed' | 'followUp' | 'caseNote' | 'initialCaseNote'>): unknown {
  // Unchanged, the note is left out and the server keeps what it has (also a note the panel could not read).
  const caseNote = c.caseNote.trim() !== c.initialCaseNote.trim() ? c.caseNote : undefined
  if (c.outcome === 'COMPLETED') return { ticketNumber: c.ticketNumber, outcome: c.outcome, minutesUsed: minutesOf(c.minutesUsed), caseNote }
  if (c.outcome === 'UNSOLVED_COMPLETED') return { ticketNumber: c.ticketNumber, outcome: c.outcome, unsolvedAfterFollowContent: c.followUp, caseNote }
  return { ticketNumber: c.ticketNumber, outcome: c.outcome, caseNote }
}

/** The form is one the server takes now: an offered outcome, its fields valid, the minutes within the time. */
export function formAcceptable(c: ConsultationOutcomeContext): boolean {
  if (c.outcome === null || !c.offered.includes(c.outcome) || !v.is(ConsultationOutcomeRequest, outcomeRequest(c))) return false
  return c.outcome !== 'COMPLETED' || minutesOf(c.minutesUsed) <= maxMinutesOf(c)
}

export const consultationOutcomeMachine = setup({
  types: {
    context: {} as ConsultationOutcomeContext,
    input: {} as ConsultationOutcomeInput,
    events: {} as ConsultationOutcomeEvent,
  },
  guards: {
    isFormValid: ({ context }) => formAcceptable(context),
    isOffered: ({ context, event }) => event.type === 'outcome.choose' && context.offered.includes(event.outcome),
  },
  actors: {
    recordOutcome: fromPromise<{ consultation: ConsultationRecord; ratingMailSent: boolean }, ConsultationOutcomeRequest>(async () => {
      throw new Error('provide recordOutcome')
    }),
  },
  actions: {
    /** Tell the day's list (it reloads and shows the new status). */
    outcomeSaved: () => {},
  },
}).createMachine({
  id: 'consultationOutcome',
  context: ({ input }) => {
    const times = { startUnixTime: input.startUnixTime, minutes: input.minutes, addedMinutes: input.addedMinutes }
    const max = maxMinutesUsed(times, input.nowMs)
    return {
      ticketNumber: input.ticketNumber,
      status: input.supportStatus,
      noContact: input.noContact,
      times,
      nowMs: input.nowMs,
      offered: offeredAt({ status: input.supportStatus, noContact: input.noContact, times }, input.nowMs),
      outcome: null,
      // The minutes bought, or those begun so far if fewer: the consultant corrects them when it ran shorter.
      minutesUsed: max > 0 ? String(max) : '',
      followUp: '',
      caseNote: input.caseNote ?? '',
      initialCaseNote: input.caseNote ?? '',
      failure: '',
      saved: null,
      ratingMailSent: false,
    }
  },
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'outcome.choose': { guard: 'isOffered', actions: assign({ outcome: ({ event }) => event.outcome }) },
        'field.change': {
          actions: assign(({ event }) => {
            assertEvent(event, 'field.change')
            return event.field === 'minutesUsed' ? { minutesUsed: event.value } : event.field === 'followUp' ? { followUp: event.value } : { caseNote: event.value }
          }),
        },
        'clock.tick': {
          actions: assign(({ context, event }) => {
            assertEvent(event, 'clock.tick')
            return { nowMs: event.nowMs, offered: offeredAt(context, event.nowMs) }
          }),
        },
        'form.next': { guard: 'isFormValid', target: 'confirming' },
      },
    },
    confirming: {
      tags: ['confirmOpen'],
      on: {
        confirm: { target: 'saving' },
        back: { target: 'choosing' },
      },
    },
    saving: {
      tags: ['busy', 'confirmOpen', 'saving'],
      invoke: {
        src: 'recordOutcome',
        input: ({ context }) => v.parse(ConsultationOutcomeRequest, outcomeRequest(context)),
        onDone: {
          target: 'saved',
          actions: [assign({ saved: ({ event }) => event.output.consultation, ratingMailSent: ({ event }) => event.output.ratingMailSent }), 'outcomeSaved'],
        },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureMessage(event.error) }) },
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        retry: { target: 'saving' },
        back: { target: 'choosing' },
      },
    },
    saved: { type: 'final', tags: ['done'] },
  },
})

export type ConsultationOutcomeActorRef = ActorRefFrom<typeof consultationOutcomeMachine>
