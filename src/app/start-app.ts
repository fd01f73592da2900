import type { RouterHistory } from '@tanstack/react-router'
import { coalesceReads } from '../api/coalesce-reads'
import { createAuthActor, type AuthNavigation } from '../features/auth/use-auth-actor'
import type { AppServices } from '../routes/-router-context'
import { installNavigationEffects } from './navigation-effects'
import { createAppRouter, type AppRouter } from './router'

type AuthActor = ReturnType<typeof createAuthActor>

/** When the browser has nothing else to do, or after 2 s at the latest. */
function whenIdle(run: () => void) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 })
  else setTimeout(run, 0)
}

/**
 * Builds the running app from its ports: auth actor → router (with both in its context).
 * The auth actor navigates through the router, which needs the actor in its context,
 * so navigation is bound late through `late.router`. Tests pass fake services and a memory history.
 */
export function startApp(ports: AppServices, options: { history?: RouterHistory } = {}) {
  const steps = appSteps(ports, options)
  steps.createAuth()
  steps.createRouter()
  return steps.start()
}

/**
 * `startApp` in the browser (src/app/start-app-browser.tsx): the same steps, with a yield to the
 * browser between them, so that no step of the start is one long task (docs/performance.md
 * "Loading in stages").
 */
export async function startAppInSteps(ports: AppServices, pause: () => Promise<void>, handed?: HandedAuth) {
  const steps = appSteps(ports, {}, handed)
  steps.createAuth()
  await pause()
  steps.createRouter()
  await pause()
  return steps.start()
}

/**
 * The auth actor of a page that started on its own (src/app/home-start.tsx), already running with the
 * session restored: the app takes it over, and `navigate` points its navigation at the router's.
 */
export type HandedAuth = { auth: AuthActor; navigate(target: AuthNavigation): void }

/** The start's steps, in this order: the auth actor, the router (with it in its context), then both started. */
function appSteps(ports: AppServices, options: { history?: RouterHistory }, handed?: HandedAuth) {
  // Identical reads in flight share one request (StrictMode's double mount, src/api/coalesce-reads.ts).
  const services: AppServices = { ...ports, api: coalesceReads(ports.api) }
  const late: { router?: AppRouter } = {}
  let auth: AuthActor | undefined
  let router: AppRouter | undefined
  const navigation: AuthNavigation = {
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
  }
  return {
    createAuth() {
      if (handed) handed.navigate(navigation)
      auth = handed?.auth ?? createAuthActor(services, navigation)
    },
    createRouter() {
      router = late.router = createAppRouter({ auth: auth!, services }, options.history)
    },
    start() {
      const [a, r] = [auth!, router!]
      const stopEffects = installNavigationEffects(r, services.analytics, { handedOver: handed !== undefined })
      // The identity provider's SDK is not in the entry (docs/performance.md, bundle): a page that
      // needs the session asks for it in its guard (settledAuth); any other starts it once rendered
      // and the browser is idle (its evaluation is a long task on a phone: not in the way of the
      // first tap; a sign-in before then loads it at once).
      let preparing = false
      const stopPreparing = r.subscribe('onRendered', () => {
        if (preparing) return
        preparing = true
        whenIdle(() => services.identity.prepare())
      })
      a.start()
      return {
        router: r,
        auth: a,
        stop() {
          stopEffects()
          stopPreparing()
          a.stop()
        },
      }
    },
  }
}
