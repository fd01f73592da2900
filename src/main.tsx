import { addInspectionListener, installDevTools } from './adapters/flow-recorder'
import { holdEarlyClicks } from './prerender/early-input'

// The entry (docs/performance.md "Loading in stages", decision 52). The page is painted from its
// HTML (src/prerender); the app's JavaScript is evaluated after that first frame, in stages, each
// a task of its own with a yield to the browser between them: evaluating the whole module graph
// at once (React, Chakra's system, the router and its route tree, XState, the app) was one task
// of 600–800 ms on a phone's CPU, either before the first paint or blocking the page after it.

/**
 * After the browser has shown the page: the first contentful paint and the first largest-contentful-
 * paint candidate reported (a prerendered page paints whole, so that candidate is its LCP), then a
 * task later. Reported, not merely a frame requested: a frame's paint reaches the screen a little
 * after its `requestAnimationFrame`, and on a slow or busy device the chunks' requests then started
 * before the page was on screen (Lighthouse's simulation charged them to the paint: `/login`'s LCP
 * 0.9 or 2.8 s from one run to the next). Only for a prerendered page or frame: the bare index.html
 * (the dev server's) holds no content to report. A browser that reports neither: one frame, as
 * before; a hidden tab paints nothing: at once.
 */
function afterFirstPaint(contentful: boolean): Promise<void> {
  return new Promise((resolve) => {
    const next = () => setTimeout(resolve, 0)
    if (document.visibilityState === 'hidden') return next()
    const types = (contentful && typeof PerformanceObserver === 'function' ? PerformanceObserver.supportedEntryTypes : undefined) ?? []
    const waitFor = (['paint', 'largest-contentful-paint'] as const).filter((t) => types.includes(t))
    if (!waitFor.length) return requestAnimationFrame(next)
    let pending = waitFor.length
    let done = false
    const finish = () => {
      if (done) return
      done = true
      next()
    }
    for (const type of waitFor) {
      const observer = new PerformanceObserver((list) => {
        if (type === 'paint' && !list.getEntriesByName('first-contentful-paint').length) return
        observer.disconnect()
        if (--pending === 0) finish()
      })
      observer.observe({ type, buffered: true })
    }
    // Sent to the background before it painted, or a paint never reported: the app still starts.
    document.addEventListener('visibilitychange', finish, { once: true })
    setTimeout(finish, 3000)
  })
}

const PRELOADS_PER_TASK = 8

/** Ends the current task: the browser handles input and paints before the next step runs. */
const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

// A press on the painted page before it is live is held and given to it once it is (early-input.ts).
const root = document.getElementById('root')!
const releaseClicks = root.dataset.prerendered === 'page' ? holdEarlyClicks(root) : () => {}

/** One stage of the start: its import, measured, then a yield to the browser. */
async function stage<T>(name: string, load: () => Promise<T>): Promise<T> {
  const started = performance.now()
  const loaded = await load()
  performance.measure(`mypage:stage ${name}`, { start: started })
  await pause()
  return loaded
}

async function start() {
  await afterFirstPaint(root.dataset.prerendered !== undefined)
  // The app's chunks, fetched all at once now (scripts/vite/prerender.ts lists them, inert, in the
  // page): not before the paint, and not one round trip after another as each stage asks. A few
  // links a task: all of /login's at once were one task of up to ≈ 40 ms in Lighthouse's traces.
  const preloads = document.getElementById('app-preloads')
  if (preloads instanceof HTMLTemplateElement) {
    const links = [...preloads.content.children]
    for (let i = 0; i < links.length; i += PRELOADS_PER_TASK) {
      document.head.append(...links.slice(i, i + PRELOADS_PER_TASK))
      await pause()
    }
  }
  // Each import evaluates only what the previous ones did not (a module runs once); the order
  // follows the dependencies, so each stage's own code is what its task runs.
  // Our own modules, not packages' namespaces: an `import()` of a package keeps all of its exports.
  // Each stage is a performance measure (`mypage:stage …`), so a trace or a profile names it.
  await stage('react-dom', () => import('react-dom/client'))
  const theme = await stage('theme', () => import('./theme'))
  await stage('theme system', () => theme.buildSystemInSteps(pause))
  await stage('auth chart', () => import('../machines/auth/auth-machine'))
  await stage('auth actor', () => import('./features/auth/use-auth-actor'))
  await stage('route tree', () => import('./routeTree.gen'))
  const { startBrowserApp } = await stage('app', () => import('./app/start-app-browser'))
  await startBrowserApp(pause, releaseClicks)
}

void start()

// Development and test builds: QA recorder panel (Alt+Shift+R) and `?inspect` (docs/qa.md), and the
// offline live flow panel (`?flows`, Alt+Shift+F; docs/flows/README.md), a chunk of its own.
if (import.meta.env.MODE !== 'production') {
  void installDevTools()
  const search = window.location.search // read before the router tidies the URL
  void import('./features/qa/flow-panel-mount').then((m) => m.mountFlowPanel(addInspectionListener, search))
}
