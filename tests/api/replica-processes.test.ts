import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createScratchDatabase } from '../../scripts/stack/scratch-db'
import { stopAll } from '../../scripts/stack/processes'
import { startReplicas, type Replica } from '../../scripts/stack/replicas'
import { startRoundRobinProxy, type RoundRobinProxy } from '../../scripts/stack/round-robin-proxy'
import { sandboxTestCards } from '../../contract/calls'
import { call, jstDay, newMember, type T } from './replica-client'

// Replicas as production runs them — three `server/main.ts` processes on one PostgreSQL,
// behind a round-robin balancer (test-only, scripts/stack/round-robin-proxy.ts), each with its own
// caches kept true by the cache bus (LISTEN/NOTIFY). Real processes and the system clock, so dates
// come from today in Japan.

const pgUrl = process.env.TEST_DATABASE_URL
const emulator = () => process.env.FIREBASE_AUTH_EMULATOR_HOST!

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>
let replicas: Replica[]
let lb: RoundRobinProxy
let n = 0
const key = () => `replicas-${Date.now()}-${++n}`

const member = (fixture: 'demo' | 'fresh' = 'fresh') => newMember(lb.url, fixture)

const schedule = async (base: string, token: string, dt: string) => {
  const r = await call(base, 'GET', 'reservation-schedule', { token, query: { dt, minutesToSupport: 60 } })
  expect(r.status).toBe(200)
  return r.body
}
const openCell = (answer: T) => {
  for (const s of answer.staffSchedules as T[]) {
    const slot = Object.keys(s.schedules).find((k) => s.schedules[k])
    if (slot) return { staffId: s.staffId as string, slot, dt: answer.selectDate as string }
  }
  throw new Error(`no open cell on ${answer.selectDate}`)
}
const cellOf = (answer: T, staffId: string, slot: string) => (answer.staffSchedules as T[]).find((s) => s.staffId === staffId)?.schedules[slot]

async function token(base: string, bearer: string) {
  const r = await call(base, 'POST', 'sandbox/tokens', { token: bearer, body: { number: sandboxTestCards.approved, expMonth: 12, expYear: 2030, cvc: '123', name: 'TARO YAMADA' } })
  expect(r.status).toBe(200)
  return r.body.tokenId as string
}

const chargeBody = (cardToken: string, cell: { staffId: string; slot: string; dt: string }) => ({
  productId: 'SUPPORT-60', cardToken, saveCard: false, staffId: cell.staffId, reservationTime: `SUPPORT-${cell.dt}-${cell.slot}`, supportType: 'TEL', reservationMenuList: [],
})

describe.runIf(pgUrl)('three replica processes on one PostgreSQL behind a balancer', () => {
  beforeAll(async () => {
    scratch = await createScratchDatabase(pgUrl!)
    replicas = await startReplicas({ count: 3, databaseUrl: scratch.url, authEmulatorHost: emulator() })
    lb = await startRoundRobinProxy(replicas.map((r) => r.url))
  }, 180_000)
  afterAll(async () => {
    await lb?.close()
    await stopAll()
    await scratch?.drop()
  })

  it('a booking through replica A disappears from replica B’s schedule on the next request', async () => {
    const m = await member()
    const [a, b] = replicas
    const dt = jstDay(3)
    const cell = openCell(await schedule(b.url, m.token, dt))
    expect(cellOf(await schedule(b.url, m.token, dt), cell.staffId, cell.slot)).toBe(true)
    const paid = await call(a.url, 'POST', 'charge', { token: m.token, key: key(), body: chargeBody(await token(a.url, m.token), cell) })
    expect(paid.status).toBe(200)
    expect(cellOf(await schedule(b.url, m.token, dt), cell.staffId, cell.slot)).toBe(false)
  })

  it('a replica frozen while a booking is made through another serves no stale schedule when it resumes', async () => {
    const m = await member()
    const [a, b] = replicas
    const dt = jstDay(5)
    const cell = openCell(await schedule(b.url, m.token, dt))
    expect(cellOf(await schedule(b.url, m.token, dt), cell.staffId, cell.slot)).toBe(true)
    const cardToken = await token(a.url, m.token)
    // Frozen (a stalled machine, a long pause): it can neither apply nor acknowledge the
    // invalidation; the booking's answer waits for it until the bus's deadline, then leaves.
    const pid = b.child.proc.pid!
    process.kill(-pid, 'SIGSTOP')
    try {
      const paid = await call(a.url, 'POST', 'charge', { token: m.token, key: key(), body: chargeBody(cardToken, cell) })
      expect(paid.status).toBe(200)
    } finally {
      process.kill(-pid, 'SIGCONT')
    }
    // Its first request after it resumes may be handled before the waiting notification: its own
    // heartbeat has not come back in time, so it reads the database, not its cache.
    expect(cellOf(await schedule(b.url, m.token, dt), cell.staffId, cell.slot)).toBe(false)
  })

  it('200 simultaneous bookings of one cell spread over the replicas: exactly one', async () => {
    const members = await Promise.all(Array.from({ length: 20 }, () => member()))
    const dt = jstDay(4)
    const cell = openCell(await schedule(lb.url, members[0].token, dt))
    // Tokens first (each pays once, for its own member), then every charge at once.
    const attempts = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const m = members[i % members.length]
        return { m, cardToken: await token(lb.url, m.token) }
      }),
    )
    const served = [...lb.served]
    const results = await Promise.all(attempts.map(({ m, cardToken }) => call(lb.url, 'POST', 'charge', { token: m.token, key: key(), body: chargeBody(cardToken, cell) })))
    const statuses = results.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s >= 500)).toEqual([])
    for (const r of results.filter((x) => x.status !== 200)) expect(r.body.message).toMatch(/STAFF_DENY/)
    // Every replica took its share of the charges.
    lb.served.forEach((count, i) => expect(count - served[i]).toBeGreaterThan(50))
    // And every replica now shows the cell taken.
    for (const r of replicas) expect(cellOf(await schedule(r.url, members[1].token, dt), cell.staffId, cell.slot)).toBe(false)
  }, 120_000)

  it('a rate limit is counted once across the replicas', async () => {
    // The test stacks' login limit per (address, e-mail): 10 × 10 in 10 minutes (server/http/rate-limit.ts).
    const email = `limited-${Date.now()}@example.com`
    const results = await Promise.all(Array.from({ length: 110 }, () => call(lb.url, 'POST', 'login', { body: { recaptchaToken: 'off', email } })))
    const statuses = results.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(100)
    expect(statuses.filter((s) => s === 429)).toHaveLength(10)
  })
})
