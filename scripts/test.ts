import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs'
import path from 'node:path'
import { chromiumMissingMessage } from './check-chromium'
import { freePort, stopAll } from './stack/processes'
import { ROOT, startAuthEmulator, startMaildev } from './stack/services'

// `npm test`: every test. Lint and typecheck, then the services the tests share (Auth Emulator and
// maildev, started once on free ports), then vitest (unit, charts, API) and Playwright end-to-end.
// Every step runs even after a failure so one run shows everything that is wrong.

type Step = { name: string; ok: boolean; seconds: number }
const steps: Step[] = []
const counts = { passed: 0, failed: 0, skipped: 0, flaky: 0 }
const reports = path.join(ROOT, '.tmp', 'test-reports')

function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<boolean> {
  const started = Date.now()
  console.log(`\n━━ ${name}`)
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } })
    child.on('exit', (code) => {
      steps.push({ name, ok: code === 0, seconds: (Date.now() - started) / 1000 })
      resolve(code === 0)
    })
  })
}

/** Like run, with the output held and printed in one piece at the end (for steps run side by side). */
function runQuiet(name: string, command: string, args: string[]): Promise<boolean> {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: process.env })
    const out: Buffer[] = []
    child.stdout.on('data', (d: Buffer) => out.push(d))
    child.stderr.on('data', (d: Buffer) => out.push(d))
    child.on('exit', (code) => {
      const seconds = (Date.now() - started) / 1000
      steps.push({ name, ok: code === 0, seconds })
      console.log(`\n━━ ${name} (${seconds.toFixed(1)} s)`)
      process.stdout.write(Buffer.concat(out))
      resolve(code === 0)
    })
  })
}

const npx = (bin: string) => path.join(ROOT, 'node_modules', '.bin', bin)

function countVitest(file: string) {
  if (!existsSync(file)) return
  const r = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number }
  counts.passed += r.numPassedTests
  counts.failed += r.numFailedTests
  counts.skipped += r.numPendingTests + r.numTodoTests
}

function countPlaywright(file: string) {
  if (!existsSync(file)) return
  const r = JSON.parse(readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } }
  counts.passed += r.stats.expected + r.stats.flaky
  counts.failed += r.stats.unexpected
  counts.skipped += r.stats.skipped
  counts.flaky += r.stats.flaky
}

async function main() {
  rmSync(reports, { recursive: true, force: true })
  mkdirSync(reports, { recursive: true })
  const chromiumProblem = chromiumMissingMessage()
  if (chromiumProblem) {
    console.error(chromiumProblem)
    process.exit(1)
  }

  // The shared services start while the static checks run; the static checks are single-threaded
  // each, so they run side by side on the two cores, each one's output printed whole when it ends.
  console.log('\n━━ static checks (eslint, tsc, knip, flow diagrams) beside the shared test services (Auth Emulator, maildev)')
  const [authPort, smtpPort, mailWebPort] = [await freePort(), await freePort(), await freePort()]
  const services = Promise.all([startAuthEmulator({ port: authPort }), startMaildev({ smtpPort, webPort: mailWebPort })])
  services.catch(() => {}) // a failed start is reported where it is awaited, after the checks
  await Promise.all([
    runQuiet('lint (eslint)', npx('eslint'), ['.', '--max-warnings=0']),
    runQuiet('typecheck (tsc --noEmit)', npx('tsc'), ['--noEmit', '-p', 'tsconfig.json']),
    // Unused files, exports and dependencies fail the run (knip.json says what the entry points are).
    runQuiet('unused code (knip)', npx('knip'), ['--no-progress']),
    runQuiet('flow diagrams are current (npm run flows -- --check)', npx('tsx'), ['scripts/flows.ts', '--check']),
  ])
  const [, mail] = await services
  const shared = {
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${authPort}`,
    MYPAGE_AUTH_EMULATOR_HOST: `127.0.0.1:${authPort}`,
    MYPAGE_SMTP_PORT: String(smtpPort),
    MYPAGE_MAILDEV_URL: mail.url,
  }
  if (process.env.TEST_DATABASE_URL) console.log(`API concurrency tests use PostgreSQL at ${process.env.TEST_DATABASE_URL}`)

  const vitestJson = path.join(reports, 'vitest.json')
  await run('vitest (unit, charts, API)', npx('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`], shared)
  countVitest(vitestJson)

  const pwJson = path.join(reports, 'playwright.json')
  await run('playwright (end-to-end, Chromium)', npx('playwright'), ['test', '--reporter=list,json'], { ...shared, PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson })
  countPlaywright(pwJson)

  await stopAll()

  console.log('\n━━ summary')
  for (const s of steps) console.log(`${s.ok ? 'ok  ' : 'FAIL'}  ${s.name} (${s.seconds.toFixed(1)} s)`)
  const failedSteps = steps.filter((s) => !s.ok).length
  if (counts.flaky) console.log(`\n${counts.flaky} browser test(s) passed only on their retry (flaky): see the Playwright output above`)
  console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`)
  process.exit(failedSteps > 0 ? 1 : 0)
}

const stop = async () => { await stopAll(); process.exit(130) }
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())

main().catch(async (err) => {
  console.error(err)
  await stopAll()
  process.exit(1)
})
