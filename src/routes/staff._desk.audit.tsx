import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { AuditLogPage } from '../features/audit-log/audit-log-page'

const text = v.optional(v.pipe(v.string(), v.maxLength(128)))
const day = v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/)))

export const Route = createFileRoute('/staff/_desk/audit')({
  validateSearch: v.object({ actor: text, action: text, targetType: text, targetId: text, from: day, to: day, page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))) }),
  component: AuditRoute,
})

function AuditRoute() {
  const navigate = Route.useNavigate()
  return <AuditLogPage deskApi={Route.useRouteContext().deskApi} search={Route.useSearch()} onSearch={(search) => void navigate({ search })} />
}
