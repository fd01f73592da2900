import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort } from './processes'
import { createScratchDatabase } from './scratch-db'
import { startAuthEmulator, startMaildev, startServer } from './services'
import { ensureWebBuild } from './web-build'

export type E2eStack = {
  webUrl: string
  apiUrl: string
  maildevUrl: string
  authEmulatorHost: string
  database: 'postgres' | 'pglite'
  /** The server's log of the whole run (JSON lines), searched for personal data afterwards. */
  serverLog: string
  /**
   * What a second replica of the server needs to join this stack (the room's browser test starts
   * one on PostgreSQL): the built SPA, the SMTP address and, on PostgreSQL, the database.
   */
  replicaOf: { staticDir: string; smtpUrl: string; databaseUrl: string | null }
  /** What to remove after the run. */
  cleanup: () => Promise<void>
}

/**
 * The whole product for browser tests, started the way `npm start` and production start it: the
 * built SPA (mode `test`: the production bundle with the QA aids) served with the API from one
 * process of the compiled server (plain node, as production runs it) on one origin. Auth Emulator
 * and maildev are reused when the test command already started them. The database is fresh: a scratch database on PostgreSQL when
 * TEST_DATABASE_URL is set (production's database, as CI runs it), else a new PGlite folder.
 */
export async function startE2eStack(opts: { errorReportsDsn?: string } = {}): Promise<E2eStack> {
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
  const port = await freePort()
  const webUrl = `http://127.0.0.1:${port}`
  const authEmulatorUrl = `http://${authEmulatorHost}`
  const dirs = [mkdtempSync(path.join(tmpdir(), 'mypage-e2e-web-'))]
  const scratch = process.env.TEST_DATABASE_URL ? await createScratchDatabase(process.env.TEST_DATABASE_URL, 'mypage_e2e') : null
  if (!scratch) dirs.push(mkdtempSync(path.join(tmpdir(), 'mypage-e2e-db-')))

  // Build while the services start: the bundle only needs to know the emulator's URL. A folder of
  // its own: concurrent runs must not serve each other's bundle.
  const outDir = path.join(dirs[0], 'dist')
  // With a DSN, the build's error reports go there (the browser tests' local collector).
  const env = opts.errorReportsDsn ? { VITE_SENTRY_DSN: opts.errorReportsDsn, VITE_SENTRY_RELEASE: 'mypage@e2e' } : undefined
  const [build] = await Promise.all([ensureWebBuild({ outDir, mode: 'test', authEmulatorUrl, env }), ...starts])
  const serverLog = path.join(dirs[0], 'server.log')
  const smtpUrl = `smtp://127.0.0.1:${smtpPort}`
  await startServer({
    port, authEmulatorHost, smtpUrl, appOrigin: webUrl, staticDir: build.outDir, testRoutes: true, compiled: true, logFile: serverLog,
    ...(scratch ? { databaseUrl: scratch.url } : { pgliteDir: dirs[1] }),
  })
  return {
    webUrl, apiUrl: webUrl, maildevUrl, authEmulatorHost, database: scratch ? 'postgres' : 'pglite', serverLog,
    replicaOf: { staticDir: build.outDir, smtpUrl, databaseUrl: scratch?.url ?? null },
    cleanup: async () => {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
      await scratch?.drop()
    },
  }
}
