import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createScratchDatabase } from '../../scripts/stack/scratch-db'
import { freePort, spawnChild, stopAll, waitUntilReady, type Child } from '../../scripts/stack/processes'
import { ensureServerBuild } from '../../scripts/stack/server-build'

// The production process (docs/operations.md "Build and start"): the server compiled to plain
// JavaScript (`npm run build:server`) runs with `node` alone — no tsx, no TypeScript loader — and,
// started with a complete production environment, answers with production's headers and refuses
// an unsigned token. The e2e stack runs this same build (scripts/stack/e2e-stack.ts).

const pgUrl = process.env.TEST_DATABASE_URL
const dirs: string[] = []
let main: string
beforeAll(async () => {
  main = await ensureServerBuild()
}, 60_000)
afterAll(async () => {
  await stopAll()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

/** Plain node on the compiled file; the test runner's own settings (the emulator host) cleared. */
async function startCompiled(env: Record<string, string>): Promise<{ child: Child; url: string }> {
  const port = await freePort()
  const child = spawnChild('compiled', process.execPath, [main], {
    cwd: path.dirname(main),
    env: { FIREBASE_AUTH_EMULATOR_HOST: '', SEED_DEMO: '', ENABLE_TEST_ROUTES: '', NODE_OPTIONS: '', HOST: '127.0.0.1', PORT: String(port), ...env },
  })
  const url = `http://127.0.0.1:${port}`
  await waitUntilReady(child, async () => (await fetch(`${url}/api/ready`)).ok, 60_000)
  return { child, url }
}

describe('the compiled server', () => {
  it('is JavaScript with no TypeScript loader, and starts with plain node on an empty PGlite', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mypage-compiled-'))
    dirs.push(dir)
    const { child, url } = await startCompiled({ NODE_ENV: 'development', PGLITE_DIR: dir })
    expect(child.proc.spawnargs.slice(1)).toEqual([main])
    expect(await (await fetch(`${url}/api/health`)).json()).toEqual({ ok: true })
    // The app itself answers (not the start-up's 503): a member call without a token is refused.
    expect((await fetch(`${url}/api/nowonsale-products`)).status).toBe(401)
    // A limit, not an assertion: the build and a first PGlite start take a while on two busy cores.
  }, 90_000)

  it.runIf(pgUrl)('in production: HSTS and the CSP on the app, an alg:none token refused', async () => {
    const scratch = await createScratchDatabase(pgUrl!, 'mypage_compiled')
    try {
      const web = mkdtempSync(path.join(tmpdir(), 'mypage-compiled-web-'))
      dirs.push(web)
      writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>')
      const { url } = await startCompiled({
        NODE_ENV: 'production', DATABASE_URL: scratch.url, FIREBASE_PROJECT_ID: 'mypage-compiled-test', SMTP_URL: 'smtp://127.0.0.1:1',
        APP_ORIGIN: 'https://mypage.example.com', RECAPTCHA_SECRET: 'secret', PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_compiled',
        SUPPORT_TEL: '0120-123-456', STATIC_DIR: web, PURCHASE_SWEEP_MS: '0',
        RECEIPT_ISSUER_NAME: '株式会社マイページ', RECEIPT_ISSUER_ADDRESS: '東京都港区1-2-3', INVOICE_REGISTRATION_NUMBER: 'T9876543210987',
      })
      for (const p of ['/', '/login', '/no-such-page', '/api/health']) {
        const res = await fetch(`${url}${p}`)
        expect(res.headers.get('strict-transport-security'), p).toBe('max-age=15552000; includeSubDomains')
      }
      const csp = (await fetch(url)).headers.get('content-security-policy')!
      expect(csp).toContain('https://js.stripe.com')
      expect(csp).not.toContain('recaptcha')
      expect(csp).not.toContain('google-analytics')
      // An unsigned token for the demo member's uid: what the emulator would have accepted.
      const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
      const now = Math.floor(Date.now() / 1000)
      const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ iss: 'https://securetoken.google.com/mypage-compiled-test', aud: 'mypage-compiled-test', sub: 'MB10000001', user_id: 'MB10000001', iat: now, exp: now + 3600, auth_time: now })}.`
      const res = await fetch(`${url}/api/user-data?data=home`, { headers: { authorization: `Bearer ${unsigned}` } })
      expect(res.status).toBe(401)
      // The test routes are not there.
      expect((await fetch(`${url}/api/__test/member`, { method: 'POST' })).status).toBe(404)
    } finally {
      await stopAll()
      await scratch.drop()
    }
  }, 90_000)
})
