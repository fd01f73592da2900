import { createFileRoute, redirect, useRouter } from '@tanstack/react-router'
import { refuseOtherRoles } from '../app/staff/staff-role-guard'
import { ConsultantDayPage, CONSULTANT_DAYS, DAY_REFRESH_MS } from '../features/staff/consultations/day/consultant-day-page'
import { OutcomePanel } from '../features/staff/consultations/consultation-outcome/outcome-panel'
import { consultantDayText } from '../text/staff'
import { StaffLoadError, StaffPageSkeleton } from '../ui/staff-page-states'
import { useFresh, useRefresh } from '../ui/use-refresh'

/** 今日の相談 (a consultant's day); an operator who is no consultant starts at 今日の状況 (the desk's glance). */
export const Route = createFileRoute('/staff/')({
  staticData: { staffRoles: ['consultant'] },
  beforeLoad: (options) => {
    const { roles } = options.context.staff
    if (!roles.includes('consultant') && roles.includes('operator')) throw redirect({ to: '/staff/today' })
    refuseOtherRoles(options)
  },
  loader: ({ context }) => context.staffApi.call('consultant-day', { days: CONSULTANT_DAYS }),
  pendingComponent: () => <StaffPageSkeleton title={consultantDayText.title} />,
  errorComponent: DayError,
  component: ConsultantDayRoute,
})

function ConsultantDayRoute() {
  const { staffApi } = Route.useRouteContext()
  const router = useRouter()
  const reload = () => void router.invalidate()
  // Read again in place while shown: the member's presence in the room, outcomes recorded elsewhere (decision 121).
  const [day, refresh] = useFresh(Route.useLoaderData(), () => staffApi.call('consultant-day', { days: CONSULTANT_DAYS }))
  useRefresh(refresh, DAY_REFRESH_MS)
  return (
    <ConsultantDayPage
      day={day}
      staffApi={staffApi}
      outcomePanel={(consultation, close) => <OutcomePanel staffApi={staffApi} consultation={consultation} onSaved={reload} onClose={close} />}
    />
  )
}

function DayError({ error }: { error: unknown }) {
  const router = useRouter()
  return <StaffLoadError title={consultantDayText.title} error={error} onRetry={() => void router.invalidate()} />
}
