import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { searchText } from '../../contract/search-params'
import { ReservationPage } from '../features/reservation-change/reservation-page'
import { useReservationChangeActor } from '../features/reservation-change/use-reservation-change-actor'

/** Reservation change (product.md §2); without ticketNumber it is the new-purchase selection. */
export const Route = createFileRoute('/_auth/support/reservation-date-change')({
  validateSearch: v.object({ ticketNumber: searchText, productId: searchText }),
  component: ReservationDateChange,
})

function ReservationDateChange() {
  const { services } = Route.useRouteContext()
  const { ticketNumber, productId } = Route.useSearch()
  const actor = useReservationChangeActor(services, { ticketNumber, productId })
  return <ReservationPage actor={actor} />
}
