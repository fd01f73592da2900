import { startDevTools } from './dev-tools'
import { holdEarlyClicks } from './prerender/early-input'
import { afterFirstPaint, fetchPreloads, pause, stage } from './prerender/start-stages'

// The entry (docs/performance.md "Loading in stages", decision 52). The page is painted from its
// HTML (src/prerender); the app's JavaScript is evaluated after that first frame, in stages, each
// a task of its own with a yield to the browser between them: evaluating the whole module graph
// at once (React, Chakra's system, the router and its route tree, XState, the app) was one task
// of 600–800 ms on a phone's CPU, either before the first paint or blocking the page after it.

// A press on the painted page before it is live is held and given to it once it is (early-input.ts).
const root = document.getElementById('root')!
const releaseClicks = root.dataset.prerendered === 'page' ? holdEarlyClicks(root) : () => {}

async function start() {
  await afterFirstPaint(root.dataset.prerendered !== undefined)
  await fetchPreloads()
  // Each import evaluates only what the previous ones did not (a module runs once); the order
  // follows the dependencies, so each stage's own code is what its task runs.
  // Our own modules, not packages' namespaces: an `import()` of a package keeps all of its exports.
  // Each stage is a performance measure (`mypage:stage …`), so a trace or a profile names it.
  await stage('react-dom', () => import('react-dom/client'))
  // A member page (its frame and spinner came as HTML) waits for the session: restored meanwhile.
  // Not a staff page: measured side by side, the staff pages' Lighthouse figures were no better.
  const early = root.dataset.prerendered === 'shell' ? await stage('session', () => import('./app/member-session-early').then((m) => m.startMemberSession())) : undefined
  const theme = await stage('theme', () => import('./theme'))
  await stage('theme system', () => theme.buildSystemInSteps(pause))
  await stage('auth chart', () => import('../machines/auth/auth-machine'))
  await stage('auth actor', () => import('./features/auth/use-auth-actor'))
  await stage('route tree', () => import('./routeTree.gen'))
  const { startBrowserApp } = await stage('app', () => import('./app/start-app-browser'))
  await startBrowserApp(pause, releaseClicks, early)
}

void start()

// Development and test builds: the QA recorder and the flow panel (src/dev-tools.ts).
startDevTools()
