import { createFileRoute, useRouter } from '@tanstack/react-router'
import { refuseOtherRoles } from '../app/staff/staff-role-guard'
import { BusinessHolidaysPage } from '../features/staff/holidays/business-holidays/business-holidays-page'
import { holidaysText } from '../text/staff'
import { StaffLoadError, StaffPageSkeleton } from '../ui/staff-page-states'

/** 休業日 (operators). */
export const Route = createFileRoute('/staff/holidays')({
  staticData: { staffRoles: ['operator'] },
  beforeLoad: (options): void => refuseOtherRoles(options),
  loader: ({ context }) => context.staffApi.call('business-holidays', {}),
  pendingComponent: () => <StaffPageSkeleton title={holidaysText.title} />,
  errorComponent: HolidaysError,
  component: HolidaysRoute,
})

function HolidaysRoute() {
  const { staffApi } = Route.useRouteContext()
  const { holidays } = Route.useLoaderData()
  return <BusinessHolidaysPage staffApi={staffApi} holidays={holidays} />
}

function HolidaysError({ error }: { error: unknown }) {
  const router = useRouter()
  return <StaffLoadError title={holidaysText.title} error={error} onRetry={() => void router.invalidate()} />
}
