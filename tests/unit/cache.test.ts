import { describe, expect, it } from 'vitest'
import { TtlCache, createApiCaches, type Fresh } from '../../server/infra/cache'
import { CheckedJson } from '../../server/infra/checked-json'

// The cache of server/infra/cache.ts with an injected clock: no test waits or measures time.

const clockAt = (start = 1_000_000) => {
  let t = start
  return { now: () => t, set: (ms: number) => (t = ms), step: (ms: number) => (t += ms) }
}

/** A computation that counts its runs and answers `value#run`; `release` settles a held one. */
function counter(opts: { validUntil?: number; keep?: boolean } = {}) {
  let runs = 0
  const compute = async (): Promise<Fresh<string>> => ({ value: `v#${++runs}`, ...opts })
  return { compute, runs: () => runs }
}

function held() {
  let runs = 0
  const waiting: ((v: Fresh<string>) => void)[] = []
  const compute = (): Promise<Fresh<string>> => {
    runs++
    return new Promise((resolve) => waiting.push(resolve))
  }
  const release = (value: string) => waiting.shift()!({ value })
  return { compute, release, runs: () => runs }
}

const tick = () => new Promise((r) => setTimeout(r, 0))

describe('TtlCache', () => {
  it('serves the computed value until the TTL ends, then computes again', async () => {
    const clock = clockAt()
    const cache = new TtlCache<string, string>({ now: clock.now, ttlMs: 5_000, maxEntries: 10, refreshAheadMs: 0 })
    const c = counter()
    expect(await cache.get('k', c.compute)).toBe('v#1')
    clock.step(4_999)
    expect(await cache.get('k', c.compute)).toBe('v#1')
    clock.step(1)
    expect(await cache.get('k', c.compute)).toBe('v#2')
    expect(c.runs()).toBe(2)
  })

  /** A refresh-ahead cache (5 s TTL, the last 1 s refreshed ahead) whose key 'k' holds 'first' from t = 1,000,000 ms. */
  async function primedRefreshAhead() {
    const clock = clockAt(1_000_000)
    const cache = new TtlCache<string, string>({ now: clock.now, ttlMs: 5_000, maxEntries: 10, refreshAheadMs: 1_000 })
    const h = held()
    const first = cache.get('k', h.compute)
    await tick()
    h.release('first')
    expect(await first).toBe('first')
    return { clock, cache, h }
  }

  it('a key read in the last part of its TTL is recomputed in the background while the current value is served', async () => {
    const { clock, cache, h } = await primedRefreshAhead()
    clock.set(1_003_999)
    expect(await cache.get('k', h.compute)).toBe('first')
    expect(h.runs()).toBe(1)
    clock.set(1_004_000)
    // The refresh is still running: the caller gets the valid entry at once.
    expect(await cache.get('k', h.compute)).toBe('first')
    await tick()
    expect(h.runs()).toBe(2)
    h.release('refreshed')
    await tick()
    clock.set(1_005_000)
    expect(await cache.get('k', h.compute)).toBe('refreshed')
    expect(h.runs()).toBe(2)
  })

  it('a background refresh running when the key is invalidated is not kept', async () => {
    const { clock, cache, h } = await primedRefreshAhead()
    clock.set(1_004_500)
    await cache.get('k', h.compute)
    await tick()
    cache.invalidate('k')
    h.release('read before the write')
    await tick()
    const c = counter()
    expect(await cache.get('k', c.compute)).toBe('v#1')
  })

  it('an entry ended by its validUntil (a cut-off) is not refreshed early', async () => {
    const clock = clockAt(1_000_000)
    const cache = new TtlCache<string, string>({ now: clock.now, ttlMs: 5_000, maxEntries: 10, refreshAheadMs: 4_000 })
    const c = counter({ validUntil: 1_002_000 })
    await cache.get('k', c.compute)
    clock.set(1_001_999)
    expect(await cache.get('k', c.compute)).toBe('v#1')
    await tick()
    expect(c.runs()).toBe(1)
  })

  it("expires at the computation's validUntil when that comes before the TTL (a cut-off)", async () => {
    const clock = clockAt(1_000_000)
    const cache = new TtlCache<string, string>({ now: clock.now, ttlMs: 5_000, maxEntries: 10 })
    const c = counter({ validUntil: 1_002_000 })
    expect(await cache.get('k', c.compute)).toBe('v#1')
    clock.set(1_001_999)
    expect(await cache.get('k', c.compute)).toBe('v#1')
    clock.set(1_002_000)
    expect(await cache.get('k', c.compute)).toBe('v#2')
  })

  it('computes again when the clock is set back before the instant an entry was computed for', async () => {
    const clock = clockAt(1_000_000)
    const cache = new TtlCache<string, string>({ now: clock.now, ttlMs: 5_000, maxEntries: 10 })
    const c = counter()
    await cache.get('k', c.compute)
    clock.set(999_999)
    expect(await cache.get('k', c.compute)).toBe('v#2')
  })

  it('invalidate forgets one key, clear forgets all', async () => {
    const cache = new TtlCache<string, string>({ now: clockAt().now, ttlMs: 5_000, maxEntries: 10 })
    const a = counter()
    const b = counter()
    await cache.get('a', a.compute)
    await cache.get('b', b.compute)
    cache.invalidate('a')
    expect(await cache.get('a', a.compute)).toBe('v#2')
    expect(await cache.get('b', b.compute)).toBe('v#1')
    cache.clear()
    expect(await cache.get('a', a.compute)).toBe('v#3')
    expect(await cache.get('b', b.compute)).toBe('v#2')
  })

  it('concurrent misses of one key share one computation', async () => {
    const cache = new TtlCache<string, string>({ now: clockAt().now, ttlMs: 5_000, maxEntries: 10 })
    const h = held()
    const first = cache.get('k', h.compute)
    const second = cache.get('k', h.compute)
    await tick()
    h.release('shared')
    expect(await Promise.all([first, second])).toEqual(['shared', 'shared'])
    expect(h.runs()).toBe(1)
  })

  it('a computation that was running when the key was invalidated answers its caller but is not kept, and later callers do not join it', async () => {
    // The race a booking makes: a schedule read from before the write must not outlive the write.
    const cache = new TtlCache<string, string>({ now: clockAt().now, ttlMs: 5_000, maxEntries: 10 })
    const h = held()
    const before = cache.get('k', h.compute)
    await tick()
    cache.invalidate('k')
    const after = cache.get('k', h.compute)
    await tick()
    expect(h.runs()).toBe(2)
    h.release('read before the write')
    h.release('read after the write')
    expect(await before).toBe('read before the write')
    expect(await after).toBe('read after the write')
    const next = counter()
    expect(await cache.get('k', next.compute)).toBe('read after the write')
  })

  it('the same race with clear (a booking clears every schedule)', async () => {
    const cache = new TtlCache<string, string>({ now: clockAt().now, ttlMs: 5_000, maxEntries: 10 })
    const h = held()
    const before = cache.get('k', h.compute)
    await tick()
    cache.clear()
    h.release('stale')
    expect(await before).toBe('stale')
    const c = counter()
    expect(await cache.get('k', c.compute)).toBe('v#1')
  })

  it('does not keep a value marked keep: false (an unknown member), nor a failure', async () => {
    const cache = new TtlCache<string, string | null>({ now: clockAt().now, ttlMs: 5_000, maxEntries: 10 })
    let runs = 0
    const missing = async (): Promise<Fresh<string | null>> => {
      runs++
      return { value: null, keep: false }
    }
    expect(await cache.get('k', missing)).toBeNull()
    expect(await cache.get('k', missing)).toBeNull()
    expect(runs).toBe(2)
    await expect(cache.get('e', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down')
    expect(await cache.get('e', async () => ({ value: 'up' }))).toBe('up')
  })

  it('with a TTL of 0 every call computes (the cache is off)', async () => {
    const cache = new TtlCache<string, string>({ now: clockAt().now, ttlMs: 0, maxEntries: 10 })
    const c = counter()
    await cache.get('k', c.compute)
    await cache.get('k', c.compute)
    expect(c.runs()).toBe(2)
    expect(cache.size).toBe(0)
  })

  it('holds at most maxEntries, dropping the oldest', async () => {
    const cache = new TtlCache<string, string>({ now: clockAt().now, ttlMs: 5_000, maxEntries: 2 })
    const c = counter()
    await cache.get('a', c.compute)
    await cache.get('b', c.compute)
    await cache.get('c', c.compute)
    expect(cache.size).toBe(2)
    expect(await cache.get('b', c.compute)).toBe('v#2')
    expect(await cache.get('a', c.compute)).toBe('v#4')
  })
})

describe('createApiCaches', () => {
  const clock = { now: () => new Date('2025-06-10T01:00:00Z') }
  it('memberChanged forgets that member only; scheduleChanged forgets every schedule', async () => {
    const caches = createApiCaches(clock)
    const row = (name: string) => async () => ({ value: { memberId: name } as never })
    await caches.members.get('A', row('A1'))
    await caches.members.get('B', row('B1'))
    caches.memberChanged('A')
    expect(await caches.members.get('A', row('A2'))).toEqual({ memberId: 'A2' })
    expect(await caches.members.get('B', row('B2'))).toEqual({ memberId: 'B1' })

    const answer = (text: string) => async () => ({ value: new CheckedJson<'reservation-schedule'>(text) })
    await caches.schedules.get('20250611/60', answer('"a"'))
    await caches.schedules.get('20250612/30', answer('"b"'))
    caches.scheduleChanged()
    expect(caches.schedules.size).toBe(0)
    expect(Buffer.from((await caches.schedules.get('20250611/60', answer('"c"'))).bytes).toString()).toBe('"c"')
  })
  it('a TTL of 0 turns a cache off', async () => {
    const caches = createApiCaches(clock, { memberMs: 0, scheduleMs: 0 })
    let runs = 0
    const row = async () => {
      runs++
      return { value: null }
    }
    await caches.members.get('A', row)
    await caches.members.get('A', row)
    expect(runs).toBe(2)
  })
})
