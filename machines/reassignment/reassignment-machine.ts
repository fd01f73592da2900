import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate'
import * as v from 'valibot'
import { ReassignRequest, type Consultation } from '../../contract/staff-calls'
import { failureMessage, failureStatus } from '../shared/api-failure'

/**
 * An operator reassigns a future booking to another consultant (staff calls reassign-candidates,
 * reassign; docs/product.md §6 roles). The ticket number and time stay; the member and both
 * consultants are mailed by the server.
 *
 * idle ─booking.pick─▶ loadingCandidates ─▶ choosing ─form.next [isFormValid]─▶ confirming ─confirm─▶ reassigning ─▶ done
 *   loadingCandidates fails ─▶ loadFailed ─retry─▶ loadingCandidates
 *   choosing: candidate.pick [isFreeCandidate] (a consultant who is not free cannot be picked)
 *   reassigning: 409 [isConflict] (someone changed the booking or took the time) ─▶ loadingCandidates,
 *     the server's message kept; other failures ─▶ failed ─retry─▶ reassigning | ─back─▶ choosing
 *   cancel (not while reassigning) ─▶ idle
 */

export type Candidate = {
  staffId: string
  staffNickname: string
  free: boolean
  reason: string | null
  reasonText: string | null
  weekCount: number
  /** The consultant has a mail address: the reassignment mails them (docs/server.md "Mails to consultants"). */
  mailable?: boolean
}

export type ReassignmentContext = {
  ticketNumber: string | null
  consultation: Consultation | null
  candidates: Candidate[]
  staffId: string | null
  reason: string
  /** The server's message of a conflict (shown over the reloaded candidates) or of a failure. */
  conflict: string
  failure: string
  result: Consultation | null
}

export type ReassignmentEvent =
  | { type: 'booking.pick'; ticketNumber: string }
  | { type: 'candidate.pick'; staffId: string }
  | { type: 'reason.change'; value: string }
  | { type: 'form.next' }
  | { type: 'confirm' }
  | { type: 'back' }
  | { type: 'retry' }
  | { type: 'cancel' }

// The time the operator saw goes along: if the member moved the booking meanwhile, the server
// refuses (409) instead of reassigning a time nobody looked at.
const request = (c: ReassignmentContext) => ({
  ticketNumber: c.ticketNumber,
  staffId: c.staffId,
  ...(c.consultation ? { reservationTime: c.consultation.reservationTime } : {}),
  reason: c.reason,
})

const fresh = { consultation: null, candidates: [], staffId: null, reason: '', conflict: '', failure: '', result: null }

export const reassignmentMachine = setup({
  types: {
    context: {} as ReassignmentContext,
    events: {} as ReassignmentEvent,
  },
  guards: {
    isFreeCandidate: ({ context, event }) => event.type === 'candidate.pick' && context.candidates.some((c) => c.staffId === event.staffId && c.free),
    isFormValid: ({ context }) => context.candidates.some((c) => c.staffId === context.staffId && c.free) && v.is(ReassignRequest, request(context)),
    isConflict: ({ event }) => 'error' in event && failureStatus(event.error) === 409,
  },
  actors: {
    loadCandidates: fromPromise<{ consultation: Consultation; candidates: Candidate[] }, { ticketNumber: string }>(async () => {
      throw new Error('provide loadCandidates')
    }),
    reassign: fromPromise<{ consultation: Consultation }, v.InferOutput<typeof ReassignRequest>>(async () => {
      throw new Error('provide reassign')
    }),
  },
  actions: {
    /** The assignments list reloads (who holds the booking changed). */
    reassigned: () => {},
  },
}).createMachine({
  id: 'reassignment',
  context: { ticketNumber: null, ...fresh },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'booking.pick': { target: 'loadingCandidates', actions: assign(({ event }) => ({ ...fresh, ticketNumber: event.ticketNumber })) },
      },
    },
    loadingCandidates: {
      tags: ['open', 'loading'],
      invoke: {
        src: 'loadCandidates',
        input: ({ context }) => ({ ticketNumber: context.ticketNumber ?? '' }),
        onDone: {
          target: 'choosing',
          actions: assign(({ context, event }) => ({
            consultation: event.output.consultation,
            candidates: event.output.candidates,
            // A pick that is no longer free is dropped (after a conflict the times have moved).
            staffId: event.output.candidates.some((c) => c.staffId === context.staffId && c.free) ? context.staffId : null,
          })),
        },
        onError: { target: 'loadFailed', actions: assign({ failure: ({ event }) => failureMessage(event.error) }) },
      },
      on: { cancel: { target: 'idle' } },
    },
    loadFailed: {
      tags: ['open', 'loadFailed'],
      on: {
        retry: { target: 'loadingCandidates', actions: assign({ failure: '' }) },
        cancel: { target: 'idle' },
      },
    },
    choosing: {
      tags: ['open'],
      on: {
        'candidate.pick': { guard: 'isFreeCandidate', actions: assign({ staffId: ({ event }) => event.staffId }) },
        'reason.change': {
          actions: assign(({ event }) => {
            assertEvent(event, 'reason.change')
            return { reason: event.value }
          }),
        },
        'form.next': { guard: 'isFormValid', target: 'confirming', actions: assign({ conflict: '' }) },
        cancel: { target: 'idle' },
      },
    },
    confirming: {
      tags: ['open', 'confirmOpen'],
      on: {
        confirm: { target: 'reassigning' },
        back: { target: 'choosing' },
        cancel: { target: 'idle' },
      },
    },
    reassigning: {
      tags: ['open', 'busy', 'confirmOpen'],
      invoke: {
        src: 'reassign',
        input: ({ context }) => v.parse(ReassignRequest, request(context)),
        onDone: { target: 'done', actions: [assign({ result: ({ event }) => event.output.consultation }), 'reassigned'] },
        onError: [
          { guard: 'isConflict', target: 'loadingCandidates', actions: [assign({ conflict: ({ event }) => failureMessage(event.error) }), 'reassigned'] },
          { target: 'failed', actions: assign({ failure: ({ event }) => failureMessage(event.error) }) },
        ],
      },
    },
    failed: {
      tags: ['open', 'failed'],
      on: {
        retry: { target: 'reassigning', actions: assign({ failure: '' }) },
        back: { target: 'choosing', actions: assign({ failure: '' }) },
        cancel: { target: 'idle' },
      },
    },
    done: {
      tags: ['open', 'done'],
      on: {
        cancel: { target: 'idle' },
        'booking.pick': { target: 'loadingCandidates', actions: assign(({ event }) => ({ ...fresh, ticketNumber: event.ticketNumber })) },
      },
    },
  },
})

export type ReassignmentActorRef = ActorRefFrom<typeof reassignmentMachine>
