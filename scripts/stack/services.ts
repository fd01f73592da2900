import { createWriteStream, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort, httpOk, spawnChild, waitUntilReady, type Child } from './processes'
import { ensureServerBuild } from './server-build'

// The real local parts of the product (docs/design.md "Real parts, local by default"), each started
// as a child process from the project's own node_modules: nothing is downloaded at run time.

export const ROOT = path.resolve(import.meta.dirname, '..', '..')
export const PROJECT_ID = 'demo-mypage'
const bin = (rel: string) => path.join(ROOT, 'node_modules', rel)

export type Service = { child: Child; url: string }

/**
 * Firebase Auth Emulator, UI off, no network. With `dataDir` the accounts are imported on start
 * and exported on a clean stop, so members who signed up survive a restart of `npm start`.
 */
export async function startAuthEmulator(opts: { port: number; dataDir?: string; echo?: boolean }): Promise<Service> {
  const confDir = mkdtempSync(path.join(tmpdir(), 'mypage-firebase-'))
  const config = path.join(confDir, 'firebase.json')
  writeFileSync(config, JSON.stringify({
    // Hub and logging get free ports of their own: their defaults (4400, 4500) are shared by every
    // emulator on the machine, and two starting together race for them and one dies.
    emulators: { auth: { host: '127.0.0.1', port: opts.port }, ui: { enabled: false }, hub: { host: '127.0.0.1', port: await freePort() }, logging: { host: '127.0.0.1', port: await freePort() }, singleProjectMode: true },
  }))
  const args = [bin('firebase-tools/lib/bin/firebase.js'), 'emulators:start', '--only', 'auth', '--project', PROJECT_ID, '--config', config]
  if (opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true })
    args.push('--import', opts.dataDir, '--export-on-exit', opts.dataDir)
  }
  const child = spawnChild('auth', process.execPath, args, {
    echo: opts.echo,
    cwd: confDir,
    // Its own TMPDIR: firebase-tools keeps a per-project hub locator file in the temp folder, and a
    // second emulator of the same project (a test run beside `npm start`) would otherwise crash on it.
    env: { TMPDIR: confDir, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: process.env.CI ?? '1', FIREBASE_TOOLS_DISABLE_TELEMETRY: '1' },
  })
  const url = `http://127.0.0.1:${opts.port}`
  await waitUntilReady(child, httpOk(`${url}/emulator/v1/projects/${PROJECT_ID}/config`), 90_000)
  return { child, url }
}

/** maildev: SMTP catcher with a web UI and a REST API (GET /email) that tests read mail from. */
export async function startMaildev(opts: { smtpPort: number; webPort: number; echo?: boolean }): Promise<Service> {
  const child = spawnChild('mail', process.execPath, [
    bin('maildev/bin/maildev'), '--smtp', String(opts.smtpPort), '--web', String(opts.webPort),
    '--ip', '127.0.0.1', '--web-ip', '127.0.0.1', '--silent',
  ], { echo: opts.echo })
  const url = `http://127.0.0.1:${opts.webPort}`
  await waitUntilReady(child, httpOk(`${url}/email`), 30_000)
  return { child, url }
}

export type ServerOptions = {
  port: number
  authEmulatorHost: string
  smtpUrl: string
  appOrigin: string
  /** PGlite directory; ignored when databaseUrl is set. */
  pgliteDir?: string
  databaseUrl?: string
  /** The built SPA to serve beside the API (one origin); without it the process serves the API only. */
  staticDir?: string
  testRoutes?: boolean
  /**
   * Run the compiled server with plain node, as production does (`npm run build:server`,
   * scripts/stack/server-build.ts), instead of the TypeScript sources through tsx.
   */
  compiled?: boolean
  /** More settings of server/config.ts (tests: the purchase lease and sweeper, the charge delay hook). */
  env?: Record<string, string>
  echo?: boolean
  /** Also write the server's output (its JSON log lines) to this file: the e2e run's log is searched for personal data. */
  logFile?: string
}

