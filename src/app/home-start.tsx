import { startTransition, useEffect, useMemo } from 'react'
import { createRoot } from 'react-dom/client'
import { waitFor } from 'xstate'
import { authView } from '../../machines/auth/auth-view'
import { ticketCalendarFetcher } from '../api/ticket-calendar'
import type { Member } from '../../contract/session-calls'
import { earlyMember } from '../features/auth/early-member'
import { createAuthActor, lateNavigation } from '../features/auth/use-auth-actor'
import { HomePage } from '../features/home/home-page'
import { handHome, takePrefetchedHome } from '../features/home/home-prefetch'
import { errorCodeOf, loadHome, type HomeData } from '../features/home/load-home'
import { useFreshHome, type ShownHome } from '../features/home/use-home-refresh'
import { holdForHandOff } from '../prerender/hand-off'
import { fetchAppForLater, pause, stage, whenIdle } from '../prerender/start-stages'
import type { AppServices } from '../routes/-router-context'
import { showSignedIn } from './layout/header-signed-in'

/**
 * How long the drawn page is left to the member before the app is evaluated without a touch. The
 * app's evaluation is about a second of a phone's main thread in tasks of up to a few hundred ms:
 * right after the page is drawn it is in the way of the member's first tap, which is most likely
 * then; a member who reads for a while finds the app ready for their first tap.
 */
const EVALUATE_AFTER_MS = 5000

/**
 * The home's own start (src/home-main.tsx, decision 103). A member opening `/` waits for the
 * session and the home's reads; the app around them (Chakra's runtime and theme, the router and
 * its route tree) is most of the bytes and of the work on a phone before anything shows. So this
 * draws the home without them: the session restored by the app's own auth actor, the reads, the
 * header's signed-in state, and the home's own components (static classes, decision 102) inside
 * the frame the page came with. The app's chunks are fetched while the browser is idle; at the
 * member's first touch of the page (or after a few seconds without one) the app is evaluated and
 * handed the page: the same auth actor and the same data and moment, so its first render (at that
 * first touch) is the page on screen, and a press held meanwhile is given to it
 * (src/prerender/hand-off.ts).
 */
