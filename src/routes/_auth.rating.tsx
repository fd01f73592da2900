import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import * as v from 'valibot'
import { fromPromise } from 'xstate'
import { detailKeys, ratingMachine } from '../../machines/rating/rating-machine'
import { flowInspect } from '../adapters/flow-recorder'
import { RatingForm } from '../features/rating/rating-form'
import { ratingText } from '../text/rating'
import { TallPage } from '../ui/tall-page'

/** Rating and tip (spec §2 /rating?ticketNumber=). */
export const Route = createFileRoute('/_auth/rating')({
  validateSearch: v.object({ ticketNumber: v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String))) }),
  // The page holds a viewport and so does its spinner (src/ui/tall-page.tsx): the footer is not
  // painted in view and then pushed out by the form (issue 8).
  staticData: { tallPage: true },
  component: RatingPage,
})

function RatingPage() {
  const { services } = Route.useRouteContext()
  const { ticketNumber } = Route.useSearch()
  const navigate = useNavigate()
  const router = useRouter()
  const { api, analytics } = services
  const actor = useActorRef(
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
        goToError: (_, { code }) => void navigate({ to: '/error', search: { code: /^\d+$/.test(code) ? Number(code) : code }, replace: true }),
        goToComplete: () => void navigate({ to: '/rating-complete' }),
        // The tip is paid by the checkout flow on /buy (spec §4 Rating).
        goToTipPayment: (_, { productId, parentTicketNumber }) =>
          router.history.push(`/buy?productId=${encodeURIComponent(productId)}&parentTicketNumber=${encodeURIComponent(parentTicketNumber)}`),
        trackRating: (_, params) => analytics.event('rating', params),
      },
    }),
    { input: { ticketNumber }, inspect: flowInspect },
  )
  return (
    <TallPage>
      <RatingForm actor={actor} />
    </TallPage>
  )
}
