import { startDevTools } from './dev-tools'
import { LOGIN_FORM_ROOT_ID } from './features/auth/login-form-root'
import { holdEarlyClicks } from './prerender/early-input'
import { afterFirstPaint, fetchPreloads, firstTouch, pause, stage } from './prerender/start-stages'

// /login's own entry (docs/performance.md "The login page's own start", decision 102). The page
// is the HTML the build rendered with the whole app; only its form is live, so this starts what
// the form needs and nothing else: React DOM, the auth chart and the form, without Chakra's
// runtime and theme, the router or the route tree. Signed in, the member leaves by loading the
// page asked for, which the app's entry (src/main.tsx) starts; its chunks are fetched while the
// member types (src/app/login-start.tsx).

const formRoot = document.getElementById(LOGIN_FORM_ROOT_ID)!
// A press on the painted form before it is live is held and given to it once it is (early-input.ts).
const releaseClicks = holdEarlyClicks(formRoot)
// The visitor's first focus, press or key on the page (src/app/login-start.tsx loads the identity SDK then).
const touched = firstTouch()

async function start() {
  await afterFirstPaint(true)
  await fetchPreloads()
  await stage('react-dom', () => import('react-dom/client'))
  await stage('auth chart', () => import('../machines/auth/auth-machine'))
  const { startLoginPage } = await stage('login', () => import('./app/login-start'))
  await startLoginPage(formRoot, pause, releaseClicks, touched)
}

void start()

// Development and test builds: the QA recorder and the flow panel (src/dev-tools.ts).
startDevTools()