/**
 * The product's server — `server/main.ts` through tsx, or with `compiled` the file production runs
 * (`npm run serve`: `node dist-server/main.js`) — as a child, configured only by environment
 * variables, exactly as an operator runs it; the local stacks add the emulator, maildev and the
 * demo members (SEED_DEMO).
 */
export async function startServer(opts: ServerOptions): Promise<Service> {
  const env: NodeJS.ProcessEnv = {
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    FIREBASE_PROJECT_ID: PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: opts.authEmulatorHost,
    SMTP_URL: opts.smtpUrl,
    APP_ORIGIN: opts.appOrigin,
    SEED_DEMO: '1',
    ENABLE_TEST_ROUTES: opts.testRoutes ? '1' : '',
    STATIC_DIR: opts.staticDir ?? '',
    DATABASE_URL: opts.databaseUrl ?? '',
    PGLITE_DIR: opts.pgliteDir ?? '',
    // The child's output is a pipe; shown on a terminal (`npm start`), its lines are for people.
    LOG_FORMAT: opts.echo && process.stdout.isTTY ? 'pretty' : 'json',
    ...opts.env,
  }
  const args = opts.compiled ? ['--enable-source-maps', await ensureServerBuild()] : ['--import', 'tsx', path.join(ROOT, 'server/main.ts')]
  const child = spawnChild('server', process.execPath, args, { env, echo: opts.echo, cwd: ROOT })
  if (opts.logFile) {
    const file = createWriteStream(opts.logFile, { flags: 'a' })
    child.proc.stdout?.pipe(file)
    child.proc.stderr?.pipe(file)
  }
  const url = `http://127.0.0.1:${opts.port}`
  // Ready, not only alive: the server listens while it migrates and seeds (server/main.ts).
  await waitUntilReady(child, async () => (await fetch(`${url}/api/ready`)).ok, 120_000)
  return { child, url }
}

/**
 * The browser configuration of the local stacks, given explicitly: a production build has no
 * fallbacks (src/config.ts), so the local one names the demo project and the emulator it talks to.
 */
export function localWebEnv(authEmulatorUrl: string): Record<string, string> {
  return {
    VITE_FIREBASE_API_KEY: 'demo-api-key',
    VITE_FIREBASE_AUTH_DOMAIN: `${PROJECT_ID}.firebaseapp.com`,
    VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
    VITE_FIREBASE_AUTH_EMULATOR_URL: authEmulatorUrl,
    VITE_PAYMENT_PROVIDER: 'sandbox',
  }
}

/**
 * `vite build` of the SPA. Mode `production` is what members get (`npm start`); `test` is the same
 * production bundle with the QA aids (flow recorder, inspector) for the browser tests.
 */
export function buildWeb(opts: { outDir: string; mode: 'production' | 'test'; authEmulatorUrl: string; env?: Record<string, string> }): Child {
  return spawnChild('build', process.execPath, [bin('vite/bin/vite.js'), 'build', '--mode', opts.mode, '--outDir', opts.outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: ROOT, env: { ...localWebEnv(opts.authEmulatorUrl), VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true', ...opts.env },
  })
}

/** The Vite dev server (`npm run dev` only): hot reload of the app's sources, `/api` proxied. */
export async function startDevServer(opts: { port: number; apiUrl: string; authEmulatorUrl: string; echo?: boolean }): Promise<Service> {
  const args = [bin('vite/bin/vite.js'), '--port', String(opts.port), '--strictPort', '--host', '127.0.0.1']
  const child = spawnChild('web', process.execPath, args, {
    env: { MYPAGE_API_URL: opts.apiUrl, VITE_FIREBASE_AUTH_EMULATOR_URL: opts.authEmulatorUrl, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' }, echo: opts.echo, cwd: ROOT,
  })
  const url = `http://127.0.0.1:${opts.port}`
  await waitUntilReady(child, httpOk(url), 120_000)
  return { child, url }
}
