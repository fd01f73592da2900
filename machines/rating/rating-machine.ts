import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { Product, Ticket } from '../../contract/entities'
import { RATING_COMMENT_MAX } from '../../contract/fields'
import { failureCodeParams, failureMessage, isClientFailure } from '../shared/api-failure'

/**
 * Rating and tip (product.md §2 /rating, §4 Rating, §5 Rating, §8 rating errors).
 *
 * checking ─no ticketNumber─▶ toError (404)
 *          ─▶ loadingTicket (4xx ALREADY_RATED → toError `rating`, other 4xx → toError 400) ─▶ loadingTips ─▶ editing
 * editing ─form.submit [canSubmit: overall given, comment ≤ 500]─▶ confirming ─modal.confirm─▶ sending
 * sending ─[hasTip]─▶ toTipPayment (/buy?productId&parentTicketNumber) · else ─▶ toComplete (/rating-complete)
 *         4xx ─▶ toError `rating` · other failures ─▶ toError (their status)
 * One final state per exit: the goTo* action on the arrow into it says where the member goes.
 */

/** The four sub-scores of product.md §5, in display order; titles live in src/text/rating.ts. */
export const detailKeys = ['friendliness', 'smoothProgress', 'problemSolving', 'clearExplanation'] as const
export type DetailKey = (typeof detailKeys)[number]

export type RatingPayload = {
  ticketNumber: string
  memberTotalScore: number
  memberDetailScore: Record<DetailKey, number>
  /** Trimmed (product.md §5). */
  ratingComment: string
  tip: { productId: string; price: number } | null
}

export type RatingContext = {
  ticketNumber: string | null
  ticket: Ticket | null
  tips: Product[]
  memberTotalScore: number | null
  detail: Record<DetailKey, number>
  comment: string
  /** The chosen tip product's id, null for no tip. */
  tipProductId: string | null
}

export type RatingEvent =
  | { type: 'score.change'; score: number }
  | { type: 'detail.change'; key: DetailKey; score: number }
  | { type: 'comment.change'; value: string }
  | { type: 'tip.select'; productId: string | null }
  | { type: 'form.submit' }
  | { type: 'modal.confirm' }
  | { type: 'modal.cancel' }

const isScore = (n: number) => Number.isInteger(n) && n >= 1 && n <= 5

/** product.md §5: the comment is optional, at most 500 characters once trimmed. */
export const isCommentTooLong = (comment: string) => comment.trim().length > RATING_COMMENT_MAX

/**
 * The server's answer to a rating link of a ticket already rated (server/http/errors.ts
 * `serverErrors.alreadyRated`). Spec §2 error codes: `rating` is "bad link or rating already
 * submitted", so a reopened link says so instead of the generic 400 page of product.md §8's
 * "Rating fetch 4xx", which stays for every other 4xx.
 */
export const ALREADY_RATED = 'ALREADY_RATED'

const fullDetail: Record<DetailKey, number> = { friendliness: 5, smoothProgress: 5, problemSolving: 5, clearExplanation: 5 }

