import { createFileRoute } from '@tanstack/react-router'
import { ConsultantProfileForm } from '../features/consultant-profile/consultant-profile-form'
import { useConsultantProfileActor } from '../features/consultant-profile/use-consultant-profile-actor'

export const Route = createFileRoute('/staff/_desk/consultants/new')({
  component: NewConsultantRoute,
})

function NewConsultantRoute() {
  return <ConsultantProfileForm actor={useConsultantProfileActor(Route.useRouteContext().deskApi, null)} />
}
