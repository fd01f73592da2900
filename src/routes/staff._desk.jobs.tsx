import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { FailedJobsPage } from '../features/staff/desk/jobs/failed-jobs-page'

const page = v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined)

export const Route = createFileRoute('/staff/_desk/jobs')({
  validateSearch: v.object({ page }),
  component: JobsRoute,
})

function JobsRoute() {
  const navigate = Route.useNavigate()
  return <FailedJobsPage deskApi={Route.useRouteContext().deskApi} page={Route.useSearch().page ?? 1} onPage={(p) => void navigate({ search: { page: p } })} />
}
