import createCache from '@emotion/cache'
import { CacheProvider, css } from '@emotion/react'
import { ChakraProvider } from '@chakra-ui/react'
import { createMemoryHistory, RouterContextProvider } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { prerender } from 'react-dom/static'
import { offCaptcha } from '../adapters/captcha'
import { consoleErrorReporter } from '../adapters/error-reporting'
import { createMemorySessionStore } from '../adapters/session-store'
import { App } from '../app/app'
import { startApp } from '../app/start-app'
import type { AppServices } from '../routes/-router-context'
import { config } from '../config'
import { AppLayout } from '../app/layout/app-layout'
import { system } from '../theme'
import { PageSpinnerView } from '../ui/page-spinner'
import { HOME_ENTRY, publicPages, type PrerenderedPage } from './pages'

/**
 * The build-time renderer: built by Vite for Node (scripts/vite/prerender.ts) and
 * called once per page. Nothing here reaches the network: the identity provider never answers
 * (so the auth chart stays `unknown`, as it is on a browser's first render), and a call fails.
 */

/**
 * One Emotion cache per page, so each rule is written once: Emotion's server render puts a
 * `<style data-emotion>` before the first element using it; the build moves them into <head>, and
 * the browser's Emotion adopts them (no rule inserted twice, nothing in #root but the app).
 */
const withStyles = (app: ReactNode) => <CacheProvider value={createCache({ key: 'css' })}>{app}</CacheProvider>

const never = () => new Promise<never>(() => {})
const noCall = () => Promise.reject(new Error('no API call at build time'))

function buildServices(): AppServices {
  return {
    config,
    // Cast kept: prerendering never calls the API, so one rejecting `call` stands in for the whole client.
    api: { call: noCall } as unknown as AppServices['api'],
    identity: { prepare: () => {}, onChange: () => () => {}, signIn: never, signOut: never, getIdToken: async () => null, reload: async () => {}, reauthenticate: never, getClaims: async () => null },
    captcha: offCaptcha,
    analytics: { pageView: () => {}, event: () => {} },
    errors: consoleErrorReporter,
    session: createMemorySessionStore(),
  }
}

/** `routeIds`: the routes the page rendered (the build preloads their chunks with the page). */
export type Rendered = { url: string; kind: PrerenderedPage['kind']; html: string; routeIds: string[] }

/** A public page in full: its route loaded (no guard of these waits for anything), then rendered. */
async function renderPage(url: string): Promise<{ html: string; routeIds: string[] }> {
  const app = startApp(buildServices(), { history: createMemoryHistory({ initialEntries: [url] }) })
  try {
    await app.router.load()
    const match = app.router.state.matches.at(-1)
    if (app.router.state.location.href !== url || match?.status !== 'success') throw new Error(`prerender ${url}: ended at ${app.router.state.location.href} (${match?.status})`)
    // The first pass lets every lazy part (the route's component chunk) resolve; the second,
    // synchronous one then renders it all in place (no streamed boundary, no inline script).
    const { prelude } = await prerender(withStyles(<App router={app.router} />))
    await new Response(prelude).text()
    const html = renderToString(withStyles(<App router={app.router} />))
    if (html.includes('<script') || html.includes('<!--$!-->') || html.includes('<!--$?-->')) throw new Error(`prerender ${url}: a part of the page did not render at build time`)
    return { html, routeIds: app.router.state.matches.map((m) => m.routeId) }
  } finally {
    app.stop()
  }
}

/**
 * A member page's shell: what the browser shows while the session is restored (the frame, the
 * header with ログイン as the auth state is not known yet, and the page's spinner), rendered from
 * the same components with the router at the page's location. The client renders over it
 * (src/main.tsx); the same markup and CSS, so nothing moves when it does.
 */
function renderShell(url: string): string {
  const app = startApp(buildServices(), { history: createMemoryHistory({ initialEntries: [url] }) })
  try {
    const { router } = app
    const tall = router.matchRoutes(router.latestLocation).some((m) => m.staticData?.tallPage === true)
    return renderToString(
      withStyles(
        <ChakraProvider value={system}>
          <RouterContextProvider router={router}>
            <AppLayout auth={app.auth} chrome showNav>
              <PageSpinnerView tall={tall} />
            </AppLayout>
          </RouterContextProvider>
        </ChakraProvider>,
      ),
    )
  } finally {
    app.stop()
  }
}

/** Every member page (the `_auth` layout's routes without a path parameter). */
function memberPages(): PrerenderedPage[] {
  const app = startApp(buildServices(), { history: createMemoryHistory({ initialEntries: ['/login'] }) })
  const paths = Object.values(app.router.routesById).filter((r) => r.id.startsWith('/_auth/') && !r.fullPath.includes('$')).map((r) => (r.fullPath.length > 1 ? r.fullPath.replace(/\/$/, '') : r.fullPath))
  app.stop()
  return [...new Set(paths)].sort().map((url): PrerenderedPage => ({ url, kind: 'shell', query: [], ...(url === '/' ? { entry: HOME_ENTRY } : {}) }))
}

/**
 * The name Emotion gives Chakra's global stylesheet (`<style data-emotion="css-global NAME">` in
 * each page's <head>): the page names it for the client, which adopts it instead of building it
 * again (src/app/app.tsx `withGlobalStylesOf`). The same computation as `<ChakraProvider>`'s `<Global>`.
 */
export const globalStylesName = (): string => css(system._global as Parameters<typeof css>[0]).name

export const pages = (): PrerenderedPage[] => [...publicPages, ...memberPages()]

export async function render(page: PrerenderedPage): Promise<Rendered> {
  if (page.kind === 'page') return { url: page.url, kind: page.kind, ...(await renderPage(page.url)) }
  return { url: page.url, kind: page.kind, html: renderShell(page.url), routeIds: [] }
}
