import type { RouterHistory } from '@tanstack/react-router'
import { coalesceReads } from '../api/coalesce-reads'
import { createAuthActor } from '../features/auth/use-auth-actor'
import type { AppServices } from '../routes/-router-context'
import { installNavigationEffects } from './navigation-effects'
import { createAppRouter, type AppRouter } from './router'

/**
 * Builds the running app from its ports: auth actor → router (with both in its context).
 * The auth actor navigates through the router, which needs the actor in its context,
 * so navigation is bound late through `late.router`. Tests pass fake services and a memory history.
 */
export function startApp(ports: AppServices, options: { history?: RouterHistory } = {}) {
  // Identical reads in flight share one request (StrictMode's double mount, src/api/coalesce-reads.ts).
  const services: AppServices = { ...ports, api: coalesceReads(ports.api) }
  const late: { router?: AppRouter } = {}
  const auth = createAuthActor(services, {
    goTo: (href) => late.router?.history.push(href),
    goToLogin: () => void late.router?.navigate({ to: '/login' }),
    leaveMemberPage: () => {
      const router = late.router
      if (!router?.state.matches.some((m) => m.routeId === '/_auth')) return
      void router.navigate({ to: '/login', search: { redirect: router.state.location.href } })
    },
    leaveLoginPage: () => {
      if (late.router?.state.location.pathname === '/login') void late.router.navigate({ to: '/', replace: true })
    },
  })
  const router = (late.router = createAppRouter({ auth, services }, options.history))
  const stopEffects = installNavigationEffects(router, services.analytics)
  // The identity provider's SDK is not in the entry (docs/performance.md, bundle): a page that
  // needs the session asks for it in its guard (settledAuth); any other starts it once rendered.
  const stopPreparing = router.subscribe('onRendered', () => services.identity.prepare())
  auth.start()
  return {
    router,
    auth,
    stop() {
      stopEffects()
      stopPreparing()
      auth.stop()
    },
  }
}
