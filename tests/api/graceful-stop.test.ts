import net from 'node:net'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createScratchDatabase } from '../../scripts/stack/scratch-db'
import { ensureServerBuild } from '../../scripts/stack/server-build'
import { freePort, spawnChild, stopAll, waitUntilReady, type Child } from '../../scripts/stack/processes'
import { startReplicas, type Replica } from '../../scripts/stack/replicas'
import { ROOT, PROJECT_ID } from '../../scripts/stack/services'
import { call, jstDay, newMember, type T } from './replica-client'

// SIGTERM and readiness of real `server/main.ts` processes on PostgreSQL (docs/operations.md
// "Stopping", "Health and readiness"). Three replicas share one database: `survivor` sweeps every
// 500 ms (leases of 2 s); `patient` answers each charge 2 s after taking the money and may drain
// for 15 s; `hasty` never answers its charges and may drain for 0.5 s. Then one more process whose
// database connection goes through a switchable TCP proxy, for /api/ready.

const pgUrl = process.env.TEST_DATABASE_URL
const emulator = () => process.env.FIREBASE_AUTH_EMULATOR_HOST!

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>
let sql: pg.Client
let n = 0
const key = () => `term-${Date.now()}-${++n}`

/** Polls `check` until it returns true, for at most `ms` (no fixed sleep). */
async function until(what: string, check: () => Promise<boolean>, ms = 30_000) {
  const deadline = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not in time: ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

const exitOf = (child: Child) =>
  new Promise<number | null>((resolve) => (child.proc.exitCode !== null ? resolve(child.proc.exitCode) : child.proc.once('exit', (code) => resolve(code))))

type Cell = { staffId: string; slot: string; dt: string }
async function openCells(base: string, token: string, days: number[]): Promise<Cell[]> {
  const cells: Cell[] = []
  for (const d of days) {
    const r = await call(base, 'GET', 'reservation-schedule', { token, query: { dt: jstDay(d), minutesToSupport: 30 } })
    for (const s of r.body.staffSchedules as T[]) for (const slot of Object.keys(s.schedules)) if (s.schedules[slot]) cells.push({ staffId: s.staffId, slot, dt: r.body.selectDate })
  }
  return cells
}
const chargeBody = (cardToken: string, c: Cell) => ({
  productId: 'SUPPORT-30', cardToken, saveCard: false, staffId: c.staffId, reservationTime: `SUPPORT-${c.dt}-${c.slot}`, supportType: 'TEL', reservationMenuList: [],
})

/** `count` members, each with a cell of their own and a card, ready to buy. */
async function buyers(base: string, cells: Cell[]) {
  return Promise.all(
    cells.map(async (cell) => {
      const m = await newMember(base)
      const t = await call(base, 'POST', 'sandbox/tokens', { token: m.token, body: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', name: 'TARO YAMADA' } })
      expect(t.status).toBe(200)
      return { m, cell, card: t.body.tokenId as string, k: key() }
    }),
  )
}

const pidOf = (owner: string | null) => owner?.split(':')[1]
const chargingOn = async (pid: number) =>
  (await sql.query(`SELECT lease_owner FROM purchase_attempts WHERE status = 'charging'`)).rows.filter((r) => pidOf(r.lease_owner) === String(pid)).length

/** Every attempt is whole: a charge has exactly one purchase and one ticket, and its attempt succeeded; a failed one has no charge. */
async function expectWhole(keys: { memberId: string; k: string }[]) {
  const attempts = (await sql.query(`SELECT * FROM purchase_attempts`)).rows as T[]
  const charges = (await sql.query(`SELECT * FROM sandbox_charges`)).rows as T[]
  const purchases = (await sql.query(`SELECT * FROM purchases`)).rows as T[]
  const tickets = (await sql.query(`SELECT ticket_number FROM tickets`)).rows as T[]
  for (const { memberId, k } of keys) {
    const a = attempts.find((x) => x.member_id === memberId && x.idempotency_key === k)
    expect(a, `attempt ${k}`).toBeDefined()
    const paid = charges.filter((c) => c.idempotency_key === `${memberId}:${k}`)
    expect(paid.length).toBeLessThanOrEqual(1)
    if (a!.status === 'succeeded') {
      expect(paid).toHaveLength(1)
      expect(purchases.filter((p) => p.charge_id === paid[0].charge_id)).toHaveLength(1)
      expect(tickets.filter((t) => t.ticket_number === a!.ticket_number)).toHaveLength(1)
    } else {
      expect(a!.status).toBe('failed')
      expect(paid).toHaveLength(0)
    }
  }
}

describe.runIf(pgUrl)('SIGTERM and readiness', () => {
  let survivor: Replica, patient: Replica, hasty: Replica
  let survivorMetrics: string
  beforeAll(async () => {
    scratch = await createScratchDatabase(pgUrl!)
    const lease = { PURCHASE_LEASE_MS: '2000', PURCHASE_SWEEP_MS: '500' }
    const metricsPort = await freePort()
    survivorMetrics = `http://127.0.0.1:${metricsPort}/metrics`
    const env = [{ ...lease, MYPAGE_METRICS_PORT: String(metricsPort) }, { ...lease, SANDBOX_CHARGE_DELAY_MS: '2000', SHUTDOWN_GRACE_MS: '15000' }, { ...lease, SANDBOX_CHARGE_DELAY_MS: '600000', SHUTDOWN_GRACE_MS: '500' }]
    ;[survivor, patient, hasty] = await startReplicas({ count: 3, databaseUrl: scratch.url, authEmulatorHost: emulator(), env: (i) => env[i] })
    sql = new pg.Client({ connectionString: scratch.url })
    await sql.connect()
  }, 180_000)
  afterAll(async () => {
    await sql?.end()
    await stopAll()
    await scratch?.drop()
  })

  it('drains: charges in flight at SIGTERM are answered and recorded, new connections refused, exit 0', async () => {
    const cells = await openCells(survivor.url, (await newMember(survivor.url)).token, [5])
    const group = await buyers(survivor.url, cells.slice(0, 6))
    const answers = Promise.all(group.map((b) => call(patient.url, 'POST', 'charge', { token: b.m.token, key: b.k, body: chargeBody(b.card, b.cell) })))
    const pid = patient.child.proc.pid!
    await until('every purchase charging on the patient replica', async () => (await chargingOn(pid)) === group.length)
    const exit = exitOf(patient.child)
    process.kill(pid, 'SIGTERM')
    // No new connection while the six are still being answered.
    await until('new connections refused', async () => fetch(`${patient.url}/api/health`).then(() => false, () => true))
    const results = await answers
    expect(results.map((r) => r.status)).toEqual(group.map(() => 200))
    expect(await exit).toBe(0)
    await expectWhole(group.map((b) => ({ memberId: b.m.memberId, k: b.k })))
    const attempts = (await sql.query(`SELECT status FROM purchase_attempts WHERE idempotency_key = ANY($1)`, [group.map((b) => b.k)])).rows as T[]
    expect(attempts.map((a) => a.status)).toEqual(group.map(() => 'succeeded'))
  }, 90_000)

  it('gives up: charges still in flight when the grace period ends are left to another replica, which records each once; exit 0', async () => {
    const cells = await openCells(survivor.url, (await newMember(survivor.url)).token, [6])
    const group = await buyers(survivor.url, cells.slice(0, 6))
    const answers = Promise.all(group.map((b) => call(hasty.url, 'POST', 'charge', { token: b.m.token, key: b.k, body: chargeBody(b.card, b.cell) }).catch(() => null)))
    const pid = hasty.child.proc.pid!
    await until('every purchase charging on the hasty replica', async () => (await chargingOn(pid)) === group.length)
    const exit = exitOf(hasty.child)
    process.kill(pid, 'SIGTERM')
    expect(await exit).toBe(0)
    // Its connections were closed: no member got an answer from it.
    expect((await answers).every((r) => r === null || r.status >= 500)).toBe(true)
    // It gave its leases up: nothing it held still names it.
    const named = (await sql.query(`SELECT lease_owner FROM purchase_attempts WHERE status IN ('held', 'charging')`)).rows.filter((r) => pidOf(r.lease_owner) === String(pid))
    expect(named).toHaveLength(0)
    await until('the survivor swept them', async () => (await sql.query(`SELECT 1 FROM purchase_attempts WHERE status IN ('held', 'charging')`)).rowCount === 0)
    // Counted by the survivor's sweeper.
    const recorded = async () => Number(/^mypage_sweeper_reconciliations_total\{result="recorded"\} (\d+)/m.exec(await (await fetch(survivorMetrics)).text())?.[1] ?? 0)
    await until('the reconciliations counted', async () => (await recorded()) >= group.length)
    await expectWhole(group.map((b) => ({ memberId: b.m.memberId, k: b.k })))
    const attempts = (await sql.query(`SELECT status FROM purchase_attempts WHERE idempotency_key = ANY($1)`, [group.map((b) => b.k)])).rows as T[]
    // The money was taken before SIGTERM: every purchase is recorded, none lost.
    expect(attempts.map((a) => a.status)).toEqual(group.map(() => 'succeeded'))
  }, 90_000)

  it('/api/ready: 503 while the start waits for the database, 200 once it is up, 503 when it is gone, 200 again; /api/health 200 throughout; the cache bus reconnect counted', async () => {
    const pgTarget = new URL(scratch.url)
    // A proxy in front of PostgreSQL: holding (connections wait), open, or down (connections dropped).
    let mode: 'hold' | 'open' | 'down' = 'hold'
    const held: net.Socket[] = []
    const live = new Set<net.Socket>()
    const forward = (client: net.Socket) => {
      const upstream = net.connect(Number(pgTarget.port || 5432), pgTarget.hostname)
      live.add(client).add(upstream)
      const drop = () => {
        client.destroy()
        upstream.destroy()
        live.delete(client)
        live.delete(upstream)
      }
      client.on('error', drop).on('close', drop)
      upstream.on('error', drop).on('close', drop)
      client.pipe(upstream).pipe(client)
      client.resume()
    }
    const proxy = net.createServer((client) => {
      if (mode === 'down') return void client.destroy()
      if (mode === 'hold') {
        client.pause()
        held.push(client)
        return
      }
      forward(client)
    })
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', () => resolve()))
    const proxied = new URL(scratch.url)
    proxied.hostname = '127.0.0.1'
    proxied.port = String((proxy.address() as net.AddressInfo).port)

    const [port, metricsPort] = [await freePort(), await freePort()]
    const url = `http://127.0.0.1:${port}`
    const child = spawnChild('ready-server', process.execPath, ['--enable-source-maps', await ensureServerBuild()], {
      cwd: ROOT,
      env: { PORT: String(port), HOST: '127.0.0.1', FIREBASE_PROJECT_ID: PROJECT_ID, FIREBASE_AUTH_EMULATOR_HOST: emulator(), SMTP_URL: 'smtp://127.0.0.1:1', APP_ORIGIN: url, DATABASE_URL: proxied.toString(), PURCHASE_SWEEP_MS: '0', MYPAGE_METRICS_PORT: String(metricsPort), STATIC_DIR: '', PGLITE_DIR: '', SEED_DEMO: '', ENABLE_TEST_ROUTES: '' },
    })
    const ready = async () => {
      const r = await fetch(`${url}/api/ready`)
      return { status: r.status, body: (await r.json()) as T }
    }
    try {
      // Listening, the migrations waiting for their connection.
      await waitUntilReady(child, async () => (await fetch(`${url}/api/health`)).ok)
      await until('a connection is waiting', async () => held.length > 0)
      expect(await ready()).toEqual({ status: 503, body: { ready: false, reason: 'starting' } })
      expect((await fetch(`${url}/api/nowonsale-products`)).status).toBe(503)

      mode = 'open'
      for (const c of held.splice(0)) forward(c)
      await until('ready', async () => (await ready()).status === 200)

      mode = 'down'
      for (const s of live) s.destroy()
      await until('not ready without the database', async () => (await ready()).status === 503)
      expect(await ready()).toEqual({ status: 503, body: { ready: false, reason: 'database' } })
      expect((await fetch(`${url}/api/health`)).status).toBe(200)

      mode = 'open'
      await until('ready again', async () => (await ready()).status === 200)
      // The cache bus lost its connection with the database and made a new one: counted.
      const reconnects = async () => Number(/^mypage_cache_bus_reconnects_total (\d+)/m.exec(await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text())?.[1] ?? 0)
      await until('the cache bus reconnected', async () => (await reconnects()) >= 1)
      expect(await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()).toMatch(/^mypage_db_pool_connections\{state="total"\} [1-9]/m)
      expect((await fetch(`${url}/metrics`)).status).toBe(404)
    } finally {
      if (child.proc.exitCode === null) {
        const exit = exitOf(child)
        child.proc.kill('SIGTERM')
        await exit
      }
      for (const s of live) s.destroy()
      await new Promise<void>((resolve) => proxy.close(() => resolve()))
    }
  }, 120_000)
})
