import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort, waitForExit } from './processes'
import { buildWeb, startApi, startAuthEmulator, startMaildev, startWeb } from './services'

export type E2eStack = { webUrl: string; apiUrl: string; maildevUrl: string; authEmulatorHost: string; /** Temporary folders to remove after the run. */ dataDir: string[] }

/**
 * The whole product for browser tests: Auth Emulator and maildev (reused when the test command
 * already started them), the API on a fresh PGlite directory with test routes on, and the built
 * SPA served by `vite preview` (a production bundle, so pages load as members get them).
 */
export async function startE2eStack(): Promise<E2eStack> {
  let authEmulatorHost = process.env.MYPAGE_AUTH_EMULATOR_HOST
  let smtpPort = process.env.MYPAGE_SMTP_PORT
  let maildevUrl = process.env.MYPAGE_MAILDEV_URL
  const starts: Promise<unknown>[] = []
  if (!authEmulatorHost) {
    const port = await freePort()
    authEmulatorHost = `127.0.0.1:${port}`
    starts.push(startAuthEmulator({ port }))
  }
  if (!smtpPort || !maildevUrl) {
    const [s, w] = [await freePort(), await freePort()]
    smtpPort = String(s)
    maildevUrl = `http://127.0.0.1:${w}`
    starts.push(startMaildev({ smtpPort: s, webPort: w }))
  }
  const apiPort = await freePort()
  const webPort = await freePort()
  const apiUrl = `http://127.0.0.1:${apiPort}`
  const webUrl = `http://127.0.0.1:${webPort}`
  const authEmulatorUrl = `http://${authEmulatorHost}`
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mypage-e2e-db-'))
  // A build folder of its own: concurrent runs must not serve each other's bundle (the emulator
  // URL is built in).
  const outDir = mkdtempSync(path.join(tmpdir(), 'mypage-e2e-web-'))

  // Build while the services start: the bundle only needs to know the emulator's URL.
  const build = buildWeb(outDir, apiUrl, authEmulatorUrl)
  await Promise.all(starts)
  await startApi({ port: apiPort, authEmulatorHost, smtpUrl: `smtp://127.0.0.1:${smtpPort}`, appOrigin: webUrl, pgliteDir: dataDir, testRoutes: true })
  await waitForExit(build)
  await startWeb({ port: webPort, apiUrl, authEmulatorUrl, mode: 'preview', outDir })
  return { webUrl, apiUrl, maildevUrl, authEmulatorHost, dataDir: [dataDir, outDir] }
}

export function removeDataDir(dirs: string[]) {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
}
