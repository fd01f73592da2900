import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate'
import * as v from 'valibot'
import { AddresseeField, type Receipt } from '../../contract/receipt'
import { failureCodeParams, failureMessage, isClientFailure } from '../shared/api-failure'

/**
 * The receipt of one payment on /receipt/$receiptNumber (docs/product.md "Receipts", decision 87).
 *
 * loading ─▶ shown ─addressee.edit [canEditAddressee]─▶ editing ─addressee.submit [isAddresseeValid]─▶ saving
 *   saving ─200─▶ shown (the new addressee; no more edits)
 *   saving ─[isClientError]─▶ editing (the server's message: once only, too long …)
 *   editing ─addressee.cancel─▶ shown
 *   loading or saving ─other─▶ toError (goToError: /error?code=<status>; a stranger's receipt is 404)
 * Printing is the browser's (the page's 印刷 button), not a state of the flow.
 */

export type ReceiptContext = {
  receiptNumber: string
  receipt: Receipt | null
  /** The addressee being typed, and the field's message for it (null when it passes). */
  draft: string
  fieldError: string | null
  /** The server refused the change: its message. */
  refusal: string | null
  saved: boolean
}

export type ReceiptEvent =
  | { type: 'addressee.edit' }
  | { type: 'addressee.change'; value: string }
  | { type: 'addressee.submit' }
  | { type: 'addressee.cancel' }

const fieldErrorOf = (value: string): string | null => {
  const r = v.safeParse(AddresseeField, value)
  return r.success ? null : r.issues[0].message
}

export const receiptMachine = setup({
  types: {
    context: {} as ReceiptContext,
    input: {} as { receiptNumber: string },
    events: {} as ReceiptEvent,
  },
  guards: {
    canEditAddressee: ({ context }) => context.receipt?.addresseeEditable === true,
    isAddresseeValid: ({ context }) => context.fieldError === null,
    isClientError: ({ event }) => 'error' in event && isClientFailure(event.error),
  },
  actors: {
    loadReceipt: fromPromise<Receipt, { receiptNumber: string }>(async () => {
      throw new Error('provide loadReceipt')
    }),
    saveAddressee: fromPromise<Receipt, { receiptNumber: string; addressee: string }>(async () => {
      throw new Error('provide saveAddressee')
    }),
  },
  actions: {
    useReceipt: assign((_, { receipt }: { receipt: Receipt }) => ({ receipt })),
    startEditing: assign(({ context }) => ({ draft: context.receipt?.addressee ?? '', fieldError: fieldErrorOf(context.receipt?.addressee ?? ''), refusal: null, saved: false })),
    changeDraft: assign(({ event }) => {
      assertEvent(event, 'addressee.change')
      return { draft: event.value, fieldError: fieldErrorOf(event.value), refusal: null }
    }),
    markSaved: assign({ saved: true, refusal: null }),
    markRefused: assign((_, { message }: { message: string }) => ({ refusal: message })),
    goToError: (_, _params: { code: string }) => {},
  },
}).createMachine({
  id: 'receipt',
  context: ({ input }) => ({ receiptNumber: input.receiptNumber, receipt: null, draft: '', fieldError: null, refusal: null, saved: false }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadReceipt',
        input: ({ context }) => ({ receiptNumber: context.receiptNumber }),
        onDone: { target: 'shown', actions: { type: 'useReceipt', params: ({ event }) => ({ receipt: event.output }) } },
        onError: { target: 'toError', actions: { type: 'goToError', params: failureCodeParams } },
      },
    },
    shown: {
      on: { 'addressee.edit': { guard: 'canEditAddressee', target: 'editing', actions: 'startEditing' } },
    },
    editing: {
      tags: ['editing'],
      on: {
        'addressee.change': { actions: 'changeDraft' },
        'addressee.submit': { guard: 'isAddresseeValid', target: 'saving' },
        'addressee.cancel': { target: 'shown' },
      },
    },
    saving: {
      tags: ['editing', 'saving'],
      invoke: {
        src: 'saveAddressee',
        input: ({ context }) => ({ receiptNumber: context.receiptNumber, addressee: v.parse(AddresseeField, context.draft) }),
        onDone: { target: 'shown', actions: [{ type: 'useReceipt', params: ({ event }) => ({ receipt: event.output }) }, 'markSaved'] },
        onError: [
          { guard: 'isClientError', target: 'editing', actions: { type: 'markRefused', params: ({ event }) => ({ message: failureMessage(event.error) }) } },
          { target: 'toError', actions: { type: 'goToError', params: failureCodeParams } },
        ],
      },
    },
    // The receipt could not be read (not the member's: 404) or the change not saved: /error?code=<status>.
    toError: { type: 'final' },
  },
})

export type ReceiptActorRef = ActorRefFrom<typeof receiptMachine>
