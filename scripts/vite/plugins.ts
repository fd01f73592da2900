import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { loadEnv, type Plugin } from 'vite'
import { parseClientConfig } from '../../src/config.ts'

// Vite plugins of the project (vite.config.ts): what the dev server may watch and serve, the
// route list the production server needs, and the production build's configuration check.

/** The app's own sources: the only things `npm run dev` watches and serves. */
const APP_SOURCES = new Set(['contract', 'src', 'machines', 'public', 'index.html'])
/** Files Vite itself reads (config, env): watched so a change restarts the dev server, never served. */
const CONFIG_FILES = new Set(['vite.config.ts', 'tsconfig.json', 'package.json', 'tsr.config.json'])

/**
 * `server.watch.ignored`: everything in the project but the app's sources and Vite's own
 * configuration. PGlite writes its WAL under `.data/` on every database write; a watcher there made
 * the dev server full-reload every open page. Paths outside the project (linked
 * packages) are left to Vite's own rules.
 */
export function ignoredByWatcher(root: string) {
  return (file: string): boolean => {
    const rel = path.relative(root, file)
    if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return false
    const top = rel.split(path.sep)[0]
    return !(APP_SOURCES.has(top) || CONFIG_FILES.has(top) || top.startsWith('.env'))
  }
}

/**
 * Vite's dev server answers any path under its root with that file (`/server/config.ts`,
 * `/.data/pglite/pg_wal/…?raw`): `server.fs` rules guard `/@fs/` and imports, not every plain
 * path. This middleware runs first and answers 404 for every top-level entry of the project that
 * is not an app source, and for dot segments (but Vite's own `node_modules/.vite` cache), so the
 * dev server serves only the app, its public files, its dependencies and Vite's internal modules.
 */
export function devServerGuard(root: string): Plugin {
  const denied = new Set(readdirSync(root).filter((name) => !APP_SOURCES.has(name) && name !== 'node_modules'))
  const publicFiles = new Set(readdirSync(path.join(root, 'public')))
  return {
    name: 'mypage-dev-server-guard',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        let pathname: string
        try {
          pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://dev').pathname)
        } catch {
          pathname = '/'
        }
        const segments = pathname.split('/').filter(Boolean)
        const viteInternal = pathname.startsWith('/@') || pathname.startsWith('/node_modules/.vite/')
        const dotSegment = segments.some((s) => s.startsWith('.') || s.includes('\\'))
        const top = segments[0] ?? ''
        if (!viteInternal && (dotSegment || (denied.has(top) && !publicFiles.has(top)))) {
          res.statusCode = 404
          res.setHeader('content-type', 'text/plain; charset=utf-8')
          res.end('Not Found')
          return
        }
        next()
      })
    },
  }
}

/**
 * The app's route paths, read from the generated route tree (`fullPaths`): parameterised ones kept
 * as patterns (`/room/$ticketNumber`, matched by server/http/spa.ts `appRouteMatcher`), the splat
 * (`/$`, the app's own 404 page) left out, trailing slashes trimmed.
 */
export function appRoutes(root: string): string[] {
  const tree = readFileSync(path.join(root, 'src/routeTree.gen.ts'), 'utf8')
  const block = /fullPaths:\s*((?:\|\s*'[^']*'\s*)+)/.exec(tree)
  if (!block) throw new Error('src/routeTree.gen.ts has no fullPaths: run npm run routes')
  const paths = [...block[1].matchAll(/'([^']*)'/g)].map((m) => (m[1].length > 1 ? m[1].replace(/\/+$/, '') : m[1]))
  // A splat segment (`$` alone) matches any rest of the path: it is the not-found page, not a route.
  return [...new Set(paths.filter((p) => !p.split('/').includes('$')))]
}

/**
 * Writes `routes.json` beside index.html: the server answers these paths with the app (200) and
 * any other extension-less path with the app and status 404 (server/http/spa.ts).
 */
export function routesManifest(root: string): Plugin {
  return {
    name: 'mypage-routes-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'routes.json', source: JSON.stringify(appRoutes(root)) })
    },
  }
}

/**
 * Writes `third-parties.json` beside index.html: which outside services this bundle can use
 * (Stripe, reCAPTCHA, Google Analytics), from the same values the browser parses. The server opens
 * the CSP to exactly those (server/http/security-headers.ts): a build without a reCAPTCHA site key
 * or an analytics id allows neither origin.
 */
export function thirdPartiesManifest(): Plugin {
  let env: Record<string, string | boolean | undefined> = {}
  return {
    name: 'mypage-third-parties-manifest',
    apply: 'build',
    configResolved(config) {
      env = { ...config.env }
    },
    generateBundle() {
      const c = parseClientConfig(env)
      const parties = { stripe: c.payment.provider === 'stripe', recaptcha: Boolean(c.recaptchaSiteKey), analytics: Boolean(c.gaId), ...(c.errorReports ? { errorReports: new URL(c.errorReports.dsn).origin } : {}) }
      this.emitFile({ type: 'asset', fileName: 'third-parties.json', source: JSON.stringify(parties) })
    },
  }
}

/**
 * docs/design.md: "the SPA's production build fails on a missing VITE_* value". In production mode
 * there are no local fallbacks (the demo API key, the Auth Emulator): each value is parsed the way
 * the browser will parse it, and a missing one stops the build with the spec's
 * `Not Configured Environment Value: NAME` (product.md §5). `npm start` passes the local values
 * explicitly; other modes (development, test) keep the embedded defaults.
 */
export function productionConfigCheck(root: string): Plugin {
  return {
    name: 'mypage-production-config',
    apply: 'build',
    config(_config, { mode }) {
      if (mode !== 'production') return
      parseClientConfig({ ...loadEnv(mode, root, 'VITE_'), ...pickVite(process.env), MODE: 'production', PROD: true })
    },
  }
}

const pickVite = (env: NodeJS.ProcessEnv) => Object.fromEntries(Object.entries(env).filter(([k]) => k.startsWith('VITE_')))
