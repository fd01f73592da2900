import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { MemberSearchPage } from '../features/desk-members/member-search-page'

export const Route = createFileRoute('/staff/_desk/members/')({
  validateSearch: v.object({
    q: v.optional(v.pipe(v.string(), v.maxLength(100))),
    by: v.optional(v.picklist(['ANY', 'EMAIL', 'PHONE', 'MEMBER_ID', 'TICKET'])),
    page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  }),
  component: MembersRoute,
})

function MembersRoute() {
  const navigate = Route.useNavigate()
  return <MemberSearchPage deskApi={Route.useRouteContext().deskApi} search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />
}
