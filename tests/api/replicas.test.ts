import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from './harness'

// Replicas: two server processes on one PostgreSQL, each with its own member and
// schedule caches (server/infra/cache.ts), kept true to each other by the cache bus
// (LISTEN/NOTIFY, server/infra/cache-bus.ts). Without the bus, replica B served a booking made
// through replica A as free for up to 5 s, and an old profile for as long.
// PostgreSQL only: replicas share a database server, which PGlite is not.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type T = Record<string, any>
const pgUrl = process.env.TEST_DATABASE_URL
let h: Harness
let b: Awaited<ReturnType<Harness['replica']>>
let n = 0
const key = () => `replica-${Date.now()}-${++n}`

describe.runIf(pgUrl)('two replicas on one PostgreSQL', () => {
  beforeAll(async () => {
    h = await createHarness({ cacheBus: true })
    b = await h.replica()
  }, 60_000)
  afterAll(async () => h?.close())

  const scheduleOn = async (r: { get: Harness['get'] }, token: string, dt: string) => {
    const res = await r.get('reservation-schedule', { token, query: { dt, minutesToSupport: 60 } })
    expect(res.status).toBe(200)
    return res.body as T
  }
  const openCell = (answer: T) => {
    for (const s of answer.staffSchedules as T[]) {
      const slot = Object.keys(s.schedules).find((k) => s.schedules[k])
      if (slot) return { staffId: s.staffId as string, slot }
    }
    throw new Error(`no open cell on ${answer.selectDate}`)
  }
  /** The PostgreSQL backend process of a bus connection (the tests run as root or postgres, who may signal it). */
  const backendOf = async (applicationName: string) => {
    const admin = new pg.Client({ connectionString: h.databaseUrl })
    await admin.connect()
    try {
      const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()', [applicationName])
      expect(rows).toHaveLength(1)
      return rows[0].pid
    } finally {
      await admin.end()
    }
  }
  const cellOf = (answer: T, staffId: string, slot: string) => (answer.staffSchedules as T[]).find((s) => s.staffId === staffId)?.schedules[slot]

  async function bookThroughA(token: string, dt: string, cell: { staffId: string; slot: string }) {
    const body = {
      productId: 'SUPPORT-60', cardToken: await h.cardToken(undefined, token), saveCard: false, staffId: cell.staffId, reservationTime: `SUPPORT-${dt}-${cell.slot}`, supportType: 'TEL',
      reservationMenuList: [{ menuId: 'MENU-60-1', estimatedMinute: 60, menuTitle: 'パソコンの動作が遅い' }],
    }
    const r = await h.post('charge', { token, headers: { 'Idempotency-Key': key() }, body })
    expect(r.status).toBe(200)
  }

  it('a booking through replica A is gone from replica B’s schedule on the next request', async () => {
    const m = await h.member('fresh')
    const dt = '20250617'
    // B has the day cached (two reads: the second is served from B's cache).
    const cell = openCell(await scheduleOn(b, m.token, dt))
    expect(cellOf(await scheduleOn(b, m.token, dt), cell.staffId, cell.slot)).toBe(true)
    await bookThroughA(m.token, dt, cell)
    expect(cellOf(await scheduleOn(b, m.token, dt), cell.staffId, cell.slot)).toBe(false)
  })

  it('a profile change through replica A shows in replica B’s next answer', async () => {
    const m = await h.member('demo')
    const before = await b.get('user-data', { token: m.token, query: { data: 'MEMBER' } })
    expect(before.status).toBe(200)
    const changed = await h.post('user-update', { token: m.token, body: { memberLastname: '複製', memberFirstname: '太郎', phoneNumber: '09011112222' } })
    expect(changed.status).toBe(200)
    const after = await b.get('user-data', { token: m.token, query: { data: 'MEMBER' } })
    expect(after.body).toMatchObject({ memberLastname: '複製', memberFirstname: '太郎' })
  })

  it('a replica whose notifications stopped arriving serves no stale schedule after a booking it did not acknowledge', async () => {
    const m = await h.member('fresh')
    const dt = '20250619'
    const cell = openCell(await scheduleOn(b, m.token, dt))
    await scheduleOn(b, m.token, dt)
    // B's bus connection stays open but its backend is stopped: nothing reaches B, B acknowledges
    // nothing (a stalled network path, a backend stuck behind the machine's load).
    const pid = await backendOf('mypage-cache-bus-replica-1')
    process.kill(pid, 'SIGSTOP')
    try {
      await bookThroughA(m.token, dt, cell) // answers at the bus's deadline
      expect(cellOf(await scheduleOn(b, m.token, dt), cell.staffId, cell.slot)).toBe(false)
    } finally {
      process.kill(pid, 'SIGCONT')
    }
  })

  it('a replica whose bus connection dropped serves no stale schedule, and caches again once it is back', async () => {
    const m = await h.member('fresh')
    const dt = '20250618'
    const cell = openCell(await scheduleOn(b, m.token, dt))
    await scheduleOn(b, m.token, dt)
    // Cut every bus connection (both replicas'): notifications sent meanwhile are lost.
    const admin = new pg.Client({ connectionString: h.databaseUrl })
    await admin.connect()
    try {
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name LIKE 'mypage-cache-bus%' AND datname = current_database()`)
    } finally {
      await admin.end()
    }
    await bookThroughA(m.token, dt, cell)
    expect(cellOf(await scheduleOn(b, m.token, dt), cell.staffId, cell.slot)).toBe(false)
    // The buses reconnect by themselves; then a booking through A reaches B's cache again.
    const admin2 = new pg.Client({ connectionString: h.databaseUrl })
    await admin2.connect()
    try {
      await expect.poll(async () => (await admin2.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name LIKE 'mypage-cache-bus%' AND datname = current_database()`)).rows[0].n, { timeout: 15_000 }).toBe(2)
    } finally {
      await admin2.end()
    }
    const next = openCell(await scheduleOn(b, m.token, dt))
    await scheduleOn(b, m.token, dt)
    await bookThroughA(m.token, dt, next)
    expect(cellOf(await scheduleOn(b, m.token, dt), next.staffId, next.slot)).toBe(false)
  })
})
