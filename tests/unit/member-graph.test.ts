import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { Plugin } from 'vite'
import { localWebEnv } from '../../scripts/stack/services'

/**
 * A member's page never loads staff or QA code (docs/performance.md "What a member's page loads"):
 * the production build's module graph, read from the bundle itself, for the JavaScript that
 * `/login` and `/` fetch before they are interactive — every script and module preload of their
 * prerendered HTML (the entry, the start's stages, the page's route chunks) and every chunk those
 * import statically. None of those chunks may hold a module of a staff feature (a src/features
 * directory only staff routes import), of the QA tools (src/features/qa), the staff and desk call
 * registries and their messages, the staff API clients or the staff UI text.
 */
const ROOT = path.resolve(import.meta.dirname, '../..')

const routeFiles = readdirSync(path.join(ROOT, 'src/routes')).filter((f) => f.endsWith('.tsx'))
const featuresOf = (files: string[]) =>
  new Set(files.flatMap((f) => [...readFileSync(path.join(ROOT, 'src/routes', f), 'utf8').matchAll(/from '\.\.\/features\/([a-z0-9-]+)\//g)].map((m) => m[1])))
const memberFeatures = featuresOf(routeFiles.filter((f) => !f.startsWith('staff')))
/** Features imported by staff routes and by no member route. */
const staffFeatures = [...featuresOf(routeFiles.filter((f) => f.startsWith('staff')))].filter((f) => !memberFeatures.has(f))

const forbidden: RegExp[] = [
  ...staffFeatures.map((f) => new RegExp(`^src/features/${f}/`)),
  /^src\/features\/qa\//,
  /^contract\/(staff|desk)-(calls|messages)\.ts$/,
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
  tmp = mkdtempSync(path.join(tmpdir(), 'mypage-graph-'))
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
  // As tests/unit/bundle-secrets.test.ts: the local stack's configuration, NODE_ENV as `vite build` has it.
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
    const { dir, chunks } = await buildWithGraph()
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
})
