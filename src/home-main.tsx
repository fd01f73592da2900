import { startDevTools } from './dev-tools'
import { afterFirstPaint, fetchPreloads, firstTouch, stage } from './prerender/start-stages'

// The home's own entry (docs/performance.md "The home's own start", decision 103). The page is
// the member frame the build rendered, with its spinner; this reads the home with the session the
// identity SDK kept, restores that session, and draws the home with the home's own components, without Chakra's runtime and theme, the router or
// the route tree, then hands the page to the app (src/app/home-start.tsx).

const root = document.getElementById('root')!
// The member's first touch of the page: the app renders over the drawn page then (src/app/home-start.tsx).
const touched = firstTouch()

async function start() {
  await afterFirstPaint(true)
  await fetchPreloads()
  // First the app's services, the identity SDK asked for, and the home's reads: with the session the
  // SDK kept, at once (decision 104), so they are on their way while React DOM is evaluated.
  const services = await stage('session', () => import('./app/member-session-early').then((m) => m.startMemberSession()))
  await stage('react-dom', () => import('react-dom/client'))
  await stage('auth chart', () => import('../machines/auth/auth-machine'))
  const { startHomePage } = await stage('home', () => import('./app/home-start'))
  await startHomePage(root, services, touched)
}

void start()

// Development and test builds: the QA recorder and the flow panel (src/dev-tools.ts).
startDevTools()
