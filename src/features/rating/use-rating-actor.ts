import { errorSearch } from '../../ui/error-search'
import { useNavigate } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { detailKeys, ratingMachine } from '../../../machines/rating/rating-machine'
import { flowInspect } from '../../adapters/flow-recorder'
import type { AnalyticsPort } from '../../adapters/analytics'
import type { ApiClient } from '../../api/client'
import { ratingText } from '../../text/rating'

/** The ports the rating flow uses (the app's services satisfy it). */
export type RatingPorts = { api: ApiClient; analytics: AnalyticsPort }

/**
 * The rating chart with its effects: the one place of the rating flow that calls the API and
 * `.provide`. The route only reads `?ticketNumber=` and calls this hook.
 */
export function useRatingActor({ api, analytics }: RatingPorts, ticketNumber: string | undefined) {
  const navigate = useNavigate()
  return useActorRef(
    ratingMachine.provide({
      actors: {
        loadTicket: fromPromise(({ input }) => api.call('ticket-data', { ticketNumber: input.ticketNumber, action: 'RATING' })),
        loadTips: fromPromise(async () => (await api.call('nowonsale-products', { productType: 'TIP' })).productList),
        postRating: fromPromise(({ input }) =>
          api.call('rating', {
            ticketNumber: input.ticketNumber,
            memberTotalScore: input.memberTotalScore,
            memberDetailScore: detailKeys.map((key) => ({ title: ratingText.detail[key], score: input.memberDetailScore[key] })),
            ratingComment: input.ratingComment,
            tip: input.tip !== null,
            tipData: input.tip,
          }),
        ),
      },
      actions: {
        // A numeric code as a number, so the URL reads `?code=404` (a string would be JSON-quoted).
        goToError: (_, { code }) => void navigate({ to: '/error', search: errorSearch(code), replace: true }),
        goToComplete: () => void navigate({ to: '/rating-complete' }),
        // The tip is paid by the checkout flow on /buy (product.md §4 Rating).
        // With the rated ticket's consultant, so /buy names who is tipped (charge-data's staff).
        goToTipPayment: ({ context }, { productId, parentTicketNumber }) =>
          void navigate({ to: '/buy', search: { productId, parentTicketNumber, ...(context.ticket?.staff ? { staffId: context.ticket.staff.staffId } : {}) } }),
        trackRating: (_, params) => analytics.event('rating', params),
      },
    }),
    { input: { ticketNumber }, inspect: flowInspect },
  )
}
