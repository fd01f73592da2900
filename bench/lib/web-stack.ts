import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort, spawnChild, stopAll, waitForExit } from '../../scripts/stack/processes'
import { ROOT, startApi, startAuthEmulator, startWeb, webEnv } from '../../scripts/stack/services'

/**
 * The product as a member gets it, for the browser benchmarks: a PRODUCTION build of the SPA
 * (`vite build`, mode production, so no development aids) served by `vite preview`, the API on a
 * fresh PGlite directory with test routes on (to create members), and the Auth Emulator.
 * No mail catcher: nothing measured here sends mail.
 */
export async function startWebStack(opts: { manifest?: boolean } = {}) {
  const authPort = await freePort()
  const authEmulatorHost = `127.0.0.1:${authPort}`
  const apiPort = await freePort()
  const webPort = await freePort()
  const apiUrl = `http://127.0.0.1:${apiPort}`
  const webUrl = `http://127.0.0.1:${webPort}`
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
    ], { cwd: ROOT, env: webEnv(apiUrl, `http://${authEmulatorHost}`) })
    await startAuthEmulator({ port: authPort })
    await startApi({ port: apiPort, authEmulatorHost, smtpUrl: 'smtp://127.0.0.1:1', appOrigin: webUrl, pgliteDir: dataDir, testRoutes: true })
    await waitForExit(build)
    await startWeb({ port: webPort, apiUrl, authEmulatorUrl: `http://${authEmulatorHost}`, mode: 'preview', outDir })
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

export type WebStack = Awaited<ReturnType<typeof startWebStack>>

export const CHROMIUM = '/usr/bin/chromium'
export const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync']
