import { createFileRoute } from '@tanstack/react-router'
import { ConsultantProfileForm } from '../features/staff/desk/consultant-profile/consultant-profile-form'
import { useConsultantProfileActor } from '../features/staff/desk/consultant-profile/use-consultant-profile-actor'

export const Route = createFileRoute('/staff/_desk/consultants/new')({
  component: NewConsultantRoute,
})

function NewConsultantRoute() {
  return <ConsultantProfileForm actor={useConsultantProfileActor(Route.useRouteContext().deskApi, null)} />
}
