import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createScratchDatabase } from '../../scripts/stack/scratch-db'
import { metrics } from '../../server/observability/metrics'
import { CHANNEL, createPgCacheBus, type BusTimings, type CacheBus, type CacheEvent } from '../../server/infra/cache-bus'

// The cache bus's acknowledged invalidations (server/infra/cache-bus.ts, docs/decisions.md 24):
// a write's answer waits until every live replica applied its invalidation, so a replica's reads
// need no round trip — only its own heartbeat coming back in time. Short timings keep the test
// quick; the rules between them are production's. PostgreSQL only (LISTEN/NOTIFY).

const pgUrl = process.env.TEST_DATABASE_URL
const quick: BusTimings = { heartbeatMs: 40, freshMs: 250, liveMs: 300, ackDeadlineMs: 300, deadMs: 60_000 }
/** Long enough that a publish resolved before it was acknowledged, never by its deadline. */
const patient: Partial<BusTimings> = { ackDeadlineMs: 120_000 }

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>
const open: (CacheBus | pg.Client)[] = []

async function bus(timings: Partial<BusTimings> = {}, name?: string) {
  const seen: CacheEvent[] = []
  const b = await createPgCacheBus(scratch.url, { onEvent: (e) => seen.push(e), onGap: () => {}, log: () => {}, timings: { ...quick, ...timings }, name })
  open.push(b)
  return { b, seen }
}

/**
 * A replica as the bus sees it, driven by hand: it sends heartbeats (until `stall()`) and, when
 * told, a leave; it never applies or acknowledges anything — a replica stalled or cut off.
 */
async function silentPeer() {
  const c = new pg.Client({ connectionString: scratch.url })
  await c.connect()
  open.push(c)
  const o = `silent-${Math.random()}`
  const say = (m: object) => c.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ o, ...m })])
  const beat = setInterval(() => void say({ k: 'h', t: 0 }).catch(() => {}), quick.heartbeatMs)
  c.once('end', () => clearInterval(beat))
  return { stall: () => clearInterval(beat), leave: () => say({ k: 'l' }) }
}

const timeouts = async () => (await metrics.cacheBusAckTimeouts.get()).values[0]?.value ?? 0

