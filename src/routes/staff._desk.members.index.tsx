import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { searchTextClipped } from '../../contract/search-params'
import { MemberSearchPage } from '../features/staff/desk/members/member-search-page'

// The search as the URL holds it (a phone number arrives as a number); what cannot be read is dropped.
export const Route = createFileRoute('/staff/_desk/members/')({
  validateSearch: v.object({
    q: v.fallback(searchTextClipped(100), undefined),
    by: v.fallback(v.optional(v.picklist(['ANY', 'NAME', 'EMAIL', 'PHONE', 'MEMBER_ID', 'TICKET'])), undefined),
    page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
  }),
  component: MembersRoute,
})

function MembersRoute() {
  const navigate = Route.useNavigate()
  return <MemberSearchPage deskApi={Route.useRouteContext().deskApi} search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />
}
