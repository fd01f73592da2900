import { createFileRoute } from '@tanstack/react-router'
import { ConsultantListPage } from '../features/staff/desk/consultant-profile/consultant-list-page'

export const Route = createFileRoute('/staff/_desk/consultants/')({
  component: ConsultantsRoute,
})

function ConsultantsRoute() {
  return <ConsultantListPage deskApi={Route.useRouteContext().deskApi} />
}
