import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort, httpOk, spawnChild, waitForExit, waitUntilReady } from '../../scripts/stack/processes'
import { ROOT } from '../../scripts/stack/services'

/**
 * The floor (bench/floor: Vite + React + firebase/auth e-mail/password form, nothing else), built
 * with the same Vite in the same run as the product and served by `vite preview`. The browser
 * benches report the product's figures as ratios to it (docs/performance.md "The floor"), so a
 * slower machine or another Chromium moves both sides instead of turning a regression into a pass.
 */
export async function buildAndServeFloor(authEmulatorUrl: string) {
  const outDir = mkdtempSync(path.join(tmpdir(), 'mypage-bench-floor-'))
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js')
  const configFile = path.join(ROOT, 'bench/floor/vite.config.ts')
  const env = { VITE_FIREBASE_AUTH_EMULATOR_URL: authEmulatorUrl }
  await waitForExit(spawnChild('floor-build', process.execPath, [vite, 'build', '--config', configFile, '--outDir', outDir, '--emptyOutDir'], { cwd: ROOT, env }))
  const port = await freePort()
  const child = spawnChild('floor-web', process.execPath, [vite, 'preview', '--config', configFile, '--outDir', outDir, '--port', String(port), '--strictPort', '--host', '127.0.0.1'], { cwd: ROOT, env })
  const url = `http://127.0.0.1:${port}`
  await waitUntilReady(child, httpOk(url), 60_000)
  return { url, outDir, remove: () => rmSync(outDir, { recursive: true, force: true }) }
}
