import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate'
import * as v from 'valibot'
import { ConsultationOutcomeRequest, type Consultation, type Outcome } from '../../contract/staff-calls'
import { failureMessage } from '../shared/api-failure'

/**
 * Recording a consultation's outcome (docs/product.md §4 ticket statuses; staff call
 * consultation-outcome).
 *
 * choosing ─form.next [isFormValid]─▶ confirming ─confirm─▶ saving ─▶ saved (outcomeSaved)
 *   confirming ─back─▶ choosing
 *   saving fails ─▶ failed (the server's message) ─retry─▶ saving | ─back─▶ choosing
 *
 * 完了 needs the minutes used, 未解決で完了 the follow-up text; 未解決 and ご連絡なし need nothing
 * more. Which outcomes are offered follows the consultation's status (`offeredOutcomes`); the
 * server decides again.
 */

export type OutcomeField = 'minutesUsed' | 'followUp'

export type ConsultationOutcomeInput = { ticketNumber: string; supportStatus: Consultation['supportStatus']; noContact: boolean; minutes: number }

export type ConsultationOutcomeContext = {
  ticketNumber: string
  offered: Outcome[]
  outcome: Outcome | null
  minutesUsed: string
  followUp: string
  /** The server's message of the last failed save. */
  failure: string
  saved: Consultation | null
  ratingMailSent: boolean
}

export type ConsultationOutcomeEvent =
  | { type: 'outcome.choose'; outcome: Outcome }
  | { type: 'field.change'; field: OutcomeField; value: string }
  | { type: 'form.next' }
  | { type: 'back' }
  | { type: 'confirm' }
  | { type: 'retry' }

/**
 * The outcomes a consultation can move to: 未解決 is followed up later by 未解決で完了; after
 * ご連絡なし the member may still call back (完了 or 未解決), but ご連絡なし is not recorded twice.
 */
export function offeredOutcomes(status: Consultation['supportStatus'], noContact: boolean): Outcome[] {
  if (status === 'UNSUPPORTED') return noContact ? ['COMPLETED', 'UNSOLVED'] : ['COMPLETED', 'UNSOLVED', 'NO_CONTACT']
  if (status === 'UNSOLVED') return ['UNSOLVED_COMPLETED']
  return []
}

/** The request the form stands for (undefined values are left out by the schema). */
export function outcomeRequest(c: Pick<ConsultationOutcomeContext, 'ticketNumber' | 'outcome' | 'minutesUsed' | 'followUp'>): unknown {
  const minutes = /^\d{1,4}$/.test(c.minutesUsed.trim()) ? Number(c.minutesUsed.trim()) : NaN
  if (c.outcome === 'COMPLETED') return { ticketNumber: c.ticketNumber, outcome: c.outcome, minutesUsed: minutes }
  if (c.outcome === 'UNSOLVED_COMPLETED') return { ticketNumber: c.ticketNumber, outcome: c.outcome, unsolvedAfterFollowContent: c.followUp }
  return { ticketNumber: c.ticketNumber, outcome: c.outcome }
}

export const consultationOutcomeMachine = setup({
  types: {
    context: {} as ConsultationOutcomeContext,
    input: {} as ConsultationOutcomeInput,
    events: {} as ConsultationOutcomeEvent,
  },
  guards: {
    isFormValid: ({ context }) => context.outcome !== null && context.offered.includes(context.outcome) && v.is(ConsultationOutcomeRequest, outcomeRequest(context)),
    isOffered: ({ context, event }) => event.type === 'outcome.choose' && context.offered.includes(event.outcome),
  },
  actors: {
    recordOutcome: fromPromise<{ consultation: Consultation; ratingMailSent: boolean }, ConsultationOutcomeRequest>(async () => {
      throw new Error('provide recordOutcome')
    }),
  },
  actions: {
    /** Tell the day's list (it reloads and shows the new status). */
    outcomeSaved: () => {},
  },
}).createMachine({
  id: 'consultationOutcome',
  context: ({ input }) => ({
    ticketNumber: input.ticketNumber,
    offered: offeredOutcomes(input.supportStatus, input.noContact),
    outcome: null,
    // The booked minutes are the usual answer: the consultant corrects them when it ran shorter or longer.
    minutesUsed: String(input.minutes),
    followUp: '',
    failure: '',
    saved: null,
    ratingMailSent: false,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'outcome.choose': { guard: 'isOffered', actions: assign({ outcome: ({ event }) => event.outcome }) },
        'field.change': {
          actions: assign(({ event }) => {
            assertEvent(event, 'field.change')
            return event.field === 'minutesUsed' ? { minutesUsed: event.value } : { followUp: event.value }
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