describe.runIf(pgUrl)('the cache bus: acknowledged invalidations, reads without a round trip', () => {
  beforeAll(async () => {
    scratch = await createScratchDatabase(pgUrl!)
  }, 60_000)
  afterEach(async () => {
    for (const x of open.splice(0)) await ('fresh' in x ? x.close() : x.end()).catch(() => {})
  })
  afterAll(async () => scratch?.drop())

  it('a replica is fresh once its own heartbeat came back, and not after its connection is gone', async () => {
    const { b } = await bus()
    await expect.poll(() => b.fresh()).toBe(true)
    const admin = new pg.Client({ connectionString: scratch.url })
    await admin.connect()
    try {
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'mypage-cache-bus' AND datname = current_database()`)
    } finally {
      await admin.end()
    }
    await expect.poll(() => b.fresh()).toBe(false)
    // It reconnects by itself and is fresh again once a heartbeat on the new connection came back.
    await expect.poll(() => b.fresh(), { timeout: 10_000 }).toBe(true)
  })

  it('a write resolves once every live replica applied its invalidation', async () => {
    const a = await bus(patient)
    const others = [await bus(), await bus()]
    await expect.poll(() => a.b.peers()).toBe(2)
    const before = await timeouts()
    await a.b.publish({ kind: 'member', memberId: 'm-1' })
    // Both applied it before the writer's answer could leave (the deadline is two minutes away).
    for (const o of others) expect(o.seen).toEqual([{ kind: 'member', memberId: 'm-1' }])
    await Promise.all([a.b.publish({ kind: 'schedule' }), a.b.publish({ kind: 'reads' })])
    for (const o of others) expect(o.seen).toEqual([{ kind: 'member', memberId: 'm-1' }, { kind: 'schedule' }, { kind: 'reads' }])
    expect(await timeouts()).toBe(before)
  })

  it('a replica that stops answering holds a write until the deadline; once silent longer than liveMs it is no longer waited for', async () => {
    const a = await bus()
    const peer = await silentPeer()
    await expect.poll(() => a.b.peers()).toBe(1)
    const before = await timeouts()
    await a.b.publish({ kind: 'schedule' })
    expect(await timeouts()).toBe(before + 1)
    peer.stall()
    // Silent since: it drops out of the replicas waited for.
    await expect.poll(() => a.b.peers()).toBe(0)
    await a.b.publish({ kind: 'schedule' })
    expect(await timeouts()).toBe(before + 1)
  })

  it('a replica whose notifications stop arriving is not fresh by the time a write it did not acknowledge answers', async () => {
    const a = await bus()
    const b = await bus({}, 'mypage-cache-bus-stalled')
    await expect.poll(() => a.b.peers()).toBe(1)
    await expect.poll(() => b.b.fresh()).toBe(true)
    // Its connection stays open but its backend is stopped (the tests run as root or postgres).
    const admin = new pg.Client({ connectionString: scratch.url })
    await admin.connect()
    const { rows } = await admin.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE application_name = 'mypage-cache-bus-stalled'`).finally(() => admin.end())
    process.kill(rows[0].pid, 'SIGSTOP')
    try {
      await a.b.publish({ kind: 'schedule' })
      expect(b.seen).toEqual([])
      expect(b.b.fresh()).toBe(false)
    } finally {
      process.kill(rows[0].pid, 'SIGCONT')
    }
    // Once it flows again the invalidation is applied, then the heartbeat comes back.
    await expect.poll(() => b.seen).toEqual([{ kind: 'schedule' }])
    await expect.poll(() => b.b.fresh()).toBe(true)
  })

  it('a connection whose heartbeats stop coming back is given up and opened again', async () => {
    const { b } = await bus({ deadMs: 800 }, 'mypage-cache-bus-half-open')
    await expect.poll(() => b.fresh()).toBe(true)
    const admin = new pg.Client({ connectionString: scratch.url })
    await admin.connect()
    try {
      const backends = async () => (await admin.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE application_name = 'mypage-cache-bus-half-open'`)).rows.map((r) => r.pid)
      const [stalled] = await backends()
      // Its socket stays open, nothing comes back: as a half-open connection looks.
      process.kill(stalled, 'SIGSTOP')
      try {
        await expect.poll(async () => (await backends()).some((pid) => pid !== stalled), { timeout: 10_000 }).toBe(true)
        // Fresh again on the new connection while the old one still hangs.
        await expect.poll(() => b.fresh(), { timeout: 10_000 }).toBe(true)
      } finally {
        process.kill(stalled, 'SIGCONT')
      }
    } finally {
      await admin.end()
    }
  })

  it('a replica that says it leaves is not waited for', async () => {
    const a = await bus(patient)
    const peer = await silentPeer()
    await expect.poll(() => a.b.peers()).toBe(1)
    const write = a.b.publish({ kind: 'reads' })
    await peer.leave()
    await write
    expect(a.b.peers()).toBe(0)
  })

  it('a stopped replica leaves: the others stop waiting for it at once', async () => {
    const a = await bus(patient)
    const other = await bus()
    await expect.poll(() => a.b.peers()).toBe(1)
    await other.b.close()
    expect(other.b.fresh()).toBe(false)
    await expect.poll(() => a.b.peers()).toBe(0)
    await a.b.publish({ kind: 'schedule' }) // would wait two minutes for the stopped one
  })

  it('until it has listened for liveMs, a replica cannot know every other one: its writes wait the deadline', async () => {
    const other = await bus()
    await expect.poll(() => other.b.fresh()).toBe(true)
    const a = await bus()
    expect(a.b.peers()).toBeNull()
    const before = await timeouts()
    await a.b.publish({ kind: 'schedule' })
    expect(other.seen).toEqual([{ kind: 'schedule' }])
    expect(await timeouts()).toBe(before + 1)
  })

  it('refuses timings under which a stale read could be served', async () => {
    await expect(createPgCacheBus(scratch.url, { onEvent: () => {}, onGap: () => {}, log: () => {}, timings: { freshMs: 500, ackDeadlineMs: 400 } })).rejects.toThrow(/timings/)
    await expect(createPgCacheBus(scratch.url, { onEvent: () => {}, onGap: () => {}, log: () => {}, timings: { freshMs: 500, liveMs: 400 } })).rejects.toThrow(/timings/)
  })
})
