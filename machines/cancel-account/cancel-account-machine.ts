import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate'
import { failureCodeParams, failureMessage, isClientFailure } from '../shared/api-failure'

/**
 * Cancelling membership (product.md §4, §5 Cancel account, §7 analytics, §8).
 *
 * editing ─form.submit [hasBothConsents]─▶ confirming (「本当に退会しますか？」)
 *   confirming ─modal.cancel─▶ editing
 *   confirming ─modal.confirm─▶ cancelling ─200─▶ signingOut (trackCancellation) ─▶ toCancelComplete (goToCancelComplete: /cancel-complete)
 *   cancelling ─[hasUnusedTickets] 4xx UNUSED_SUPPORT_TICKETS_ARE_AVAILABLE─▶ editing (未使用のサポートチケットがあるため、退会できません)
 *   cancelling ─other─▶ toError (goToError: /error?code=<status>)
 * One final state per exit: its name says where the member goes. The 「退会しました」 page
 * is public and links to /login: product.md §4's "logs out and goes to /login", one page later.
 */

export type CancelConsent = 'ticketsForfeited' | 'dataDeleted'

export type CancelAccountContext = {
  consents: Record<CancelConsent, boolean>
  unusedTickets: boolean
}

export type CancelAccountEvent =
  | { type: 'consent.toggle'; consent: CancelConsent }
  | { type: 'form.submit' }
  | { type: 'modal.confirm' }
  | { type: 'modal.cancel' }

const UNUSED_TICKETS = 'UNUSED_SUPPORT_TICKETS_ARE_AVAILABLE'

export const cancelAccountMachine = setup({
  types: {
    context: {} as CancelAccountContext,
    events: {} as CancelAccountEvent,
  },
  guards: {
    // product.md §5: both checkboxes (unused tickets not refunded; all data deleted) must be ticked.
    hasBothConsents: ({ context }) => context.consents.ticketsForfeited && context.consents.dataDeleted,
    hasUnusedTickets: ({ event }) => 'error' in event && isClientFailure(event.error) && failureMessage(event.error).includes(UNUSED_TICKETS),
  },
  actors: {
    cancelAccount: fromPromise<void>(async () => {
      throw new Error('provide cancelAccount')
    }),
    signOut: fromPromise<void>(async () => {
      throw new Error('provide signOut')
    }),
  },
  actions: {
    toggleConsent: assign(({ context, event }) => {
      assertEvent(event, 'consent.toggle')
      return { consents: { ...context.consents, [event.consent]: !context.consents[event.consent] }, unusedTickets: false }
    }),
    markUnusedTickets: assign({ unusedTickets: true }),
    /** product.md §7: an analytics event on cancellation. */
    trackCancellation: () => {},
    /** Navigate to /cancel-complete (「退会しました」, signed out, a link to /login). */
    goToCancelComplete: () => {},
    goToError: (_, _params: { code: string }) => {},
  },
}).createMachine({
  id: 'cancelAccount',
  context: { consents: { ticketsForfeited: false, dataDeleted: false }, unusedTickets: false },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'consent.toggle': { actions: 'toggleConsent' },
        'form.submit': { guard: 'hasBothConsents', target: 'confirming' },
      },
    },
    // The last question before the call: 「本当に退会しますか？」.
    confirming: {
      tags: ['dialog:confirm'],
      on: {
        'modal.confirm': { target: 'cancelling' },
        'modal.cancel': { target: 'editing' },
      },
    },
    cancelling: {
      tags: ['dialog:confirm', 'busy'],
      invoke: {
        src: 'cancelAccount',
        onDone: { target: 'signingOut', actions: 'trackCancellation' },
        onError: [
          { guard: 'hasUnusedTickets', target: 'editing', actions: 'markUnusedTickets' },
          { target: 'toError', actions: { type: 'goToError', params: failureCodeParams } },
        ],
      },
    },
    signingOut: {
      tags: ['dialog:confirm', 'busy'],
      invoke: {
        src: 'signOut',
        onDone: { target: 'toCancelComplete', actions: 'goToCancelComplete' },
        onError: { target: 'toCancelComplete', actions: 'goToCancelComplete' },
      },
    },
    // The membership ended: to /cancel-complete (「退会しました」, signed out).
    toCancelComplete: { type: 'final' },
    // The cancellation failed for another reason: to /error?code=<status>.
    toError: { type: 'final' },
  },
})

export type CancelAccountActorRef = ActorRefFrom<typeof cancelAccountMachine>
