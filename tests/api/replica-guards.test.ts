import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requestMessages } from '../../contract/validation-messages'
import { appRoutes } from '../../scripts/vite/plugins'
import { createScratchDatabase } from '../../scripts/stack/scratch-db'
import { stopAll, type Child } from '../../scripts/stack/processes'
import { startReplicas, type Replica } from '../../scripts/stack/replicas'
import { ROOT } from '../../scripts/stack/services'
import { call, newMember } from './replica-client'

// No request holds a replica (docs/operations.md "Deadlines and the watchdog", decision 111), on
// real compiled server processes on PostgreSQL: a statement that sleeps in the database is answered
// 503 at the request's deadline while other members' calls are answered, and PostgreSQL cancels it
// at statement_timeout; an event loop held by computation makes the replica not ready and ends it —
// in order (exit 1) when the loop comes back, by SIGKILL from the watchdog's thread when it does not.
// Beside them, over a real socket: HEAD's Content-Length and the app's routes with parameters.

const pgUrl = process.env.TEST_DATABASE_URL
const emulator = () => process.env.FIREBASE_AUTH_EMULATOR_HOST!

const DEADLINE_MS = 1000
const STATEMENT_MS = 2500
const WATCHDOG_MS = 1000

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>
let sql: pg.Client
let web: string

/** Polls `check` until it returns true, for at most `ms` (no fixed sleep). */
async function until(what: string, check: () => Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not in time: ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

const exitOf = (child: Child) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    const { proc } = child
    if (proc.exitCode !== null || proc.signalCode !== null) resolve({ code: proc.exitCode, signal: proc.signalCode })
    else proc.once('exit', (code, signal) => resolve({ code, signal }))
  })

/** `/api/ready` as a balancer polls it: 200, another status, or no answer within `ms`. */
async function readiness(base: string, ms = 500): Promise<number | 'no answer'> {
  try {
    return (await fetch(`${base}/api/ready`, { signal: AbortSignal.timeout(ms) })).status
  } catch {
    return 'no answer'
  }
}

/** The statements of the server's pool still sleeping in the database (not this test's own). */
const sleeping = async () =>
  Number((await sql.query(`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'active' AND query LIKE 'select pg_sleep%'`)).rows[0].n)

