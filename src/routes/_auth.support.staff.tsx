import { createFileRoute, useRouterState } from '@tanstack/react-router'
import * as v from 'valibot'
import { searchText } from '../../contract/search-params'
import { ReservationPage } from '../features/reservation-change/reservation-page'
import { useReservationChangeActor } from '../features/reservation-change/use-reservation-change-actor'

/** Date and consultant for a new purchase (product.md §2 /support/staff); ends on /buy. */
export const Route = createFileRoute('/_auth/support/staff')({
  validateSearch: v.object({ productId: searchText }),
  component: StaffSelection,
})

function StaffSelection() {
  const { services } = Route.useRouteContext()
  const { productId } = Route.useSearch()
  // The checkout sends members back here with a toast (STAFF_DENY / STAFF_ASSING_DENY, product.md §8).
  const toast = useRouterState({ select: (s) => (s.location.state as { toast?: string }).toast })
  const actor = useReservationChangeActor(services, { productId })
  return <ReservationPage actor={actor} toast={toast} />
}
