import { createFileRoute } from '@tanstack/react-router'
import { ConsultantProfileForm } from '../features/consultant-profile/consultant-profile-form'
import { useConsultantProfileActor } from '../features/consultant-profile/use-consultant-profile-actor'

export const Route = createFileRoute('/staff/_desk/consultants/$staffId')({
  component: ConsultantRoute,
})

function ConsultantRoute() {
  const { staffId } = Route.useParams()
  return <ConsultantProfile key={staffId} staffId={staffId} />
}

function ConsultantProfile({ staffId }: { staffId: string }) {
  return <ConsultantProfileForm actor={useConsultantProfileActor(Route.useRouteContext().deskApi, staffId)} />
}
