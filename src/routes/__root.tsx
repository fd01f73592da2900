import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router'
import { AppLayout } from '../app/layout/app-layout'
import type { RouterContext } from './-router-context'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
})

// product.md §2: the nav is hidden on the login, password-reset and signup pages.
const pagesWithoutNav = ['/login', '/password-reset', '/signup', '/registeration-']

function RootLayout() {
  const { auth } = Route.useRouteContext()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  // product.md §2: display=lp (landing-page variant) hides header and footer on any page.
  const landingPage = useRouterState({ select: (s) => (s.location.search as { display?: unknown }).display === 'lp' })
  const showNav = !pagesWithoutNav.some((prefix) => pathname.startsWith(prefix))
  // The staff pages have their own frame (src/app/staff/staff-frame.tsx): no member header or footer.
  if (pathname === '/staff' || pathname.startsWith('/staff/')) return <Outlet />

  return (
    <AppLayout auth={auth} chrome={!landingPage} showNav={showNav}>
      <Outlet />
    </AppLayout>
  )
}
