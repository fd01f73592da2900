import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { ConsultantProfileForm } from '../features/staff/desk/consultant-profile/consultant-profile-form'
import { useConsultantProfileActor } from '../features/staff/desk/consultant-profile/use-consultant-profile-actor'

export const Route = createFileRoute('/staff/_desk/consultants/$staffId')({
  // `added`: the consultant was just added on /staff/consultants/new (the page says so).
  validateSearch: v.object({ added: v.optional(v.boolean()) }),
  component: ConsultantRoute,
})

function ConsultantRoute() {
  const { staffId } = Route.useParams()
  const { added } = Route.useSearch()
  return <ConsultantProfile key={staffId} staffId={staffId} added={added === true} />
}

function ConsultantProfile({ staffId, added }: { staffId: string; added: boolean }) {
  return <ConsultantProfileForm actor={useConsultantProfileActor(Route.useRouteContext().deskApi, staffId)} added={added} />
}
