import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { StaffFrame } from '../app/staff/staff-frame'
import { safeStaffRedirect } from '../app/staff/staff-redirect'
import { StaffLoginPage } from '../features/staff/accounts/staff-login/staff-login-page'

export const Route = createFileRoute('/staff_/login')({
  validateSearch: v.object({
    /** The staff page (path + query) to return to after login. */
    redirect: v.optional(v.string()),
  }),
  beforeLoad: async ({ context, search }) => {
    const { enterStaffPages } = await import('../app/staff/staff-guard')
    const entered = await enterStaffPages(context)
    // Already signed in as staff: straight on.
    if (entered?.staff.roles.length) throw redirect({ href: safeStaffRedirect(search.redirect) })
  },
  component: StaffLoginRoute,
})

function StaffLoginRoute() {
  const { services } = Route.useRouteContext()
  const search = Route.useSearch()
  return (
    <StaffFrame>
      <StaffLoginPage identity={services.identity} target={safeStaffRedirect(search.redirect)} />
    </StaffFrame>
  )
}
