import { startTransition, useEffect } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { sessionHint } from '../adapters/session-hint'
import { createServices } from './services'
import { config } from '../config'
import { holdEarlyInput } from '../prerender/early-input'
import { fetchAppForLater, whenIdle } from '../prerender/start-stages'
import { couponCodeOf } from '../ui/coupon-link'
import { useClientValue } from '../ui/use-client-value'
import { safeRedirect } from '../features/auth/auth-guard'
import { LoginForm } from '../features/auth/login-form'
import { createAuthActor, type AuthNavigation } from '../features/auth/use-auth-actor'

/**
 * /login's own start (src/login-main.tsx, decision 102): the app's services and its one auth actor,
 * as the app builds them (src/app/start-app.ts), and the form hydrated inside `formRoot`. The
 * chart's navigation loads the next page: this page has no router, and the page the member goes
 * to is the app's (started by src/main.tsx).
 */
export async function startLoginPage(formRoot: HTMLElement, pause: () => Promise<void>, releaseClicks: (replay: boolean) => void, firstTouch: Promise<void>) {
  const services = createServices(config)
  // The identity provider's SDK (27 KB, and a long task to evaluate on a phone): while idle when
  // this browser may keep a session (found, it leaves this page for home), else at the visitor's
  // first touch of the page (a field, a key, the QA recorder's shortcut), so that the login does
  // not wait for its download. A submit before then loads it at once.
  const mayKeepSession = sessionHint()
  if (!mayKeepSession) void firstTouch.then(() => services.identity.prepare())
  const search = new URLSearchParams(window.location.search)
  const redirectTo = safeRedirect(search.get('redirect') ?? undefined)
  const navigation: AuthNavigation = {
    goTo: (href) => window.location.assign(href),
    goToLogin: () => {},
    // This page needs no login.
    leaveMemberPage: () => {},
    // A kept session found once the identity provider answers: home, as the app's /login does.
    leaveLoginPage: () => window.location.replace('/'),
  }
  const auth = createAuthActor(services, navigation)
  auth.start()
  await pause()

  const onHydrated = () => {
    // The bundle bench's "interactive" moment (bench/bundle.ts), as the app marks it.
    performance.mark('mypage:interactive')
    // Once React has nothing left to do (src/app/start-app-browser.tsx says why).
    whenIdle(() => {
      release()
      releaseClicks(true)
      services.analytics.pageView(window.location.pathname)
      if (mayKeepSession) services.identity.prepare()
      // The app's start, for the page after the login (src/main.tsx's), fetched into the cache.
      whenIdle(() => void fetchAppForLater())
    })
  }
  // Typed before hydration: kept, and given to the form once it is live (src/prerender/early-input.ts).
  const release = holdEarlyInput(formRoot)
  startTransition(() => {
    hydrateRoot(formRoot, <LoginPageForm auth={auth} redirectTo={redirectTo} onHydrated={onHydrated} />)
  })
}

function LoginPageForm({ auth, redirectTo, onHydrated }: { auth: ReturnType<typeof createAuthActor>; redirectTo: string; onHydrated: () => void }) {
  // The page is prerendered without a query: what the query adds shows once hydrated (as src/routes/login.tsx).
  const couponCode = useClientValue(() => couponCodeOf(redirectTo))
  useEffect(onHydrated, [onHydrated])
  return <LoginForm auth={auth} redirectTo={redirectTo} couponCode={couponCode} />
}
