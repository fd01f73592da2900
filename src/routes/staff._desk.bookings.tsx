import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { searchTextClipped } from '../../contract/search-params'
import { BookingsPage } from '../features/staff/desk/bookings/bookings-page'

// The filters as the URL holds them; one the page cannot read is dropped, not an error page. The
// search schema is part of the route tree (the entry chunk): it imports nothing of the desk's registry.
const day = v.fallback(v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined)

export const Route = createFileRoute('/staff/_desk/bookings')({
  validateSearch: v.object({
    from: day,
    to: day,
    staffId: v.fallback(searchTextClipped(64), undefined),
    status: v.fallback(v.optional(v.picklist(['UNSUPPORTED', 'COMPLETED', 'UNSOLVED', 'UNSOLVED_COMPLETED', 'NO_CONTACT', 'REFUNDED'])), undefined),
    member: v.fallback(searchTextClipped(100), undefined),
    page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
  }),
  component: BookingsRoute,
})

function BookingsRoute() {
  const navigate = Route.useNavigate()
  const search = Route.useSearch()
  // A new set of filters (a link from 今日の状況, the back button) starts the form afresh; a page turn keeps it.
  const { page: _page, ...filters } = search
  return <BookingsPage key={JSON.stringify(filters)} deskApi={Route.useRouteContext().deskApi} search={search} onSearch={(next) => void navigate({ search: next })} />
}
