import { createFileRoute, useRouter } from '@tanstack/react-router'
import { refuseOtherRoles } from '../app/staff/staff-role-guard'
import { AssignmentsPage } from '../features/staff/consultations/reassignment/assignments-page'
import { ReassignmentDialog } from '../features/staff/consultations/reassignment/reassignment-dialog'
import { useReassignmentActor } from '../features/staff/consultations/reassignment/use-reassignment-actor'
import { assignmentsText } from '../text/staff'
import { StaffLoadError, StaffPageSkeleton } from '../ui/staff-page-states'

/** How many days of future bookings the operator sees. */
const ASSIGNMENT_DAYS = 31

/** 割り当て: future bookings, who holds each, and reassignment (operators). */
export const Route = createFileRoute('/staff/assignments')({
  staticData: { staffRoles: ['operator'] },
  beforeLoad: (options): void => refuseOtherRoles(options),
  loader: ({ context }) => context.staffApi.call('assignments', { days: ASSIGNMENT_DAYS }),
  pendingComponent: () => <StaffPageSkeleton title={assignmentsText.title} rows={5} />,
  errorComponent: AssignmentsError,
  component: AssignmentsRoute,
})

function AssignmentsRoute() {
  const { staffApi } = Route.useRouteContext()
  const { assignments } = Route.useLoaderData()
  const router = useRouter()
  const reassignment = useReassignmentActor(staffApi, () => void router.invalidate())
  return (
    <>
      <AssignmentsPage assignments={assignments} reassignment={reassignment} />
      <ReassignmentDialog actor={reassignment} />
    </>
  )
}

function AssignmentsError({ error }: { error: unknown }) {
  const router = useRouter()
  return <StaffLoadError title={assignmentsText.title} error={error} onRetry={() => void router.invalidate()} />
}
