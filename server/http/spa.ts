import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import type { Context, Hono } from 'hono'
import { appSecurityHeaders, HSTS, NO_THIRD_PARTIES, type ThirdParties } from './security-headers'

/**
 * The built SPA served by the API's own process: one origin for the app, `/api` and
 * `/sandbox`, the same answer for `npm start` and production. Only what `vite build` wrote is
 * served — the folder is read once at start into memory (about 2 MB), so nothing else on disk
 * (the database, the server's source, `.git`) can ever be reached through a path, whatever its
 * spelling. Text files are compressed once and kept: all of them in the background right after the
 * start, off the event loop (zlib's thread pool, one file at a time), so neither an API call nor
 * the first visitor after a deploy waits for a Brotli of the whole bundle; a file asked for before
 * its turn is compressed for that request, still off the event loop.
 *
 * - `/assets/*` carry a content hash in their name: cached for a year, immutable.
 * - `index.html` for every route of the app (`routes.json`, written by the build from the route
 *   tree, parameterised routes as patterns: `appRouteMatcher`): `no-cache`, so a deploy is seen on
 *   the next load; an unknown extension-less path gets the app with status 404 (the SPA then shows
 *   its own 404 page, product.md §2 `*`).
 * - a page the build prerendered (`prerendered.json`, scripts/vite/prerender.ts) gets its
 *   own HTML instead of index.html: a public page in full, a member page's frame and spinner. Only
 *   with the query that HTML was made for (`?display=lp` selects the landing-page variant; a
 *   public page lists the parameters that leave its first render unchanged); with any other, the
 *   plain index.html, which the app renders in the browser as before.
 * - anything else — a file name that is not in the build, a dot segment — is a plain 404.
 */

type Encoded = { br: Buffer; gzip: Buffer }
type Entry = { body: Buffer; type: string; etag: string; cache: string; encoded?: Promise<Encoded> }

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
}
const compressible = /^(text\/|application\/(json|manifest)|image\/svg)/

function readTree(dir: string, base = dir, out = new Map<string, string>()): Map<string, string> {
  for (const name of readdirSync(dir)) {
    // Build bookkeeping (the build stamp, `.vite/manifest.json`) is never served.
    if (name.startsWith('.')) continue
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) readTree(full, base, out)
    else out.set(`/${path.relative(base, full).split(path.sep).join('/')}`, full)
  }
  return out
}

/** A prerendered page as `prerendered.json` lists it (scripts/vite/prerender.ts). */
type PrerenderedEntry = { url: string; kind: 'page' | 'shell'; query: string[]; file: string }
type Prerendered = { entry: Entry; query: Set<string>; anyQuery: boolean }

export type SpaFiles = { entries: Map<string, Entry>; routes: AppRoutes; index: Entry; prerendered: Map<string, Prerendered>; thirdParties: ThirdParties }

/**
 * The app's routes as `routes.json` lists them (scripts/vite/plugins.ts `appRoutes`): plain paths
 * (`/login`) and patterns whose `$name` segments stand for one path segment of any value
 * (`/room/$ticketNumber`, `/staff/coupons/$couponCode/edit`): the link in a booking mail and every
 * page with a parameter in its path answer 200, only a path no route matches is 404.
 */
type AppRoutes = { has: (path: string) => boolean }

/** No trailing slash but the root's: `/staff/` and `/staff` are one route (TanStack Router's own rule). */
const trimSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') || '/' : p)

export function appRouteMatcher(listed: readonly string[]): AppRoutes {
  const plain = new Set<string>()
  const patterns: string[][] = []
  for (const raw of listed) {
    const route = trimSlash(raw)
    if (route.includes('$')) patterns.push(route.split('/'))
    else plain.add(route)
  }
  return {
    has(path) {
      if (plain.has(path)) return true
      const segments = path.split('/')
      // A parameter is one whole segment, never empty and never a dot segment.
      return patterns.some((p) => p.length === segments.length && p.every((part, i) => (part.startsWith('$') ? segments[i] !== '' && !segments[i].startsWith('.') : part === segments[i])))
    },
  }
}

