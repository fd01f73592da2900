import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { waitForExit } from './processes'
import { ROOT, buildWeb, localWebEnv } from './services'

// `npm start` serves the production build of the SPA. It builds when the folder is
// missing or stale — any input changed since the last build — and reuses it otherwise, so a warm
// start costs a hash of the sources (about 0.1 s) instead of a build.

const INPUTS = ['contract', 'src', 'machines', 'public', 'index.html', 'vite.config.ts', 'scripts/vite', 'tsconfig.json', 'package-lock.json']
const STAMP = '.build-stamp'

function hashInputs(extra: Record<string, string>): string {
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
  h.update(JSON.stringify(extra))
  return h.digest('hex')
}

export type BuildResult = { outDir: string; built: boolean; seconds: number }

export async function ensureWebBuild(opts: { outDir: string; mode: 'production' | 'test'; authEmulatorUrl: string; env?: Record<string, string>; log?: (line: string) => void }): Promise<BuildResult> {
  const log = opts.log ?? (() => {})
  const started = Date.now()
  const stamp = hashInputs({ mode: opts.mode, ...localWebEnv(opts.authEmulatorUrl), ...opts.env })
  const stampFile = path.join(opts.outDir, STAMP)
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp && existsSync(path.join(opts.outDir, 'index.html'))) {
    log(`App build in ${opts.outDir.startsWith(ROOT) ? path.relative(ROOT, opts.outDir) : opts.outDir} is up to date.`)
    return { outDir: opts.outDir, built: false, seconds: (Date.now() - started) / 1000 }
  }
  log(`Building the app (vite build, ${opts.mode})…`)
  // Into a folder of its own, then swapped in: a server reading the old build never sees half a new one.
  const tmp = `${opts.outDir}.tmp-${process.pid}`
  try {
    await waitForExit(buildWeb({ outDir: tmp, mode: opts.mode, authEmulatorUrl: opts.authEmulatorUrl, env: opts.env }))
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true })
    throw e
  }
  writeFileSync(path.join(tmp, STAMP), stamp)
  rmSync(opts.outDir, { recursive: true, force: true })
  renameSync(tmp, opts.outDir)
  const seconds = (Date.now() - started) / 1000
  log(`App built in ${seconds.toFixed(1)} s.`)
  return { outDir: opts.outDir, built: true, seconds }
}
