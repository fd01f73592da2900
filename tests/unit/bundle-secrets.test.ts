import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { Plugin } from 'vite'
import { localWebEnv } from '../../scripts/stack/services'

/**
 * The production bundle `npm start` serves, built once for this file (a build is the costliest
 * thing the unit tests do) and checked twice:
 * - no server secret and no test password in it, and none of the QA tools (the path recorder, its
 *   panel, the live inspector and the live flow panel are for development and test builds only):
 *   every file under it is searched (BUNDLE_DIR scans a build already at hand instead);
 * - a member's page never loads staff or QA code (docs/performance.md "What a member's page loads"),
 *   read from the bundle's own module graph.
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

const ROOT = path.resolve(import.meta.dirname, '../..')

const routeFiles = readdirSync(path.join(ROOT, 'src/routes')).filter((f) => f.endsWith('.tsx'))
const featuresOf = (files: string[]) =>
  new Set(files.flatMap((f) => [...readFileSync(path.join(ROOT, 'src/routes', f), 'utf8').matchAll(/from '\.\.\/features\/((?:staff\/[a-z0-9-]+\/)?[a-z0-9-]+)\//g)].map((m) => m[1])))
const memberFeatures = featuresOf(routeFiles.filter((f) => !f.startsWith('staff')))
/** Features (a member flow, or a staff area's feature: staff/<area>/<feature>) imported by staff routes and by no member route. */
const staffFeatures = [...featuresOf(routeFiles.filter((f) => f.startsWith('staff')))].filter((f) => !memberFeatures.has(f))

const forbidden: RegExp[] = [
  ...staffFeatures.map((f) => new RegExp(`^src/features/${f}/`)),
  /^src\/features\/qa\//,
  /^contract\/(staff|desk)-(calls|messages)\.ts$/,
  /^contract\/desk\//,
  /^src\/api\/(staff|desk)-client\.ts$/,
  /^src\/text\/(staff|desk)[^/]*\.ts$/,
]

let tmp: string | null = null
afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true })
})

type ChunkInfo = { modules: string[]; imports: string[] }

/** The production build (as `npm start` serves it) into a temp folder, with each chunk's modules and static imports. */
async function buildWithGraph(): Promise<{ dir: string; chunks: Map<string, ChunkInfo> }> {
  tmp = mkdtempSync(path.join(tmpdir(), 'mypage-bundle-'))
  const chunks = new Map<string, ChunkInfo>()
  const capture: Plugin = {
    name: 'test-capture-graph',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const c of Object.values(bundle)) {
        if (c.type !== 'chunk') continue
        chunks.set(c.fileName, { modules: c.moduleIds.map((id) => path.relative(ROOT, id.split('?')[0]).replaceAll(path.sep, '/')), imports: c.imports })
      }
    },
  }
  const { build } = await import('vite')
  // The local stack's configuration, named explicitly (a production build has no fallbacks). NODE_ENV
  // as `vite build` has it on the command line: vitest sets it to 'test', with which Vite builds
  // dependencies' development code (xstate's warnings, React's checks) into the bundle.
  const saved = { ...process.env }
  Object.assign(process.env, localWebEnv('http://127.0.0.1:9099'), { NODE_ENV: 'production' })
  try {
    await build({ mode: 'production', logLevel: 'error', plugins: [capture], build: { outDir: tmp, emptyOutDir: true } })
  } finally {
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k]
    process.env.NODE_ENV = saved.NODE_ENV
  }
  return { dir: tmp, chunks }
}

let built: ReturnType<typeof buildWithGraph> | null = null
/** The one build of this file, made by whichever test asks first. */
const production = () => (built ??= buildWithGraph())

// Unique strings of src/adapters/flow-recorder.ts, src/features/qa/recorder-panel.tsx,
// @statelyai/inspect and the live flow panel (src/features/qa/flow-panel*.tsx).
const qaMarkers = ['recorded in the app on', 'QA path recorder', 'download path file', 'qa-recorder', 'stately.ai', 'ライブフロー表示', 'qa-flow-panel', '今受け付ける出来事']