export function loadSpa(dir: string): SpaFiles {
  const indexFile = path.join(dir, 'index.html')
  if (!existsSync(indexFile)) throw new Error(`STATIC_DIR ${dir} has no index.html: run the build first (npm run build)`)
  const entries = new Map<string, Entry>()
  for (const [urlPath, file] of readTree(dir)) {
    const body = readFileSync(file)
    const immutable = urlPath.startsWith('/assets/')
    entries.set(urlPath, {
      body,
      type: types[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
      cache: urlPath === '/index.html' ? 'no-cache' : immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    })
  }
  const routesFile = path.join(dir, 'routes.json')
  const routes = appRouteMatcher(existsSync(routesFile) ? (JSON.parse(readFileSync(routesFile, 'utf8')) as string[]) : ['/'])
  entries.delete('/routes.json')
  const prerendered = new Map<string, Prerendered>()
  const prerenderFile = path.join(dir, 'prerendered.json')
  if (existsSync(prerenderFile)) {
    for (const page of JSON.parse(readFileSync(prerenderFile, 'utf8')) as PrerenderedEntry[]) {
      const entry = entries.get(page.file)
      if (!entry) throw new Error(`STATIC_DIR ${dir}: prerendered.json names ${page.file}, which is not in the build`)
      // Served for its route only (like index.html: no-cache, so a deploy is seen on the next load).
      entries.delete(page.file)
      prerendered.set(page.url, { entry: { ...entry, cache: 'no-cache' }, query: new Set(page.query), anyQuery: page.kind === 'shell' })
    }
  }
  entries.delete('/prerendered.json')
  // What the bundle talks to beyond the origin (scripts/vite/plugins.ts); a build without the
  // list opens nothing (the server's own PAYMENT_PROVIDER still opens Stripe, mountSpa).
  const partiesFile = path.join(dir, 'third-parties.json')
  const listed = existsSync(partiesFile) ? (JSON.parse(readFileSync(partiesFile, 'utf8')) as Partial<ThirdParties>) : {}
  const thirdParties: ThirdParties = { stripe: listed.stripe === true, recaptcha: listed.recaptcha === true, analytics: listed.analytics === true, ...originOf(listed.errorReports) }
  entries.delete('/third-parties.json')
  return { entries, routes, index: entries.get('/index.html')!, prerendered, thirdParties }
}

/** An origin as the CSP takes it (scheme, host, port), or nothing for anything else. */
function originOf(value: unknown): { errorReports?: string } {
  if (typeof value !== 'string') return {}
  try {
    const u = new URL(value)
    return /^https?:$/.test(u.protocol) && u.origin === value ? { errorReports: u.origin } : {}
  } catch {
    return {}
  }
}

/** The prerendered HTML made for this route and query, if any. */
export function prerenderedFor(spa: Pick<SpaFiles, 'prerendered'>, route: string, search: URLSearchParams): Entry | undefined {
  const display = search.get('display')
  if (search.getAll('display').length > 1 || (display !== null && display !== 'lp')) return undefined
  const page = spa.prerendered.get(display === 'lp' ? `${route}?display=lp` : route)
  if (!page) return undefined
  for (const key of search.keys()) if (key !== 'display' && !page.anyQuery && !page.query.has(key)) return undefined
  return page.entry
}

const isCompressible = (e: Entry) => compressible.test(e.type) && e.body.length >= 1024

/** Both encodings of a text file, made once (the first caller starts it, the others share it). */
function compressed(e: Entry): Promise<Encoded> {
  e.encoded ??= Promise.all([
    brotliAsync(e.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
    gzipAsync(e.body, { level: 9 }),
  ]).then(([br, gzip]) => ({ br, gzip }))
  return e.encoded
}

/**
 * Every text file compressed in the background, one after another (two cores serve requests
 * meanwhile). Never throws: a file that could not be compressed is sent as it is (`encoded`).
 */
export async function precompress(entries: Iterable<Entry>): Promise<void> {
  for (const e of entries) if (isCompressible(e)) await compressed(e).catch(() => undefined)
}

/**
 * The content coding to send for an `Accept-Encoding` (RFC 9110 §12.5.3): each coding's q-value,
 * `*` for the ones not named, q=0 meaning "not acceptable"; the highest q wins, Brotli on a tie.
 * No header, or neither coding acceptable: the file as it is.
 */
export function preferredEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null
  const q = new Map<string, number>()
  for (const part of accept.split(',')) {
    const [coding, ...params] = part.split(';').map((x) => x.trim().toLowerCase())
    if (!coding) continue
    const qParam = params.find((p) => p.startsWith('q='))
    const value = qParam === undefined ? 1 : Number(qParam.slice(2))
    // A malformed q-value makes the member unusable, not the request.
    if (!Number.isFinite(value) || value < 0 || value > 1) continue
    q.set(coding === 'x-gzip' ? 'gzip' : coding, Math.max(value, q.get(coding) ?? 0))
  }
  const of = (coding: string) => q.get(coding) ?? q.get('*') ?? 0
  const br = of('br')
  const gz = of('gzip')
  if (br <= 0 && gz <= 0) return null
  return br >= gz ? 'br' : 'gzip'
}

/**
 * Whether an `If-None-Match` matches this entity tag (RFC 9110 §13.1.2): `*`, or any tag of the
 * list by the weak comparison (`W/"x"` matches `"x"`).
 */
export function noneMatchHits(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  const opaque = etag.replace(/^W\//, '')
  for (const m of ifNoneMatch.matchAll(/(?:W\/)?("[^"]*")/g)) if (m[1] === opaque) return true
  return false
}

async function encoded(c: Context, e: Entry): Promise<{ body: Buffer; encoding?: 'br' | 'gzip' }> {
  if (!isCompressible(e)) return { body: e.body }
  const wants = preferredEncoding(c.req.header('accept-encoding'))
  if (!wants) return { body: e.body }
  // zlib failing (out of memory, say) costs this response its compression, never the response.
  const made = await compressed(e).catch(() => null)
  return made ? { body: made[wants], encoding: wants } : { body: e.body }
}

async function send(c: Context, e: Entry, status: 200 | 404, extra: Record<string, string>): Promise<Response> {
  const headers: Record<string, string> = { ...extra, 'content-type': e.type, 'cache-control': e.cache, etag: e.etag, vary: 'accept-encoding' }
  if (status === 200 && noneMatchHits(c.req.header('if-none-match'), e.etag)) return new Response(null, { status: 304, headers })
  const { body, encoding } = await encoded(c, e)
  if (encoding) headers['content-encoding'] = encoding
  // A HEAD says the length its GET would send (the body as coded for this request).
  headers['content-length'] = String(body.length)
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { status, headers })
}

/**
 * Serves the SPA for every GET/HEAD that `/api` and `/sandbox` did not answer. `production`: HSTS
 * on each of its answers, the 404s included; `stripe`: the server takes Stripe payments, so the
 * CSP opens Stripe even for a build that did not list it.
 */
export function mountSpa(app: Hono, dir: string, opts: { authEmulatorHost?: string; production?: boolean; stripe?: boolean }) {
  const spa = loadSpa(dir)
  // The prerendered pages first (a visitor's first request), then index.html and the assets.
  void precompress([...[...spa.prerendered.values()].map((p) => p.entry), ...spa.entries.values()])
  const thirdParties = { ...(spa.thirdParties ?? NO_THIRD_PARTIES), ...(opts.stripe ? { stripe: true } : {}) }
  const headers = appSecurityHeaders({ authEmulatorUrl: opts.authEmulatorHost ? `http://${opts.authEmulatorHost}` : undefined, thirdParties, production: opts.production })
  const notFound = (c: Context) =>
    c.text('Not Found', 404, { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'content-length': '9', ...(opts.production ? { 'strict-transport-security': HSTS } : {}) })
  app.on(['GET', 'HEAD'], '*', (c, next) => {
    const p = c.req.path
    if (p === '/api' || p.startsWith('/api/') || p.startsWith('/sandbox/')) return next()
    const file = spa.entries.get(p)
    if (file) return send(c, file, 200, headers)
    // A dot segment (`/.git/…`, `/.data/…`): nothing to serve.
    if (p.split('/').some((s) => s.startsWith('.'))) return notFound(c)
    const route = trimSlash(p)
    // A route of the app, its parameters filled (a receipt or ticket number may hold a dot).
    if (spa.routes.has(route)) return send(c, prerenderedFor(spa, route, new URL(c.req.url).searchParams) ?? spa.index, 200, headers)
    // A file name not in the build: nothing to serve.
    if ((p.split('/').pop() ?? '').includes('.')) return notFound(c)
    return send(c, spa.index, 404, headers)
  })
}
