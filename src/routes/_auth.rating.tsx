import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { searchText } from '../../contract/search-params'
import { RatingForm } from '../features/rating/rating-form'
import { useRatingActor } from '../features/rating/use-rating-actor'
import { TallPage } from '../ui/tall-page'

/** Rating and tip (product.md §2 /rating?ticketNumber=). */
export const Route = createFileRoute('/_auth/rating')({
  validateSearch: v.object({ ticketNumber: searchText }),
  // The page holds a viewport and so does its spinner (src/ui/tall-page.tsx): the footer is not
  // painted in view and then pushed out by the form.
  staticData: { tallPage: true },
  component: RatingPage,
})

function RatingPage() {
  const actor = useRatingActor(Route.useRouteContext().services, Route.useSearch().ticketNumber)
  return (
    <TallPage>
      <RatingForm actor={actor} />
    </TallPage>
  )
}
