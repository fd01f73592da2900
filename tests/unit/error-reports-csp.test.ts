import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Hono } from 'hono'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { mountSpa } from '../../server/http/spa'

// A build with VITE_SENTRY_DSN lists the DSN's origin in third-parties.json (scripts/vite/plugins.ts):
// the CSP lets the page send its error reports there, and nowhere else; anything but a bare
// http(s) origin in the list opens nothing.

let dir: string
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mypage-spa-sentry-'))
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>')
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const connectSrc = async (listed: unknown) => {
  writeFileSync(path.join(dir, 'third-parties.json'), JSON.stringify({ stripe: false, recaptcha: false, analytics: false, errorReports: listed }))
  const app = new Hono()
  mountSpa(app, dir, {})
  const csp = (await app.request('/')).headers.get('content-security-policy')!
  return csp.split('; ').find((d) => d.startsWith('connect-src'))!
}

it("connect-src opens the DSN's origin only for a build that has one", async () => {
  expect(await connectSrc('https://o123.ingest.sentry.io')).toContain(' https://o123.ingest.sentry.io')
  expect(await connectSrc('http://127.0.0.1:4318')).toContain(' http://127.0.0.1:4318')
  for (const bad of [undefined, 'https://o1.ingest.sentry.io/api/1', "https://x.example 'unsafe-inline'", 'javascript:alert(1)', 42]) {
    const src = await connectSrc(bad)
    expect(src).toBe("connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com")
  }
})
