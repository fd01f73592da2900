import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import path from 'node:path'
import { freePort } from '../../../scripts/stack/processes'

/**
 * A README command (`npm start`, `npm run dev`) run the way a person runs it — `npm` in the
 * project folder — on free ports (the `MYPAGE_*_PORT` variables the README documents) and a fresh
 * data folder, until it prints that it is running. `stop()` is Ctrl-C.
 */
export type RunningCommand = { appUrl: string; maildevUrl: string; authEmulatorUrl: string; output: () => string; stop: () => Promise<void> }

export async function runReadmeCommand(args: string[], banner: RegExp, timeoutMs = 180_000): Promise<RunningCommand> {
  const ports = { web: await freePort(), api: await freePort(), auth: await freePort(), smtp: await freePort(), maildev: await freePort() }
  // Under the project's own `.data/`, where a person's data lives: a dev server that watched it
  // would reload open pages on every write, which is what the tests look for.
  const root = path.resolve(import.meta.dirname, '../../..')
  mkdirSync(path.join(root, '.data'), { recursive: true })
  const dataDir = mkdtempSync(path.join(root, '.data', 'test-command-'))
  // The test runner's own variables (its emulator, its database) must not reach the command.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(MYPAGE_|FIREBASE_|DATABASE_URL|TEST_DATABASE_URL|VITE_)/.test(k)))
  const child: ChildProcess = spawn('npm', args, {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...env,
      MYPAGE_WEB_PORT: String(ports.web), MYPAGE_API_PORT: String(ports.api), MYPAGE_AUTH_PORT: String(ports.auth),
      MYPAGE_SMTP_PORT: String(ports.smtp), MYPAGE_MAILDEV_PORT: String(ports.maildev), MYPAGE_DATA_DIR: dataDir,
    },
  })
  let log = ''
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm ${args.join(' ')} did not start within ${timeoutMs / 1000} s:\n${log.slice(-4000)}`)), timeoutMs)
    const onData = (chunk: Buffer) => {
      log += chunk.toString()
      if (banner.test(log)) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`npm ${args.join(' ')} exited (${code}) before it was running:\n${log.slice(-4000)}`))
    })
  })
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      try { process.kill(-child.pid, 'SIGINT') } catch { /* gone */ }
      const force = setTimeout(() => { try { process.kill(-child.pid!, 'SIGKILL') } catch { /* gone */ } }, 15_000)
      await exited
      clearTimeout(force)
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  return {
    appUrl: `http://127.0.0.1:${ports.web}`,
    maildevUrl: `http://127.0.0.1:${ports.maildev}`,
    authEmulatorUrl: `http://127.0.0.1:${ports.auth}`,
    output: () => log,
    stop,
  }
}

/** Paths that must never be served: the database, the server's source, the repository, the manifest. */
export const privatePaths = [
  '/.data/pglite/pg_wal/000000010000000000000001?raw',
  '/.data/pglite/PG_VERSION',
  '/server/config.ts',
  '/server/db/schema.ts?raw',
  '/.git/HEAD',
  '/.git/config',
  '/package.json',
  '/package-lock.json',
  '/.env',
  '/%2e%2e/package.json',
  '/src/../server/config.ts',
]
