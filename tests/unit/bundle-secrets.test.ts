import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { localWebEnv } from '../../scripts/stack/services'

/**
 * No server secret and no test password in the built bundle, and none of the QA tools
 * (the path recorder, its panel, the live inspector and the live flow panel are for
 * development and test builds only). The production bundle is built into a temp folder (or
 * BUNDLE_DIR is scanned when a build is already at hand) and every file under it is searched.
 */
const patterns: [string, RegExp][] = [
  ['demo member password', /demo1234/],
  ['fixture member password', /pass1234/],
  ['other seeded password', /other1234/],
  ['Stripe secret key', /\b(sk|rk)_(live|test)_[0-9A-Za-z]{8,}/],
  ['Stripe webhook secret', /\bwhsec_[0-9A-Za-z]{8,}/],
  ['private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
  ['service account key', /"private_key"\s*:/],
  ['server env name with a value', /(STRIPE_SECRET_KEY|RECAPTCHA_SECRET|DATABASE_URL|SMTP_URL)\s*[:=]\s*["'][^"']+/],
  ['postgres URL with credentials', /postgres(ql)?:\/\/[^\s"'/]+:[^\s"'@/]+@/],
]
// Values of secrets present in this environment must not appear either.
for (const name of ['STRIPE_SECRET_KEY', 'RECAPTCHA_SECRET', 'DATABASE_URL', 'SMTP_URL']) {
  const value = process.env[name]
  if (value && value.length >= 8) patterns.push([`value of ${name}`, new RegExp(value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))])
}

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f)
    return statSync(p).isDirectory() ? files(p) : [p]
  })

let tmp: string | null = null
afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true })
})

// Unique strings of src/adapters/flow-recorder.ts, src/features/qa/recorder-panel.tsx,
// @statelyai/inspect and the live flow panel (src/features/qa/flow-panel*.tsx).
const qaMarkers = ['recorded in the app on', 'QA path recorder', 'download path file', 'qa-recorder', 'stately.ai', 'ライブフロー表示', 'qa-flow-panel', '今受け付ける出来事']

describe('the built production bundle', () => {
  it('holds no server secret, no test password and no QA tool', async () => {
    let dir = process.env.BUNDLE_DIR
    if (!dir) {
      tmp = mkdtempSync(path.join(tmpdir(), 'mypage-bundle-'))
      const { build } = await import('vite')
      // The production bundle `npm start` serves: a production build names its configuration
      // explicitly (no fallbacks), here the local stack's.
      // NODE_ENV as `vite build` has it on the command line: vitest sets it to 'test', with which
      // Vite builds dependencies' development code (xstate's warnings, React's checks) into the
      // bundle, which is not what members get.
      const saved = { ...process.env }
      Object.assign(process.env, localWebEnv('http://127.0.0.1:9099'), { NODE_ENV: 'production' })
      try {
        await build({ mode: 'production', logLevel: 'error', build: { outDir: tmp, emptyOutDir: true } })
      } finally {
        for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k]
        process.env.NODE_ENV = saved.NODE_ENV
      }
      dir = tmp
    }
    const scanned = files(dir).filter((f) => /\.(js|mjs|css|html|json|map|txt|svg)$/.test(f))
    expect(scanned.some((f) => f.endsWith('.js'))).toBe(true)
    const found: string[] = []
    for (const f of scanned) {
      const text = readFileSync(f, 'utf8')
      for (const [what, re] of patterns) if (re.test(text)) found.push(`${path.relative(dir, f)}: ${what}`)
      if (f.endsWith('.js')) for (const marker of qaMarkers) if (text.includes(marker)) found.push(`${path.relative(dir, f)}: QA tool "${marker}"`)
    }
    console.log(`bundle-secrets: ${scanned.length} files scanned in ${dir}, ${found.length} findings`)
    expect(found).toEqual([])
  }, 240_000)
})
