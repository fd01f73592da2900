import { createFileRoute, useRouter } from '@tanstack/react-router'
import { refuseOtherRoles } from '../app/staff/staff-role-guard'
import { ShiftPlanPage } from '../features/staff/shifts/shift-plan/shift-plan-page'
import { shiftPlanText } from '../text/staff'
import { StaffLoadError, StaffPageSkeleton } from '../ui/staff-page-states'

/** 勤務予定: a consultant's own plan; an operator chooses any consultant's. */
export const Route = createFileRoute('/staff/shifts')({
  staticData: { staffRoles: ['consultant', 'operator'] },
  beforeLoad: (options): void => refuseOtherRoles(options),
  // An operator picks among the consultants (staff-accounts lists every staff row).
  loader: async ({ context }) =>
    context.staff.roles.includes('operator') ? { staffOptions: (await context.staffApi.call('staff-accounts', {})).staff } : { staffOptions: undefined },
  pendingComponent: () => <StaffPageSkeleton title={shiftPlanText.title} />,
  errorComponent: ShiftsError,
  component: ShiftsRoute,
})

function ShiftsRoute() {
  const { staffApi, staff } = Route.useRouteContext()
  const { staffOptions } = Route.useLoaderData()
  return <ShiftPlanPage staffApi={staffApi} ownStaffId={staff.staffId} staffOptions={staffOptions} />
}

function ShiftsError({ error }: { error: unknown }) {
  const router = useRouter()
  return <StaffLoadError title={shiftPlanText.title} error={error} onRetry={() => void router.invalidate()} />
}
