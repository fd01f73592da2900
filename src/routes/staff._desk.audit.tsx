import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { searchTextClipped } from '../../contract/search-params'
import { AuditLogPage } from '../features/staff/desk/audit-log/audit-log-page'

// A filter as the URL holds it; one the page cannot read is dropped, not an error page.
const text = v.fallback(searchTextClipped(128), undefined)
const day = v.fallback(v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/))), undefined)
const page = v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined)

export const Route = createFileRoute('/staff/_desk/audit')({
  validateSearch: v.object({ actor: text, action: text, targetType: text, targetId: text, from: day, to: day, page }),
  component: AuditRoute,
})

function AuditRoute() {
  const navigate = Route.useNavigate()
  return <AuditLogPage deskApi={Route.useRouteContext().deskApi} search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />
}
