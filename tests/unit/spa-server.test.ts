import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { thirdPartiesManifest } from '../../scripts/vite/plugins'
import { contentSecurityPolicy } from '../../server/http/security-headers'
import { loadSpa, mountSpa, noneMatchHits, precompress, preferredEncoding } from '../../server/http/spa'

// The built SPA served by the product's own server: `npm start` and production.

describe('mountSpa', () => {
  let dir: string
  let app: Hono
  const script = `console.log(${JSON.stringify('x'.repeat(4000))})`
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'mypage-spa-'))
    mkdirSync(path.join(dir, 'assets'))
    mkdirSync(path.join(dir, '.vite'))
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/index-abc.js"></script>')
    writeFileSync(path.join(dir, 'assets', 'index-abc.js'), script)
    writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>')
    writeFileSync(path.join(dir, 'routes.json'), JSON.stringify(['/', '/login', '/signup', '/support/menu']))
    writeFileSync(path.join(dir, '.build-stamp'), 'secret-stamp')
    writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{}')
    // Pages painted from HTML (scripts/vite/prerender.ts).
    mkdirSync(path.join(dir, 'prerendered'))
    const html = (id: string, kind: string) => `<!doctype html><style data-emotion="css x">.x{}</style><div id="root" data-prerendered="${kind}">${id}</div>`
    writeFileSync(path.join(dir, 'prerendered', 'login.html'), html('login-page', 'page'))
    writeFileSync(path.join(dir, 'prerendered', 'signup.lp.html'), html('signup-lp-page', 'page'))
    writeFileSync(path.join(dir, 'prerendered', 'support__menu.html'), html('menu-shell', 'shell'))
    writeFileSync(
      path.join(dir, 'prerendered.json'),
      JSON.stringify([
        { url: '/login', kind: 'page', query: ['redirect'], file: '/prerendered/login.html' },
        { url: '/signup?display=lp', kind: 'page', query: ['lpSource'], file: '/prerendered/signup.lp.html' },
        { url: '/support/menu', kind: 'shell', query: [], file: '/prerendered/support__menu.html' },
      ]),
    )
    app = new Hono()
    app.get('/api/health', (c) => c.json({ ok: true }))
    mountSpa(app, dir, { authEmulatorHost: '127.0.0.1:9099' })
    app.notFound((c) => c.json({ message: 'Not Found' }, 404))
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('answers the app routes with index.html or their prerendered HTML, its security headers and no-cache', async () => {
    for (const p of ['/', '/login', '/support/menu', '/login/', '/signup']) {
      const res = await app.request(p)
      expect(res.status, p).toBe(200)
      expect(await res.text()).toContain('<div id="root"')
      expect(res.headers.get('cache-control')).toBe('no-cache')
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
      expect(res.headers.get('content-security-policy')).toContain('http://127.0.0.1:9099')
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    }
  })

  it('answers a prerendered page with its HTML (with its CSS), only for the query it was made for', async () => {
    const body = async (p: string) => {
      const res = await app.request(p)
      expect(res.status, p).toBe(200)
      return res.text()
    }
    for (const [p, id] of [
      ['/login', 'login-page'],
      ['/login/', 'login-page'],
      ['/login?redirect=%2Fsettings', 'login-page'],
      ['/signup?display=lp', 'signup-lp-page'],
      ['/signup?lpSource=ad&display=lp', 'signup-lp-page'],
      ['/support/menu', 'menu-shell'],
      // A shell is the same whatever the query (the client renders over it).
      ['/support/menu?anything=1', 'menu-shell'],
    ]) {
      const html = await body(p)
      expect(html, p).toContain(`>${id}</div>`)
      expect(html, p).toContain('<style data-emotion="css x">')
    }
    // Any other query, another display, or no variant for it: the plain app, rendered in the browser.
    for (const p of ['/login?signup=success', '/signup', '/signup?display=other', '/login?display=lp', '/support/menu?display=lp', '/']) {
      expect(await body(p), p).toContain('<div id="root"></div>')
    }
    // The prerendered files are not reachable by their own names, nor is the list.
    for (const p of ['/prerendered/login.html', '/prerendered.json']) expect((await app.request(p)).status, p).toBe(404)
    expect((await app.request('/login')).headers.get('cache-control')).toBe('no-cache')
  })

  it('answers an unknown page with the app and status 404, so the SPA shows its 404 page', async () => {
    const res = await app.request('/no-such-page')
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('<div id="root">')
  })

  it('serves hashed assets as immutable, compressed when the browser accepts it', async () => {
    const plain = await app.request('/assets/index-abc.js')
    expect(plain.status).toBe(200)
    expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await plain.text()).toBe(script)
    const gz = await app.request('/assets/index-abc.js', { headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script)
    const br = await app.request('/assets/index-abc.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(script)
  })

  it('a HEAD carries the Content-Length (and coding) its GET would: files, index, prerendered pages, the 404s', async () => {
    for (const [p, accept] of [['/assets/index-abc.js', ''], ['/assets/index-abc.js', 'gzip'], ['/assets/index-abc.js', 'br'], ['/favicon.svg', 'br'], ['/', ''], ['/login', 'br'], ['/support/menu', ''], ['/no-such-page', ''], ['/assets/missing.js', '']] as const) {
      const headers = accept ? { 'accept-encoding': accept } : undefined
      const get = await app.request(p, { headers })
      const length = Buffer.from(await get.arrayBuffer()).length
      const head = await app.request(p, { method: 'HEAD', headers })
      expect(head.status, `${p} ${accept}`).toBe(get.status)
      expect(head.headers.get('content-encoding'), `${p} ${accept}`).toBe(get.headers.get('content-encoding'))
      expect(head.headers.get('content-length'), `${p} ${accept}`).toBe(String(length))
      expect((await head.arrayBuffer()).byteLength, p).toBe(0)
    }
  })

  it('compresses every text file ahead of requests, once, and leaves small and binary files alone', async () => {
    const spa = loadSpa(dir)
    await precompress([...spa.prerendered.values()].map((p) => p.entry).concat([...spa.entries.values()]))
    const asset = spa.entries.get('/assets/index-abc.js')!
    const made = await asset.encoded!
    expect(gunzipSync(made.gzip).toString()).toBe(script)
    expect(brotliDecompressSync(made.br).toString()).toBe(script)
    // Asked again: the same buffers, not a second compression.
    await precompress([asset])
    expect(await asset.encoded).toBe(made)
    // Under 1 KB: sent as it is.
    expect(spa.entries.get('/favicon.svg')!.encoded).toBeUndefined()
  })

  it('answers 304 to a matching ETag', async () => {
    const first = await app.request('/assets/index-abc.js')
    const again = await app.request('/assets/index-abc.js', { headers: { 'if-none-match': first.headers.get('etag')! } })
    expect(again.status).toBe(304)
  })

  it('If-None-Match: a weak validator, a list with the tag in it, or * get 304; other tags the body (RFC 9110)', async () => {
    const etag = (await app.request('/assets/index-abc.js')).headers.get('etag')!
    const status = async (inm: string) => (await app.request('/assets/index-abc.js', { headers: { 'if-none-match': inm } })).status
    for (const inm of [`W/${etag}`, `"other", ${etag}`, `W/"other",W/${etag}`, '*', ` ${etag} `]) expect(await status(inm), inm).toBe(304)
    for (const inm of ['"other"', `W/"other", "x"`, etag.slice(0, -2) + '"', '']) expect(await status(inm), inm).toBe(200)
    // The app's HTML too (a reload with the browser's cached copy).
    const html = (await app.request('/login')).headers.get('etag')!
    expect((await app.request('/login', { headers: { 'if-none-match': `"stale", W/${html}` } })).status).toBe(304)
    expect(noneMatchHits(undefined, etag)).toBe(false)
  })

  it('Accept-Encoding q-values: q=0 is "not acceptable", the higher q wins, * stands for the rest', async () => {
    const enc = async (accept: string) => (await app.request('/assets/index-abc.js', { headers: { 'accept-encoding': accept } })).headers.get('content-encoding')
    expect(await enc('br;q=0')).toBeNull()
    expect(await enc('br;q=0, gzip')).toBe('gzip')
    expect(await enc('gzip, br;q=0')).toBe('gzip')
    expect(await enc('br;q=0.5, gzip;q=0.8')).toBe('gzip')
    expect(await enc('gzip;q=0.5, br')).toBe('br')
    expect(await enc('*')).toBe('br')
    expect(await enc('*;q=0')).toBeNull()
    expect(await enc('gzip;q=0, *')).toBe('br')
    expect(await enc('br;q=0, *;q=0.3')).toBe('gzip')
    expect(await enc('identity')).toBeNull()
    expect(await enc('BR')).toBe('br')
    // The body sent with gzip is gzip.
    const gz = await app.request('/assets/index-abc.js', { headers: { 'accept-encoding': 'br;q=0, gzip;q=1' } })
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script)
    expect(preferredEncoding('deflate, gzip;q=nonsense')).toBeNull()
    expect(preferredEncoding(undefined)).toBeNull()
  })

  it('the CSP opens Stripe, reCAPTCHA and Analytics only for a build that uses them (third-parties.json)', async () => {
    const csp = (await app.request('/')).headers.get('content-security-policy')!
    for (const origin of ['google-analytics', 'googletagmanager', 'recaptcha', 'gstatic', 'stripe']) expect(csp, origin).not.toContain(origin)
    expect(csp).toContain("frame-src 'none'")
    const withAll = mkdtempSync(path.join(tmpdir(), 'mypage-spa-'))
    try {
      writeFileSync(path.join(withAll, 'index.html'), '<!doctype html><div id="root"></div>')
      writeFileSync(path.join(withAll, 'third-parties.json'), JSON.stringify({ stripe: false, recaptcha: true, analytics: true }))
      const other = new Hono()
      mountSpa(other, withAll, {})
      const open = (await other.request('/')).headers.get('content-security-policy')!
      expect(open).toContain('https://www.google.com/recaptcha/')
      expect(open).toContain('https://www.googletagmanager.com')
      expect(open).toContain('https://*.google-analytics.com')
      expect(open).not.toContain('stripe')
      expect((await other.request('/third-parties.json')).status).toBe(404)
      // A server taking Stripe payments opens Stripe whatever the build listed.
      const stripe = new Hono()
      mountSpa(stripe, withAll, { stripe: true })
      expect((await stripe.request('/')).headers.get('content-security-policy')).toContain('script-src \'self\' https://js.stripe.com')
    } finally {
      rmSync(withAll, { recursive: true, force: true })
    }
    expect(contentSecurityPolicy({ thirdParties: { stripe: true, recaptcha: false, analytics: false } })).toContain('frame-src https://js.stripe.com https://hooks.stripe.com;')
  })

  it('the build writes down which outside services its bundle uses (third-parties.json)', () => {
    const listed = (env: Record<string, string | boolean>) => {
      const plugin = thirdPartiesManifest()
      let source = ''
      ;(plugin.configResolved as unknown as (c: { env: typeof env }) => void)({ env })
      ;(plugin.generateBundle as unknown as (this: { emitFile: (f: { source: string }) => void }) => void).call({ emitFile: (f) => (source = f.source) })
      return JSON.parse(source) as Record<string, unknown>
    }
    expect(listed({ MODE: 'test', PROD: false })).toEqual({ stripe: false, recaptcha: false, analytics: false })
    expect(listed({ MODE: 'test', PROD: false, VITE_RECAPTCHA_SITE_KEY: 'site-key', VITE_GA_ID: 'G-TEST', VITE_PAYMENT_PROVIDER: 'stripe', VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_x' }))
      .toMatchObject({ stripe: true, recaptcha: true, analytics: true })
  })

  it('sends HSTS on every answer in production only: the HTML, the assets, the 404s', async () => {
    for (const p of ['/', '/login', '/assets/index-abc.js', '/no-such-page', '/assets/missing.js']) {
      expect((await app.request(p)).headers.get('strict-transport-security'), p).toBeNull()
    }
    const prod = new Hono()
    mountSpa(prod, dir, { production: true })
    for (const p of ['/', '/login', '/assets/index-abc.js', '/no-such-page', '/assets/missing.js']) {
      expect((await prod.request(p)).headers.get('strict-transport-security'), p).toBe('max-age=15552000; includeSubDomains')
    }
  })

  it('serves nothing but the build: dot files, build bookkeeping, files that are not there', async () => {
    for (const p of ['/.build-stamp', '/.vite/manifest.json', '/routes.json', '/.git/HEAD', '/.data/pglite/PG_VERSION', '/server/config.ts', '/package.json', '/assets/missing.js', '/assets/../package.json', '/%2e%2e/package.json']) {
      const res = await app.request(p)
      expect(res.status, p).toBe(404)
      expect(await res.text()).not.toContain('secret-stamp')
    }
  })

  it('leaves /api and /sandbox to the API', async () => {
    expect(await (await app.request('/api/health')).json()).toEqual({ ok: true })
    expect(await (await app.request('/api/nothing')).json()).toEqual({ message: 'Not Found' })
    expect((await app.request('/sandbox/3ds/tok_x')).headers.get('content-type')).toContain('application/json')
  })

  it('refuses to start on a folder without a build', () => {
    expect(() => mountSpa(new Hono(), path.join(dir, 'assets'), {})).toThrow(/has no index.html/)
  })
})