export const ratingMachine = setup({
  types: {
    context: {} as RatingContext,
    input: {} as { ticketNumber?: string },
    events: {} as RatingEvent,
  },
  guards: {
    hasTicketNumber: ({ context }) => context.ticketNumber !== null,
    isClientError: ({ event }) => 'error' in event && isClientFailure(event.error),
    isAlreadyRated: ({ event }) => 'error' in event && isClientFailure(event.error) && failureMessage(event.error).includes(ALREADY_RATED),
    isValidScore: ({ event }) => {
      assertEvent(event, ['score.change', 'detail.change'])
      return isScore(event.score)
    },
    isKnownTip: ({ context, event }) => {
      assertEvent(event, 'tip.select')
      return event.productId === null || context.tips.some((t) => t.productId === event.productId)
    },
    canSubmit: ({ context }) => context.memberTotalScore !== null && !isCommentTooLong(context.comment),
    hasTip: ({ context }) => context.tipProductId !== null,
  },
  actors: {
    loadTicket: fromPromise<Ticket, { ticketNumber: string }>(async () => {
      throw new Error('provide loadTicket')
    }),
    loadTips: fromPromise<Product[]>(async () => {
      throw new Error('provide loadTips')
    }),
    postRating: fromPromise<unknown, RatingPayload>(async () => {
      throw new Error('provide postRating')
    }),
  },
  actions: {
    goToError: (_, _params: { code: string }) => {},
    goToComplete: () => {},
    goToTipPayment: (_, _params: { productId: string; parentTicketNumber: string }) => {},
    trackRating: (_, _params: { ticketNumber: string; score: number; tip: boolean }) => {},
  },
}).createMachine({
  id: 'rating',
  context: ({ input }) => ({
    ticketNumber: input.ticketNumber || null,
    ticket: null,
    tips: [],
    memberTotalScore: null,
    detail: fullDetail,
    comment: '',
    tipProductId: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      tags: ['loading'],
      always: [
        { guard: 'hasTicketNumber', target: 'loadingTicket' },
        { target: 'toError', actions: { type: 'goToError', params: { code: '404' } } },
      ],
    },
    loadingTicket: {
      tags: ['loading'],
      invoke: {
        src: 'loadTicket',
        input: ({ context }) => ({ ticketNumber: context.ticketNumber! }),
        onDone: { target: 'loadingTips', actions: assign({ ticket: ({ event }) => event.output }) },
        onError: [
          { guard: 'isAlreadyRated', target: 'toError', actions: { type: 'goToError', params: { code: 'rating' } } },
          { guard: 'isClientError', target: 'toError', actions: { type: 'goToError', params: { code: '400' } } },
          { target: 'toError', actions: { type: 'goToError', params: failureCodeParams } },
        ],
      },
    },
    loadingTips: {
      tags: ['loading'],
      invoke: {
        src: 'loadTips',
        onDone: { target: 'editing', actions: assign({ tips: ({ event }) => event.output }) },
        onError: { target: 'toError', actions: { type: 'goToError', params: failureCodeParams } },
      },
    },
    editing: {
      on: {
        'score.change': { guard: 'isValidScore', actions: assign({ memberTotalScore: ({ event }) => event.score }) },
        'detail.change': { guard: 'isValidScore', actions: assign({ detail: ({ context, event }) => ({ ...context.detail, [event.key]: event.score }) }) },
        'comment.change': { actions: assign({ comment: ({ event }) => event.value }) },
        'tip.select': { guard: 'isKnownTip', actions: assign({ tipProductId: ({ event }) => event.productId }) },
        'form.submit': { guard: 'canSubmit', target: 'confirming' },
      },
    },
    confirming: {
      tags: ['confirmOpen'],
      on: {
        'modal.confirm': { target: 'sending' },
        'modal.cancel': { target: 'editing' },
      },
    },
    sending: {
      tags: ['confirmOpen', 'sending'],
      invoke: {
        src: 'postRating',
        input: ({ context }) => {
          const tip = context.tips.find((t) => t.productId === context.tipProductId)
          return {
            ticketNumber: context.ticketNumber!,
            memberTotalScore: context.memberTotalScore!,
            memberDetailScore: context.detail,
            ratingComment: context.comment.trim(),
            tip: tip ? { productId: tip.productId, price: tip.price } : null,
          }
        },
        onDone: [
          {
            guard: 'hasTip',
            target: 'toTipPayment',
            actions: [
              { type: 'trackRating', params: ({ context }) => ({ ticketNumber: context.ticketNumber!, score: context.memberTotalScore!, tip: true }) },
              { type: 'goToTipPayment', params: ({ context }) => ({ productId: context.tipProductId!, parentTicketNumber: context.ticketNumber! }) },
            ],
          },
          {
            target: 'toComplete',
            actions: [
              { type: 'trackRating', params: ({ context }) => ({ ticketNumber: context.ticketNumber!, score: context.memberTotalScore!, tip: false }) },
              'goToComplete',
            ],
          },
        ],
        // product.md §8: rating post 4xx → error `rating`; others → their status.
        onError: [
          { guard: 'isClientError', target: 'toError', actions: { type: 'goToError', params: { code: 'rating' } } },
          { target: 'toError', actions: { type: 'goToError', params: failureCodeParams } },
        ],
      },
    },
    // One final state per exit: the page is done; the goTo* action says where.
    toComplete: { type: 'final' },
    toTipPayment: { type: 'final' },
    toError: { type: 'final' },
  },
})

export type RatingActorRef = ActorRefFrom<typeof ratingMachine>
export type RatingSnapshot = SnapshotFrom<typeof ratingMachine>
