import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate'
import { failureMessage, failureStatus, isClientFailure, isGatewayFailure, isUnansweredFailure } from '../shared/api-failure'
import { refundAmount, refundErrors, type RefundDraft, type RefundErrors, type RefundMode } from './refund-rules'

/**
 * An operator refunds a purchase in full or in part (docs/product.md §3 Ticket `amountRefunded`,
 * `refundReason`; the desk's member page).
 *
 * choosing ─form.submit [isDraftValid]─▶ confirming ─modal.confirm─▶ refunding ─done─▶ done
 *   confirming ─modal.cancel─▶ choosing
 *   refunding ─error─▶ failed (the server's message) ─refund.retry [isRetryable]─▶ refunding
 *                                                    ─form.edit─▶ choosing
 *   choosing / failed ─dialog.close─▶ closed
 *
 * The idempotency key: a refund that got no answer may have happened, so a retry must be the same
 * request. The key is taken on the way to confirming and kept for as long as the amount and the
 * reason stay what they were (a retry, a second look at the form); a changed draft is another
 * refund and takes a new key. In `refunding` nothing is accepted, so a double click sends once.
 */

/** `refundable`: what may still be refunded (paid − refunded − refunds in progress), from the server. */
export type RefundInput = { ticketNumber: string; refundable: number }
export type RefundRequest = { ticketNumber: string; amount: number; reason: string; note: string; idempotencyKey: string }
/**
 * The purchase after this refund, as the server answered: its refunded total and what may still be
 * refunded (the done view shows these, not the figures the dialog opened with).
 */
export type RefundResult = { amountRefunded: number; refundable?: number }

export type RefundContext = RefundInput & {
  draft: RefundDraft
  errors: RefundErrors
  /** Whether the operator has pressed 確認 once: a fresh form shows no errors. */
  submitted: boolean
  key: string | null
  /** The draft the key was taken for. */
  keyedFor: string | null
  /** The last failure: the server's message ('' when it gave none), whether the same request may go again, whether no answer came. */
  failure: { message: string; retryable: boolean; unanswered: boolean } | null
  result: RefundResult | null
}

export type RefundEvent =
  | { type: 'mode.change'; mode: RefundMode }
  | { type: 'amount.change'; value: string }
  | { type: 'reason.change'; value: string }
  | { type: 'note.change'; value: string }
  /** `key`: a fresh idempotency key the view offers; the chart keeps the one it has when the draft did not change. */
  | { type: 'form.submit'; key: string }
  | { type: 'modal.confirm' }
  | { type: 'modal.cancel' }
  | { type: 'refund.retry' }
  | { type: 'form.edit' }
  | { type: 'dialog.close' }

/** The provider refused for now (402), or the same refund is still under way (409). */
const RETRYABLE_STATUSES = [402, 409]

const remainingOf = (c: RefundInput) => Math.max(0, c.refundable)
// The internal note is no part of the refund's identity: a refund retried after no answer with only
// its note changed is still that refund (the same key), never a second one.
const draftKey = (c: RefundContext) => JSON.stringify([refundAmount(c.draft, remainingOf(c)), c.draft.reason.trim()])

/** The request the confirm button sends (also shown in the confirm dialog). */
export const refundRequestOf = (c: RefundContext): RefundRequest => ({
  ticketNumber: c.ticketNumber,
  amount: refundAmount(c.draft, remainingOf(c)),
  reason: c.draft.reason.trim(),
  note: c.draft.note.trim(),
  idempotencyKey: c.key ?? '',
})

export const refundMachine = setup({
  types: {
    context: {} as RefundContext,
    input: {} as RefundInput,
    events: {} as RefundEvent,
  },
  guards: {
    isDraftValid: ({ context }) => Object.keys(refundErrors(context.draft, remainingOf(context))).length === 0,
    isRetryable: ({ context }) => context.failure?.retryable === true,
  },
  actors: {
    refundPurchase: fromPromise<RefundResult, RefundRequest>(async () => {
      throw new Error('provide refundPurchase')
    }),
  },
  actions: {
    editDraft: assign(({ context, event }) => {
      assertEvent(event, ['mode.change', 'amount.change', 'reason.change', 'note.change'])
      const draft =
        event.type === 'mode.change'
          ? { ...context.draft, mode: event.mode }
          : event.type === 'amount.change'
            ? { ...context.draft, amount: event.value }
            : event.type === 'reason.change'
              ? { ...context.draft, reason: event.value }
              : { ...context.draft, note: event.value }
      return { draft, errors: refundErrors(draft, remainingOf(context)) }
    }),
    markSubmitted: assign({ submitted: true }),
    takeKey: assign(({ context, event }) => {
      assertEvent(event, 'form.submit')
      const keyedFor = draftKey(context)
      return context.key && context.keyedFor === keyedFor ? {} : { key: event.key, keyedFor }
    }),
    keepFailure: assign((_, { error }: { error: unknown }) => ({
      // A 4xx is an answer (too much, nothing paid): the same request would be refused again. No
      // answer may or may not have reached the payment provider; 402 (the provider refused for now)
      // and 409 (this very refund still under way) are worth the same request again: retry as is.
      failure: {
        message: failureMessage(error),
        retryable: !isClientFailure(error) || RETRYABLE_STATUSES.includes(failureStatus(error)),
        unanswered: isUnansweredFailure(error) || isGatewayFailure(error),
      },
    })),
    keepResult: assign((_, { result }: { result: RefundResult }) => ({ result, failure: null })),
    /** Tell the page the purchase changed (it reloads the member's purchases and tickets). */
    notifyRefunded: (_, _params: { ticketNumber: string; amount: number }) => {},
  },
}).createMachine({
  id: 'refund',
  context: ({ input }) => ({
    ...input,
    draft: { mode: 'full', amount: '', reason: '', note: '' },
    errors: refundErrors({ mode: 'full', amount: '', reason: '', note: '' }, remainingOf(input)),
    submitted: false,
    key: null,
    keyedFor: null,
    failure: null,
    result: null,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      tags: ['editing'],
      on: {
        'mode.change': { actions: 'editDraft' },
        'amount.change': { actions: 'editDraft' },
        'reason.change': { actions: 'editDraft' },
        'note.change': { actions: 'editDraft' },
        'form.submit': [
          { guard: 'isDraftValid', target: 'confirming', actions: ['markSubmitted', 'takeKey'] },
          { actions: 'markSubmitted' },
        ],
        'dialog.close': { target: 'closed' },
      },
    },
    confirming: {
      tags: ['confirmOpen'],
      on: {
        'modal.confirm': { target: 'refunding' },
        'modal.cancel': { target: 'choosing' },
      },
    },
    refunding: {
      tags: ['confirmOpen', 'sending'],
      invoke: {
        src: 'refundPurchase',
        input: ({ context }) => refundRequestOf(context),
        onDone: {
          target: 'done',
          actions: [
            { type: 'keepResult', params: ({ event }) => ({ result: event.output }) },
            { type: 'notifyRefunded', params: ({ context }) => ({ ticketNumber: context.ticketNumber, amount: refundAmount(context.draft, remainingOf(context)) }) },
          ],
        },
        onError: { target: 'failed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      tags: ['failed'],
      on: {
        'refund.retry': { guard: 'isRetryable', target: 'refunding' },
        'form.edit': { target: 'choosing' },
        'dialog.close': { target: 'closed' },
      },
    },
    done: { type: 'final', tags: ['done'] },
    closed: { type: 'final', tags: ['closed'] },
  },
})

export type RefundActorRef = ActorRefFrom<typeof refundMachine>
export const refundRemaining = remainingOf
