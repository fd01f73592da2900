import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appRoutes } from '../../scripts/vite/plugins'
import { appRouteMatcher, mountSpa } from '../../server/http/spa'

// Every route of the app answers 200 with its HTML, only a path no route matches is 404
// (docs/operations.md "What the server serves"): the routes manifest the build writes from the route
// tree (scripts/vite/plugins.ts appRoutes) keeps the parameterised routes as patterns, and the server
// matches them (server/http/spa.ts appRouteMatcher). The routes are read here from the route tree
// itself, not from the manifest, so a route the manifest dropped fails.

const ROOT = path.resolve(import.meta.dirname, '..', '..')

/** `fullPaths` of src/routeTree.gen.ts: every route the router knows, `/$` its not-found splat. */
function routeTreePaths(): string[] {
  const tree = readFileSync(path.join(ROOT, 'src/routeTree.gen.ts'), 'utf8')
  const block = /fullPaths:\s*((?:\|\s*'[^']*'\s*)+)/.exec(tree)
  if (!block) throw new Error('src/routeTree.gen.ts has no fullPaths')
  return [...block[1].matchAll(/'([^']*)'/g)].map((m) => m[1])
}

/** A value of the shape each parameter takes in the app's links (a ticket, a receipt, a member…). */
const sample: Record<string, string> = {
  ticketNumber: 'S2506120001',
  receiptNumber: 'R-20250612-000123',
  memberId: 'MB10000001',
  staffId: 'STAFF-03',
  couponCode: 'CAMPAIGN2000',
  noticeId: '42',
}
const filled = (route: string) => route.replace(/\$(\w+)/g, (_, name: string) => {
  if (!(name in sample)) throw new Error(`no sample value for the route parameter $${name} of ${route}: add one`)
  return sample[name]
})

describe('the app routes, parameters filled', () => {
  let dir: string
  let app: Hono
  const index = '<!doctype html><div id="root"></div><script type="module" src="/assets/index-abc.js"></script>'
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mypage-routes-'))
    mkdirSync(path.join(dir, 'assets'))
    writeFileSync(path.join(dir, 'index.html'), index)
    writeFileSync(path.join(dir, 'assets', 'index-abc.js'), 'console.log(1)')
    // The manifest as the build writes it.
    writeFileSync(path.join(dir, 'routes.json'), JSON.stringify(appRoutes(ROOT)))
    app = new Hono()
    mountSpa(app, dir, {})
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('every route of src/routeTree.gen.ts answers 200 with the app (and its HEAD the same length)', async () => {
    const routes = routeTreePaths().filter((r) => r !== '/$')
    expect(routes.length).toBeGreaterThan(40)
    expect(routes.filter((r) => r.includes('$')).length).toBeGreaterThanOrEqual(9)
    const statuses: Record<string, number> = {}
    for (const route of routes) {
      const url = filled(route)
      const res = await app.request(url)
      statuses[url] = res.status
      expect(await res.text(), url).toBe(index)
      const head = await app.request(url, { method: 'HEAD' })
      expect(head.status, `HEAD ${url}`).toBe(res.status)
      expect(head.headers.get('content-length'), `HEAD ${url}`).toBe(String(Buffer.byteLength(index)))
    }
    expect(Object.entries(statuses).filter(([, s]) => s !== 200)).toEqual([])
    // The link in the booking mail and a staff page with a parameter, as the outside probe sent them.
    expect((await app.request('/room/S2506120001')).status).toBe(200)
    expect((await app.request('/staff/members/MB10000001')).status).toBe(200)
    expect((await app.request('/staff/coupons/CAMPAIGN2000/edit')).status).toBe(200)
    // With or without the trailing slash the router itself accepts.
    expect((await app.request('/staff/coupons/')).status).toBe(200)
    expect((await app.request('/staff/coupons/CAMPAIGN2000/')).status).toBe(200)
  })

  it('a path no route matches is still 404 (the app, which draws its own not-found page)', async () => {
    for (const p of ['/no-such-page', '/room', '/room/S1/extra', '/staff/members/MB1/extra', '/staff/coupons/A/nope', '/receipt/', '/staff/nope/x']) {
      const res = await app.request(p)
      expect(res.status, p).toBe(404)
    }
    // A parameter is never a dot segment; a file that is not in the build is a plain 404.
    expect((await app.request('/room/.git')).status).toBe(404)
    expect((await app.request('/assets/missing.js')).status).toBe(404)
    expect(await (await app.request('/assets/missing.js')).text()).toBe('Not Found')
  })
})

describe('appRouteMatcher', () => {
  const routes = appRouteMatcher(['/', '/login', '/staff/', '/room/$ticketNumber', '/staff/coupons/$couponCode/edit'])
  it('matches plain routes and one whole segment per parameter', () => {
    expect(routes.has('/')).toBe(true)
    expect(routes.has('/login')).toBe(true)
    expect(routes.has('/staff')).toBe(true)
    expect(routes.has('/room/S1')).toBe(true)
    expect(routes.has('/room/S1.2')).toBe(true)
    expect(routes.has('/staff/coupons/X/edit')).toBe(true)
    expect(routes.has('/room/')).toBe(false)
    expect(routes.has('/room/.git')).toBe(false)
    expect(routes.has('/room/a/b')).toBe(false)
    expect(routes.has('/staff/coupons/X')).toBe(false)
    expect(routes.has('/logins')).toBe(false)
  })
})
