import { createRouter, lazyRouteComponent, type RouterHistory } from '@tanstack/react-router'
import { routeTree } from '../routeTree.gen'
import { PageSpinner } from '../ui/page-spinner'
import type { RouterContext } from '../routes/-router-context'

export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    history,
    defaultPreload: 'intent',
    defaultPendingComponent: PageSpinner,
    defaultPendingMs: 150,
    // We scroll to the top on every new page ourselves (product.md §2), see navigation-effects.ts.
    scrollRestoration: false,
    // What a page threw while rendering or loading reaches the error reports (docs/operations.md),
    // and the member sees the system error page in its place (a chunk of its own, loaded then).
    defaultOnCatch: (error) => context.services.errors.report(error, { where: 'route' }),
    defaultErrorComponent: lazyRouteComponent(() => import('../features/error/route-error'), 'RouteError'),
  })
}

export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
  interface HistoryState {
    /** Set on an entry whose back navigation must go home instead (product.md §2). */
    usingBackButton?: boolean
  }
}
