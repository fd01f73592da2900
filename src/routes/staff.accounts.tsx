import { createFileRoute, useRouter } from '@tanstack/react-router'
import { refuseOtherRoles } from '../app/staff/staff-role-guard'
import { StaffAccountsPage } from '../features/staff/accounts/staff-accounts/staff-accounts-page'
import { staffAccountsText } from '../text/staff'
import { StaffLoadError, StaffPageSkeleton } from '../ui/staff-page-states'

/** スタッフ権限 (operators): grant and revoke staff roles by e-mail. */
export const Route = createFileRoute('/staff/accounts')({
  staticData: { staffRoles: ['operator'] },
  beforeLoad: (options): void => refuseOtherRoles(options),
  loader: ({ context }) => context.staffApi.call('staff-accounts', {}),
  pendingComponent: () => <StaffPageSkeleton title={staffAccountsText.title} />,
  errorComponent: AccountsError,
  component: AccountsRoute,
})

function AccountsRoute() {
  const { staffApi } = Route.useRouteContext()
  return <StaffAccountsPage staffApi={staffApi} data={Route.useLoaderData()} />
}

function AccountsError({ error }: { error: unknown }) {
  const router = useRouter()
  return <StaffLoadError title={staffAccountsText.title} error={error} onRetry={() => void router.invalidate()} />
}
