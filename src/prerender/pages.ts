/**
 * The pages painted from HTML (docs/performance.md "First paint"). The build
 * (scripts/vite/prerender.ts) renders each into `prerendered/<file>.html` and writes
 * `prerendered.json`; server/http/spa.ts answers the page's path with it.
 *
 * - `page`: a public page, rendered in full at build time and hydrated by the client
 *   (src/main.tsx). It must not depend on the session, the clock or a call: its first client
 *   render equals the build's. `query` lists the parameters that leave that first render as it
 *   is (a page opened with any other parameter gets the plain app shell instead).
 * - `shell`: a member page: the frame (header, footer) and the page's spinner, painted before the
 *   JavaScript and the session; the client renders over it (no hydration: its first render waits
 *   for the session, and shows the same frame and spinner until then).
 */
export type PrerenderedPage = {
  /** The route path, with `?display=lp` for the landing-page variant (no header or footer). */
  url: string
  kind: 'page' | 'shell'
  /** Query parameters allowed with this HTML (any value); `display` selects the variant. */
  query: string[]
  /**
   * A page with a start of its own instead of the app's (src/main.tsx): the module the page loads,
   * built as an entry beside the app's (decision 102).
   */
  entry?: string
}

/** /login's own start (src/login-main.tsx): the form alone, without Chakra's runtime or the router. */
export const LOGIN_ENTRY = 'src/login-main.tsx'

/** The home's own start (src/home-main.tsx, decision 103): the home drawn without the app, then handed to it. */
export const HOME_ENTRY = 'src/home-main.tsx'

/** Every page's own start, each built as an entry beside the app's (scripts/vite/prerender.ts). */
export const OWN_ENTRIES = { login: LOGIN_ENTRY, home: HOME_ENTRY } as const

const signupQuery = ['lpSource', 'chatbotSourceUrl']

export const publicPages: PrerenderedPage[] = [
  { url: '/login', kind: 'page', query: ['redirect'], entry: LOGIN_ENTRY },
  { url: '/signup', kind: 'page', query: signupQuery },
  { url: '/signup?display=lp', kind: 'page', query: signupQuery },
  { url: '/registeration-temp', kind: 'page', query: signupQuery },
  { url: '/registeration-temp?display=lp', kind: 'page', query: signupQuery },
  { url: '/password-reset-request', kind: 'page', query: [] },
  { url: '/password-reset', kind: 'page', query: ['email'] },
  { url: '/password-reset-complete', kind: 'page', query: [] },
  { url: '/error', kind: 'page', query: [] },
  { url: '/cancel-complete', kind: 'page', query: [] },
]

/** The file name of a page's HTML inside the build's `prerendered/` folder. */
export function prerenderedFile(url: string): string {
  const [path, query] = url.split('?')
  const base = path === '/' ? 'index' : path.slice(1).replaceAll('/', '__')
  return `${base}${query === 'display=lp' ? '.lp' : ''}.html`
}