describe('the built production bundle', () => {
  it('holds no server secret, no test password and no QA tool', async () => {
    const dir = process.env.BUNDLE_DIR ?? (await production()).dir
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

/** The chunks a prerendered page loads: its scripts and module preloads, and what they import statically. */
function chunksOfPage(html: string, chunks: Map<string, ChunkInfo>): string[] {
  const out = new Set<string>()
  const add = (file: string) => {
    if (out.has(file)) return
    out.add(file)
    for (const dep of chunks.get(file)?.imports ?? []) add(dep)
  }
  for (const m of html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)) add(m[1])
  return [...out]
}

const offending = (modules: string[]) => modules.filter((m) => forbidden.some((re) => re.test(m)))

describe("a member page's module graph", () => {
  it('holds no staff and no QA module on /login and on / signed in', async () => {
    expect(staffFeatures.length).toBeGreaterThan(5)
    const { dir, chunks } = await production()
    // The check can fail: the staff side's own chunks hold the modules it looks for.
    expect(offending([...chunks.values()].flatMap((c) => c.modules)).length).toBeGreaterThan(10)
    for (const page of ['login.html', 'index.html']) {
      const html = readFileSync(path.join(dir, 'prerendered', page), 'utf8')
      const files = chunksOfPage(html, chunks)
      expect(files.length, `${page}: its chunks`).toBeGreaterThan(10)
      const found = files.flatMap((f) => offending(chunks.get(f)?.modules ?? []).map((m) => `${page}: ${f} holds ${m}`))
      expect(found).toEqual([])
    }
  }, 240_000)

  // /login's own start (decision 102) and the home's (decision 103).
  it.each([
    { page: 'login.html', own: 'src/features/auth/login-form.tsx' },
    { page: 'index.html', own: 'src/features/home/home-page.tsx' },
  ])("starts $page without Chakra's runtime, its theme, the router or the route tree", async ({ page, own }) => {
    const { dir, chunks } = await production()
    const html = readFileSync(path.join(dir, 'prerendered', page), 'utf8')
    // What the page starts with: its script and its start's preloads, not the app's chunks it
    // fetches for later (<template id="app-prefetch">: the next page, or the hand-over).
    const prefetch = /<template id="app-prefetch">[\s\S]*?<\/template>/
    expect(html).toMatch(prefetch)
    const files = chunksOfPage(html.replace(prefetch, ''), chunks)
    const modules = files.flatMap((f) => chunks.get(f)?.modules ?? [])
    expect(modules).toContain(own)
    // Packages by their path inside node_modules (a clone may link node_modules from elsewhere).
    expect(modules.some((m) => /(^|\/)node_modules\/react-dom\//.test(m))).toBe(true)
    const heavy = [/(^|\/)node_modules\/@chakra-ui\//, /(^|\/)node_modules\/@emotion\//, /(^|\/)node_modules\/@tanstack\/react-router\//, /^src\/theme\.ts$/, /^src\/routeTree\.gen\.ts$/, /^src\/routes\//]
    expect(modules.filter((m) => heavy.some((re) => re.test(m)))).toEqual([])
    // The check can fail: the app's start, which the page fetches for later, holds them.
    const app = chunksOfPage(prefetch.exec(html)![0], chunks).flatMap((f) => chunks.get(f)?.modules ?? [])
    expect(app.filter((m) => heavy.some((re) => re.test(m))).length).toBeGreaterThan(10)
  }, 240_000)

  it("loads no dialog with the signed-in home's first render: its dialogs come when first opened", async () => {
    const { chunks } = await production()
    const home = [...chunks].find(([, c]) => c.modules.includes('src/features/home/home-page.tsx'))
    expect(home, 'the chunk of the home page').toBeTruthy()
    const graph = new Set<string>()
    const add = (file: string) => {
      if (graph.has(file)) return
      graph.add(file)
      for (const dep of chunks.get(file)?.imports ?? []) add(dep)
    }
    add(home![0])
    const modules = [...graph].flatMap((f) => chunks.get(f)?.modules ?? [])
    expect(modules).toContain('src/features/home/no-call-report.tsx')
    expect(modules.filter((m) => /^src\/ui\/(confirm-dialog|later-recipes\/dialog)/.test(m))).toEqual([])
  }, 240_000)
})