export async function startHomePage(root: HTMLElement, services: AppServices, firstTouch: Promise<void>) {
  // The app renders over the page at the member's first touch of it (a press, a key, a focus), not
  // while the member reads it (src/app/start-app-browser.tsx): until then the page's elements stay
  // the ones on screen. A press held for the app touches it too.
  let touch!: () => void
  const touched = new Promise<void>((resolve) => (touch = resolve))
  void firstTouch.then(() => touch())
  const here = `${window.location.pathname}${window.location.search}`
  let left = false
  const leave = (href: string) => {
    if (left) return
    left = true
    window.location.replace(href)
  }
  const late = lateNavigation({
    goTo: (href) => window.location.assign(href),
    goToLogin: () => window.location.assign('/login'),
    // No session (or none whose member can be read): the login, remembering this page, as the app's guard does.
    leaveMemberPage: () => leave(`/login?redirect=${encodeURIComponent(here)}`),
    leaveLoginPage: () => {},
  })
  // Read with the kept session before the SDK restored it (decision 104): asked for before the
  // auth chart starts, whose first load of the member takes the same row.
  const early = await earlyMember()
  const auth = createAuthActor(services, late.navigation)
  auth.start()
  const settled = waitFor(auth, authView.isSettled)

  const drawn = early ? await readEarly(early.member) : null
  let page: { data: HomeData; member: Member | null }
  if (drawn) {
    page = drawn
    // The SDK stays the judge of the session: nobody signed in after all (a user it signed out),
    // the login; someone else signed in meanwhile (another tab), this page again for them.
    const drawnFor = drawn.member.memberId
    void settled.then((session) => {
      if (!authView.isSignedIn(session)) late.navigation.leaveMemberPage()
      else if (session.context.member && session.context.member.memberId !== drawnFor) leave(here)
    })
  } else {
    services.identity.prepare()
    const session = await settled
    if (!authView.isSignedIn(session)) return late.navigation.leaveMemberPage()
    try {
      const prefetched = takePrefetchedHome()
      const data = prefetched ? await prefetched.catch(() => loadHome(services.api)) : await loadHome(services.api)
      page = { data, member: session.context.member }
    } catch (error) {
      // As the app's loader: the system error page with the status.
      return leave(`/error?code=${errorCodeOf(error)}`)
    }
  }
  const { data, member } = page
  const now = new Date()
  // The page on screen, read again in place while a card may change (decision 121): what the app is handed.
  let shown: ShownHome = { data, now }
  const reread = async (): Promise<ShownHome> => {
    const fresh = { data: await loadHome(services.api), now: new Date() }
    shown = fresh
    return fresh
  }
  await pause()

  const main = root.querySelector('main')
  if (!main) throw new Error('home: the page came without its frame')
  const calendarFile = ticketCalendarFetcher({ baseUrl: services.config.apiBase, getIdToken: () => services.identity.getIdToken() })
  // Never sent from this page (a press on its button hands the page over first), but given, so the
  // cards are drawn as the app draws them.
  const reportNoCall = async (ticketNumber: string) => {
    await services.api.call('no-call-report', { ticketNumber })
    window.location.reload()
  }

  let handing: Promise<void> | null = null
  const handOver = () => {
    handing ??= (async () => {
      // The app is handed a settled session only (the page may have been drawn before the SDK's answer).
      if (!authView.isSignedIn(await settled)) return
      // At once, not one round trip after another as the stages import them (already, if idle came first).
      void fetchAppForLater()
      const theme = await stage('theme', () => import('../theme'))
      await stage('theme system', () => theme.buildSystemInSteps(pause))
      await stage('route tree', () => import('../routeTree.gen'))
      const { startBrowserApp } = await stage('app', () => import('./start-app-browser'))
      handHome(shown.data, shown.now)
      await startBrowserApp(pause, () => {}, services, {
        auth,
        navigate: late.set,
        touched,
        rendered: (router) => {
          // The app's page is on screen (tests and traces read this mark).
          performance.mark('mypage:handed-over')
          light.unmount()
          held.release((href) => router.history.push(href))
        },
      })
    })().catch((error: unknown) => {
      // The app could not be loaded (offline, a deploy replaced its chunks): the page stays as it
      // is, and a held link is followed by loading its page.
      services.errors.report(error, { where: 'home hand-over' })
      held.release((href) => window.location.assign(href))
    })
  }
  const held = holdForHandOff(root, () => {
    touch()
    handOver()
  })
  const light = createRoot(main)
  const onShown = () => {
    // The bundle bench's "interactive" moment (bench/bundle.ts): drawn, and every press answered.
    performance.mark('mypage:interactive')
    // Drawn from the kept session's reads: now the SDK restores the session (src/app/member-session-early.ts).
    services.identity.prepare()
    whenIdle(() => {
      services.analytics.pageView(window.location.pathname)
      // Fetched now, evaluated later: at the member's first touch, or once the page has been read
      // for a few seconds without one (docs/performance.md "The home's own start").
      void fetchAppForLater()
      setTimeout(() => whenIdle(handOver), EVALUATE_AFTER_MS)
    })
    void touched.then(handOver)
  }
  showSignedIn(root, member?.memberId ?? null)
  startTransition(() => {
    light.render(<LightHome member={member} data={data} now={now} reread={reread} calendarFile={calendarFile} reportNoCall={reportNoCall} onShown={onShown} />)
  })
}

/**
 * The home's reads and the member's row made with the kept session's token (decision 104), or
 * null if any failed (a token the server refused): the page then waits for the SDK and reads again.
 */
async function readEarly(member: Promise<Member>): Promise<{ data: HomeData; member: Member } | null> {
  const data = takePrefetchedHome()
  if (!data) return null
  return Promise.all([data, member]).then(
    ([home, row]) => ({ data: home, member: row }),
    () => null,
  )
}

function LightHome({ onShown, reread, data, now, ...page }: Parameters<typeof HomePage>[0] & { onShown: () => void; reread: () => Promise<ShownHome> }) {
  useEffect(onShown, [onShown])
  // Until the member's first touch hands the page to the app, this page follows the consultation
  // itself (the app renders only then: a member watching their card may never touch it).
  const shown = useFreshHome(useMemo(() => ({ data, now }), [data, now]), reread)
  return <HomePage {...page} data={shown.data} now={shown.now} />
}
