import { addInspectionListener, installDevTools } from './adapters/flow-recorder'
import { holdEarlyClicks } from './prerender/early-input'

// The entry (docs/performance.md "Loading in stages", decision 52). The page is painted from its
// HTML (src/prerender); the app's JavaScript is evaluated after that first frame, in stages, each
// a task of its own with a yield to the browser between them: evaluating the whole module graph
// at once (React, Chakra's system, the router and its route tree, XState, the app) was one task
// of 600–800 ms on a phone's CPU, either before the first paint or blocking the page after it.

/** After the browser has painted a frame (at once in a hidden tab, which paints none). */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') setTimeout(resolve, 0)
    else requestAnimationFrame(() => setTimeout(resolve, 0))
  })
}

/** Ends the current task: the browser handles input and paints before the next step runs. */
const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

// A press on the painted page before it is live is held and given to it once it is (early-input.ts).
const root = document.getElementById('root')!
const releaseClicks = root.dataset.prerendered === 'page' ? holdEarlyClicks(root) : () => {}

async function start() {
  await afterFirstPaint()
  // The app's chunks, fetched all at once now (scripts/vite/prerender.ts lists them, inert, in the
  // page): not before the paint, and not one round trip after another as each stage asks.
  const preloads = document.getElementById('app-preloads')
  if (preloads instanceof HTMLTemplateElement) document.head.append(preloads.content)
  // Each import evaluates only what the previous ones did not (a module runs once); the order
  // follows the dependencies, so each stage's own code is what its task runs.
  // Our own modules, not packages' namespaces: an `import()` of a package keeps all of its exports.
  await import('react-dom/client')
  await pause()
  await import('./theme')
  await pause()
  await import('../machines/auth/auth-machine')
  await pause()
  await import('./features/auth/use-auth-actor')
  await pause()
  await import('./routeTree.gen')
  await pause()
  const { startBrowserApp } = await import('./app/start-app-browser')
  await pause()
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
