import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/app'
import { addInspectionListener, installDevTools } from './adapters/flow-recorder'
import { createServices } from './app/services'
import { startApp } from './app/start-app'
import { config } from './config'
import { holdEarlyInput } from './prerender/early-input'

// Development and test builds: QA recorder panel (Alt+Shift+R) and `?inspect` (docs/qa.md), and the
// offline live flow panel (`?flows`, Alt+Shift+F; docs/flows/README.md), a chunk of its own.
if (import.meta.env.MODE !== 'production') {
  void installDevTools()
  const search = window.location.search // read before the router tidies the URL
  void import('./features/qa/flow-panel-mount').then((m) => m.mountFlowPanel(addInspectionListener, search))
}

const { router } = startApp(createServices(config))
const root = document.getElementById('root')!
const app = <App router={router} />

// The first page rendered and live (hydrated, or rendered in the browser): the bundle bench's
// "interactive" moment (bench/bundle.ts).
const stopMark = router.subscribe('onRendered', () => {
  performance.mark('mypage:interactive')
  stopMark()
})

// Always in a transition: React renders in slices and yields to the browser between them, so
// startup is not one long task (docs/performance.md, Lighthouse TBT).
const renderOver = () => startTransition(() => createRoot(root).render(app))

function hydrate() {
  // Render the matches as a server does (no Suspense boundary around the root route: the HTML has
  // none), as TanStack Router's own hydration sets it; nothing else of it is used here.
  router.ssr = { manifest: undefined }
  // Typed before hydration: kept, and given to the form once it is live (src/prerender/early-input.ts).
  const release = holdEarlyInput(root)
  const stopHold = router.subscribe('onRendered', () => {
    stopHold()
    // Not inside React's commit (where this event is sent from): an event dispatched there is not
    // hydrated for.
    setTimeout(release)
  })
  startTransition(() => void hydrateRoot(root, app))
}

// A public page came as HTML rendered at build time (src/prerender, issue 16): once its route is
// loaded (its chunk; no public page's guard waits for the session), React takes over that markup
// instead of rendering it again. A member page's HTML is its frame and spinner only (or the page
// is not prerendered): rendered over.
if (root.dataset.prerendered === 'page') {
  const href = router.state.location.href
  router.load().then(() => {
    const match = router.state.matches.at(-1)
    // A guard that moved on (a kept session leaving /login, say): nothing to take over.
    if (router.state.location.href !== href || match?.status !== 'success') renderOver()
    else hydrate()
  }, renderOver)
} else {
  renderOver()
}
