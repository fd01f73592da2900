import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { holdEarlyInput } from '../prerender/early-input'
import { whenIdle } from '../prerender/start-stages'
import { config } from '../config'
import { system } from '../theme'
import { App, withGlobalStylesOf } from './app'
import type { AppServices } from '../routes/-router-context'
import { createServices } from './services'
import { startAppInSteps, type HandedAuth } from './start-app'
import type { AppRouter } from './router'

/**
 * The browser's app, started by src/main.tsx once the page has painted and the stack's packages
 * are evaluated (docs/performance.md "Loading in stages", decision 52). `pause` yields to the
 * browser: each step here is a task of its own, so no step of the start is one long task.
 */

/** How long a member page's frame waits for its route before the app renders its pending state. */
const SHELL_LOAD_WAIT_MS = 3000

/**
 * A page drawn by a start of its own and handed to the app (src/app/home-start.tsx, decision 103):
 * its running auth actor; `touched`, which resolves at the member's first touch of the page (the
 * app renders over the page only then: until the member does something, the page's elements stay
 * the ones on screen); and `rendered`, called once the app has rendered over the page.
 */
export type HandedPage = HandedAuth & { touched: Promise<void>; rendered(router: AppRouter): void }

export async function startBrowserApp(pause: () => Promise<void>, releaseClicks: (replay: boolean) => void = () => {}, early?: AppServices, handed?: HandedPage) {
  const services = early ?? createServices(config)
  await pause()
  const { router } = await startAppInSteps(services, pause, handed)
  const root = document.getElementById('root')!
  const app = <App router={router} chakra={withGlobalStylesOf(system, document.querySelector<HTMLMetaElement>('meta[name=chakra-global-styles]')?.content)} />

  // The first page rendered and live (hydrated, or rendered in the browser): the bundle bench's
  // "interactive" moment (bench/bundle.ts). A page handed over was live before (its own start
  // marked it): its start is told instead.
  const stopMark = router.subscribe('onRendered', () => {
    stopMark()
    if (handed) setTimeout(() => handed.rendered(router), 0)
    else performance.mark('mypage:interactive')
  })

  // Always in a transition: React renders in slices and yields to the browser between them, so
  // startup is not one long task (docs/performance.md, Lighthouse TBT).
  const renderOver = () => {
    releaseClicks(false)
    startTransition(() => createRoot(root).render(app))
  }

  function hydrate() {
    // Render the matches as a server does (no Suspense boundary around the root route: the HTML has
    // none), as TanStack Router's own hydration sets it; nothing else of it is used here.
    router.ssr = { manifest: undefined }
    // Typed before hydration: kept, and given to the form once it is live (src/prerender/early-input.ts).
    const release = holdEarlyInput(root)
    const stopHold = router.subscribe('onRendered', () => {
      stopHold()
      // Once React has nothing left to do: the page's parts (Suspense boundaries) hydrate after the
      // frame around them, in slices; released before, its events would hydrate the rest at once,
      // in one long task. Not inside React's commit either (where this event is sent from): an
      // event dispatched there is not hydrated for.
      whenIdle(() => {
        release()
        releaseClicks(true)
      })
    })
    startTransition(() => void hydrateRoot(root, app))
  }

  await pause()
  // A public page came as HTML rendered at build time (src/prerender): once its route is
  // loaded (its chunk; no public page's guard waits for the session), React takes over that markup
  // instead of rendering it again. A member page's HTML is its frame and spinner only (or the page
  // is not prerendered): rendered over.
  if (root.dataset.prerendered === 'shell') {
    // A member page's frame and spinner are on screen already, which is all the app would render
    // while the session and the page's data load: render once they have. Rendered earlier, the
    // session and the route settling during React's first render made it start over
    // synchronously (a store read through useSyncExternalStore changed under it): one task of
    // ≈ 180 ms at 4× CPU, then another for the header (docs/performance.md "Loading in stages").
    // A guard's redirect (no session: to /login) moves the history; the router loads the new
    // location when the history moves, as its own <Transitioner> does once rendered. A load slower
    // than a few seconds is rendered anyway (its pending state, as before).
    const stopFollowing = router.history.subscribe(() => void router.load().catch(() => {}))
    let timer: ReturnType<typeof setTimeout> | undefined
    await Promise.race([router.load().catch(() => {}), new Promise((resolve) => (timer = setTimeout(resolve, SHELL_LOAD_WAIT_MS)))])
    clearTimeout(timer)
    stopFollowing()
    if (handed) await handed.touched
    await pause()
  }
  if (root.dataset.prerendered !== 'page') return renderOver()
  const href = router.state.location.href
  try {
    await router.load()
  } catch {
    return renderOver()
  }
  await pause()
  const match = router.state.matches.at(-1)
  // A guard that moved on (a kept session leaving /login, say): nothing to take over.
  if (router.state.location.href !== href || match?.status !== 'success') renderOver()
  else hydrate()
}
