import { createFileRoute, redirect, useRouter } from '@tanstack/react-router'
import { StaffLayout } from '../app/staff/staff-layout'

/**
 * The layout of every staff page (docs/product.md §6 roles): an anonymous visitor goes to
 * /staff/login remembering the page; a member sees 権限がありません; a staff member sees the menu
 * of their roles. The guard's code is loaded with the first staff page, never with member pages.
 */
export const Route = createFileRoute('/staff')({
  beforeLoad: async ({ context, location }) => {
    const { enterStaffPages } = await import('../app/staff/staff-guard')
    const entered = await enterStaffPages(context)
    if (!entered) throw redirect({ to: '/staff/login', search: { redirect: location.href } })
    return entered
  },
  component: StaffLayoutPage,
})

function StaffLayoutPage() {
  const { staff, services } = Route.useRouteContext()
  const router = useRouter()
  const signOut = async () => {
    await services.identity.signOut()
    await router.navigate({ to: '/staff/login' })
  }
  return <StaffLayout session={staff} signOut={signOut} />
}
