import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs'
import path from 'node:path'
import { buildServer } from '../build-server'

// The compiled server (`npm run build:server`, what production runs with plain node) for the test
// stacks: built once per content of its inputs into `.tmp/server-build/<hash>/`, so concurrent
// runs and test files share one build (about 1.5 s) and never see half of one.

const ROOT = path.resolve(import.meta.dirname, '..', '..')
const INPUTS = ['server', 'contract', 'scripts/build-server.ts', 'tsconfig.json', 'package-lock.json']

function hashInputs(): string {
  const h = createHash('sha256')
  const add = (rel: string) => {
    const full = path.join(ROOT, rel)
    if (!existsSync(full)) return
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) add(path.join(rel, name))
      return
    }
    h.update(rel).update('\0').update(readFileSync(full)).update('\0')
  }
  for (const input of INPUTS) add(input)
  return h.digest('hex').slice(0, 16)
}

/** The path of a compiled `main.js` of the current sources, built if there is none yet. */
export async function ensureServerBuild(): Promise<string> {
  const base = path.join(ROOT, '.tmp', 'server-build')
  const dir = path.join(base, hashInputs())
  const main = path.join(dir, 'main.js')
  if (existsSync(main)) {
    // Marked as used, so the pruning below keeps it.
    const now = new Date()
    utimesSync(dir, now, now)
    return main
  }
  mkdirSync(base, { recursive: true })
  const tmp = `${dir}.tmp-${process.pid}-${Date.now()}`
  try {
    await buildServer(tmp)
    // Another process may have finished the same build first: theirs is as good as ours.
    if (!existsSync(main)) renameSync(tmp, dir)
  } finally {
    rmSync(tmp, { recursive: true, force: true })
  }
  prune(base, KEEP)
  return main
}

/** The builds every edit of the server leaves behind: the most recently used few are kept. */
const KEEP = 8
function prune(base: string, keep: number) {
  const builds = readdirSync(base)
    .filter((name) => /^[0-9a-f]{16}$/.test(name))
    .map((name) => ({ name, used: statSync(path.join(base, name)).mtimeMs }))
    .sort((a, b) => b.used - a.used)
  for (const old of builds.slice(keep)) rmSync(path.join(base, old.name), { recursive: true, force: true })
}
