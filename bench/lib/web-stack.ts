import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort, spawnChild, stopAll, waitForExit } from '../../scripts/stack/processes'
import { ROOT, localWebEnv, startAuthEmulator, startServer } from '../../scripts/stack/services'

/**
 * The product as a member gets it, for the browser benchmarks: a PRODUCTION build of the SPA
 * (`vite build`, mode production, so no development aids) served with the API by the product's
 * server (`server/main.ts`, as `npm start` and production serve it) on a fresh PGlite directory
 * with test routes on (to create members), and the Auth Emulator.
 * No mail catcher: nothing measured here sends mail.
 */
export async function startWebStack(opts: { manifest?: boolean } = {}) {
  const authPort = await freePort()
  const authEmulatorHost = process.env.MYPAGE_AUTH_EMULATOR_HOST ?? `127.0.0.1:${authPort}`
  const port = await freePort()
  const webUrl = `http://127.0.0.1:${port}`
  const apiUrl = webUrl
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mypage-bench-db-'))
  const outDir = mkdtempSync(path.join(tmpdir(), 'mypage-bench-web-'))
  const cleanup = async () => {
    await stopAll()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(outDir, { recursive: true, force: true })
  }
  try {
    const build = spawnChild('build', process.execPath, [
      path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--mode', 'production', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn',
      ...(opts.manifest ? ['--manifest'] : []),
      // For profiling (docs/performance.md): map a CPU profile's minified frames back to sources.
      ...(process.env.BENCH_SOURCEMAP === '1' ? ['--sourcemap'] : []),
    ], { cwd: ROOT, env: { ...localWebEnv(`http://${authEmulatorHost}`), VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' } })
    // One after the other: on a shared two-core machine the emulator started beside the build
    // (each a CPU-bound start) missed its 90 s readiness window.
    await waitForExit(build)
    // MYPAGE_AUTH_EMULATOR_HOST: an emulator already running (as the browser tests accept it).
    if (!process.env.MYPAGE_AUTH_EMULATOR_HOST) await startAuthEmulator({ port: authPort })
    await startServer({ port, authEmulatorHost, smtpUrl: 'smtp://127.0.0.1:1', appOrigin: webUrl, pgliteDir: dataDir, staticDir: outDir, testRoutes: true })
  } catch (e) {
    await cleanup()
    throw e
  }

  async function createMember(fixture: 'demo' | 'fresh' = 'demo'): Promise<{ email: string; password: string; memberId: string }> {
    const res = await fetch(`${apiUrl}/api/__test/member`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fixture }) })
    if (!res.ok) throw new Error(`creating a member failed: ${res.status} ${await res.text()}`)
    return res.json() as Promise<{ email: string; password: string; memberId: string }>
  }

  return { webUrl, apiUrl, authEmulatorHost, outDir, createMember, stop: cleanup }
}


export const CHROMIUM = '/usr/bin/chromium'
export const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync']
