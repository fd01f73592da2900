import { createFileRoute, useRouter } from '@tanstack/react-router'
import { refuseOtherRoles } from '../app/staff/staff-role-guard'
import { CalendarFeedPage } from '../features/staff/calendar/calendar-feed/calendar-feed-page'
import { calendarFeedText } from '../text/staff'
import { StaffLoadError, StaffPageSkeleton } from '../ui/staff-page-states'

/** カレンダー連携 (consultants): the private iCalendar feed URL. */
export const Route = createFileRoute('/staff/calendar')({
  staticData: { staffRoles: ['consultant'] },
  beforeLoad: (options): void => refuseOtherRoles(options),
  loader: ({ context }) => context.staffApi.call('calendar-feed', { action: 'STATUS' }),
  pendingComponent: () => <StaffPageSkeleton title={calendarFeedText.title} rows={1} />,
  errorComponent: CalendarError,
  component: CalendarRoute,
})

function CalendarRoute() {
  const { staffApi } = Route.useRouteContext()
  return <CalendarFeedPage staffApi={staffApi} feed={Route.useLoaderData()} />
}

function CalendarError({ error }: { error: unknown }) {
  const router = useRouter()
  return <StaffLoadError title={calendarFeedText.title} error={error} onRetry={() => void router.invalidate()} />
}
