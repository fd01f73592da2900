import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate'
import type { LastEvaluatedKey, PurchaseItem } from '../../contract/entities'
import { failureStatus } from '../shared/api-failure'

/**
 * Payment history paging (product.md §2 /purchase-list, §9 period and load more, §8 errors).
 *
 * loading ──done──▶ ready ──more.load [hasMore]──▶ loadingMore ──done──▶ ready (rows appended)
 * ready / loading / loadingMore ──period.change──▶ loading (rows cleared)
 * any load fails ──▶ toError (goToError with the HTTP status): the one exit of the page
 */

/** `LAST_3_MONTHS` (the default) or a year `YYYY` from 2023 to this year. */
export type Period = string
export const DEFAULT_PERIOD: Period = 'LAST_3_MONTHS'

export type PurchasePage = { ticketList: PurchaseItem[]; lastEvaluatedKey: LastEvaluatedKey | null }
export type FetchPageInput = { period: Period; key: LastEvaluatedKey | null }

export type PurchaseListContext = {
  period: Period
  rows: PurchaseItem[]
  lastEvaluatedKey: LastEvaluatedKey | null
}

export type PurchaseListEvent = { type: 'period.change'; period: Period } | { type: 'more.load' }

export const purchaseListMachine = setup({
  types: {
    context: {} as PurchaseListContext,
    input: {} as { period?: Period },
    events: {} as PurchaseListEvent,
  },
  guards: {
    hasMore: ({ context }) => context.lastEvaluatedKey !== null,
  },
  actors: {
    fetchPage: fromPromise<PurchasePage, FetchPageInput>(async () => {
      throw new Error('provide fetchPage')
    }),
  },
  actions: {
    /** product.md §8: purchase list errors go to /error?code={status}. */
    goToError: (_, _params: { code: number }) => {},
    choosePeriod: assign(({ event }) => {
      assertEvent(event, 'period.change')
      return { period: event.period, rows: [], lastEvaluatedKey: null }
    }),
  },
}).createMachine({
  id: 'purchaseList',
  context: ({ input }) => ({ period: input?.period ?? DEFAULT_PERIOD, rows: [], lastEvaluatedKey: null }),
  initial: 'loading',
  on: {
    'period.change': { target: '.loading', reenter: true, actions: 'choosePeriod' },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'fetchPage',
        input: ({ context }) => ({ period: context.period, key: null }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ rows: event.output.ticketList, lastEvaluatedKey: event.output.lastEvaluatedKey })),
        },
        onError: {
          target: 'toError',
          actions: { type: 'goToError', params: ({ event }) => ({ code: failureStatus(event.error) }) },
        },
      },
    },
    ready: {
      on: {
        'more.load': { guard: 'hasMore', target: 'loadingMore' },
      },
    },
    loadingMore: {
      tags: ['loadingMore'],
      invoke: {
        src: 'fetchPage',
        input: ({ context }) => ({ period: context.period, key: context.lastEvaluatedKey }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            rows: [...context.rows, ...event.output.ticketList],
            lastEvaluatedKey: event.output.lastEvaluatedKey,
          })),
        },
        onError: {
          target: 'toError',
          actions: { type: 'goToError', params: ({ event }) => ({ code: failureStatus(event.error) }) },
        },
      },
    },
    toError: { type: 'final', tags: ['leaving'] },
  },
})

export type PurchaseListActorRef = ActorRefFrom<typeof purchaseListMachine>