describe.runIf(pgUrl)('no request holds a replica (real processes on PostgreSQL)', () => {
  let guarded: Replica, recovering: Replica, stuck: Replica
  beforeAll(async () => {
    scratch = await createScratchDatabase(pgUrl!)
    // A build's folder as the server reads it: index.html, an asset, the routes manifest of the real route tree.
    web = mkdtempSync(path.join(tmpdir(), 'mypage-guards-web-'))
    mkdirSync(path.join(web, 'assets'))
    writeFileSync(path.join(web, 'index.html'), `<!doctype html><div id="root"></div>${'<!-- app -->'.repeat(200)}`)
    writeFileSync(path.join(web, 'assets', 'index-abc.js'), `console.log(${JSON.stringify('x'.repeat(5000))})`)
    writeFileSync(path.join(web, 'routes.json'), JSON.stringify(appRoutes(ROOT)))
    const limits = { REQUEST_DEADLINE_MS: String(DEADLINE_MS), STATEMENT_TIMEOUT_MS: String(STATEMENT_MS), WATCHDOG_BLOCKED_MS: String(WATCHDOG_MS), PURCHASE_SWEEP_MS: '0' }
    ;[guarded, recovering, stuck] = await startReplicas({ count: 3, databaseUrl: scratch.url, authEmulatorHost: emulator(), env: (i) => ({ ...limits, ...(i === 0 ? { STATIC_DIR: web } : {}) }) })
    sql = new pg.Client({ connectionString: scratch.url })
    await sql.connect()
  }, 180_000)
  afterAll(async () => {
    await sql?.end()
    await stopAll()
    await scratch?.drop()
    if (web) rmSync(web, { recursive: true, force: true })
  })

  it('a slow statement: 503 at the deadline with a Japanese message, other members answered meanwhile, the statement cancelled at statement_timeout', async () => {
    const other = await newMember(guarded.url)
    // Three requests each holding a pool connection in pg_sleep(20).
    const started = Date.now()
    const slow = [1, 2, 3].map(() => call(guarded.url, 'GET', '__test/slow-query', { query: { seconds: 20 } }).then((r) => ({ ...r, ms: Date.now() - started })))
    await until('the three statements sleeping in the database', async () => (await sleeping()) === 3, 5000)
    // Meanwhile another member's calls are answered, each well within the deadline.
    for (let i = 0; i < 5; i++) {
      const t0 = Date.now()
      const r = await call(guarded.url, 'GET', 'user-data', { token: other.token, query: { data: 'MEMBER_SUPPORT_TICKET' } })
      expect(r.status).toBe(200)
      expect(Date.now() - t0).toBeLessThan(DEADLINE_MS)
    }
    for (const r of await Promise.all(slow)) {
      expect(r.status).toBe(503)
      expect(r.body.message).toBe(requestMessages.deadlineExceeded)
      // At the deadline, not when the statement ends (20 s) nor when it is cancelled.
      expect(r.ms).toBeGreaterThanOrEqual(DEADLINE_MS - 50)
      expect(r.ms).toBeLessThan(STATEMENT_MS)
    }
    // PostgreSQL cancels the statements at statement_timeout: the connections are the pool's again
    // long before pg_sleep(20) would have ended.
    await until('the statements cancelled', async () => (await sleeping()) === 0, STATEMENT_MS + 3000)
    expect(Date.now() - started).toBeLessThan(STATEMENT_MS + 4000)
    expect(await readiness(guarded.url, 2000)).toBe(200)
    expect((await call(guarded.url, 'GET', 'user-data', { token: other.token, query: { data: 'MEMBER_SUPPORT_TICKET' } })).status).toBe(200)
  }, 60_000)

  it('a pause of the whole process (SIGSTOP, a frozen VM) is no blocked loop: it resumes ready, the watchdog silent', async () => {
    const pid = guarded.child.proc.pid!
    process.kill(pid, 'SIGSTOP')
    // Frozen for well past twice WATCHDOG_BLOCKED_MS: a real pause, so a real wait.
    await new Promise((r) => setTimeout(r, 3 * WATCHDOG_MS))
    process.kill(pid, 'SIGCONT')
    await until('ready again', async () => (await readiness(guarded.url, 1000)) === 200, 5000)
    expect(guarded.child.proc.exitCode).toBeNull()
    expect(guarded.child.proc.signalCode).toBeNull()
    expect(guarded.child.output()).not.toContain('watchdog:')
  }, 30_000)

  it('a loop blocked past WATCHDOG_BLOCKED_MS that comes back: not ready, the watchdog logs it, the process stops in order with exit 1', async () => {
    const exit = exitOf(recovering.child)
    expect(await readiness(recovering.url)).toBe(200)
    const blocked = fetch(`${recovering.url}/api/__test/block-event-loop`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ms: WATCHDOG_MS * 1.6 }) }).catch(() => null)
    // While it is held, readiness gets no answer; once it is back, the replica is leaving (503 event-loop, or refused).
    await new Promise((r) => setTimeout(r, WATCHDOG_MS / 2))
    expect(await readiness(recovering.url, 400)).not.toBe(200)
    const ready = await readiness(recovering.url, 3000)
    expect(ready).not.toBe(200)
    await blocked
    const { code, signal } = await exit
    expect({ code, signal }).toEqual({ code: 1, signal: null })
    const output = recovering.child.output()
    expect(output).toContain('watchdog: event loop blocked, not ready; the process ends')
    expect(output).toContain('watchdog: the event loop was blocked; stopping this replica')
    expect(output).not.toContain('killing the process')
  }, 30_000)

  it('a loop blocked for ever: no readiness, and the watchdog thread ends the process (SIGKILL) at twice WATCHDOG_BLOCKED_MS', async () => {
    const exit = exitOf(stuck.child)
    const started = Date.now()
    void fetch(`${stuck.url}/api/__test/block-event-loop`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).catch(() => null)
    await new Promise((r) => setTimeout(r, WATCHDOG_MS / 2))
    // /api/health and /api/ready: nothing answers a held loop, SIGTERM neither.
    expect(await readiness(stuck.url, 400)).toBe('no answer')
    const { signal } = await exit
    expect(signal).toBe('SIGKILL')
    // Well before an orchestrator's liveness probe would have given up on it.
    expect(Date.now() - started).toBeLessThan(2 * WATCHDOG_MS + 5000)
    const output = stuck.child.output()
    expect(output).toContain('watchdog: event loop blocked, not ready; the process ends')
    expect(output).toContain('watchdog: event loop still blocked, killing the process (SIGKILL)')
  }, 30_000)

  it('over a real socket: HEAD carries the Content-Length of its GET, and every app route with parameters answers 200', async () => {
    const paths: [string, string][] = [['/', ''], ['/', 'br'], ['/assets/index-abc.js', 'gzip'], ['/room/S2506120001', ''], ['/staff/coupons/CAMPAIGN2000/edit', 'br'], ['/no-such-page', ''], ['/api/health', ''], ['/api/nowonsale-products', '']]
    for (const [p, accept] of paths) {
      const headers: Record<string, string> = { 'accept-encoding': accept || 'identity' }
      const get = await fetch(`${guarded.url}${p}`, { headers })
      // fetch decodes a coded body: the bytes on the wire are the GET's own Content-Length.
      const sent = get.headers.get('content-encoding') ? get.headers.get('content-length') : String(Buffer.from(await get.arrayBuffer()).length)
      const head = await fetch(`${guarded.url}${p}`, { method: 'HEAD', headers })
      expect(head.status, p).toBe(get.status)
      expect(head.headers.get('content-encoding'), `${p} ${accept}`).toBe(get.headers.get('content-encoding'))
      expect(head.headers.get('content-length'), `${p} ${accept}`).toBe(sent)
      expect(sent, `${p} ${accept}`).not.toBeNull()
    }
    for (const p of ['/room/S2506120001', '/receipt/R-20250612-000123', '/staff/members/MB10000001', '/staff/coupons/CAMPAIGN2000', '/staff/notices/42', '/staff/consultants/STAFF-03']) {
      expect((await fetch(`${guarded.url}${p}`)).status, p).toBe(200)
    }
    expect((await fetch(`${guarded.url}/no-such-page`)).status).toBe(404)
  }, 30_000)
})
