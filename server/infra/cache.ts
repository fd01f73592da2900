import type { members } from '../db/schema'
import type { Clock } from '../domain/time'
import type { CheckedJson } from './checked-json'
import type { CacheBus, CacheEvent } from './cache-bus'

// In-process caches (docs/decisions.md 17): the caller's member row, the day grid of
// reservation-schedule, and the member reads (home's user-data, the menu, the payment history, a
// ticket, the charge data: docs/decisions.md "member reads"). Correctness never rests on them —
// the unique (staff, cell) constraint decides bookings, every write checks what it changes — they
// only spare the database.

/** What a computation hands the cache. */
export type Fresh<V> = {
  value: V
  /** Epoch ms, exclusive: from then on the clock alone may change the answer (a cut-off, midnight). */
  validUntil?: number
  /** false: give the value to this caller (and those waiting on it) but do not keep it. */
  keep?: boolean
}

type Entry<V> = { value: V; from: number; until: number }

/**
 * A key → value cache with a time to live, an optional per-value validity bound, in-process
 * invalidation and one shared computation per missing key.
 *
 * An entry is served only while `from ≤ now < until`: `from` is the instant it was computed for
 * and `until` is min(from + ttl, the computation's `validUntil`). A clock set back (tests) misses.
 *
 * Refresh ahead: a key read in the last `refreshAheadMs` of its TTL is recomputed in the
 * background while the current entry, still valid, is served; so a hot key does not make every
 * caller wait for the database each time its TTL runs out (with one member behind all requests,
 * that wait would hold every connection at once). An entry never outlives `until`: the bound on
 * staleness is unchanged. An entry ended by its `validUntil` (a cut-off) is not refreshed early:
 * a computation before that instant would end there too.
 *
 * Invalidation races: a computation that started before an `invalidate`/`clear` read the database
 * before the write committed, so its result is returned to its own callers (they were concurrent
 * with the write) but never stored, and callers arriving after the invalidation do not join it.
 * Call the invalidation after the write has committed; the epoch makes the order safe.
 */
export class TtlCache<K, V> {
  readonly #now: () => number
  readonly #ttlMs: number
  readonly #refreshAheadMs: number
  readonly #maxEntries: number
  readonly #entries = new Map<K, Entry<V>>()
  readonly #flights = new Map<K, Promise<Entry<V> & { keep: boolean }>>()
  /** Bumped by every invalidation: a computation stores its result only if none happened meanwhile. */
  #epoch = 0

  constructor(opts: { now: () => number; ttlMs: number; maxEntries: number; refreshAheadMs?: number }) {
    this.#now = opts.now
    this.#ttlMs = opts.ttlMs
    this.#refreshAheadMs = opts.refreshAheadMs ?? opts.ttlMs / 5
    this.#maxEntries = opts.maxEntries
  }

  get size(): number {
    return this.#entries.size
  }

  /**
   * The value for `key`: cached when still valid now, else computed once for all concurrent
   * callers. `compute` gets the instant the answer is for and the key (so a caller can pass one
   * function made once instead of a closure per request).
   */
  async get(key: K, compute: (now: number, key: K) => Promise<Fresh<V>>): Promise<V> {
    const now = this.#now()
    if (this.#ttlMs <= 0) return (await compute(now, key)).value
    const hit = this.#entries.get(key)
    if (hit) {
      if (hit.from <= now && now < hit.until) {
        const ttlBound = hit.until === hit.from + this.#ttlMs
        if (ttlBound && now >= hit.until - this.#refreshAheadMs && !this.#flights.has(key)) {
          // Failures are not kept; the entry then simply expires and the next caller computes.
          this.#compute(key, compute, now).catch(() => {})
        }
        return hit.value
      }
      this.#entries.delete(key)
    }
    const flight = this.#flights.get(key)
    if (flight) {
      const shared = await flight
      // Computed for an instant at or before ours; usable unless a cut-off passed in between.
      if (!shared.keep || now < shared.until) return shared.value
    }
    return (await this.#compute(key, compute, now)).value
  }

  /** Forgets `key` (after a committed write that changes its value). */
  invalidate(key: K): void {
    this.#epoch++
    this.#entries.delete(key)
    this.#flights.delete(key)
  }

  /** Forgets everything (after a committed write that may change any value). */
  clear(): void {
    this.#epoch++
    this.#entries.clear()
    this.#flights.clear()
  }

  #compute(key: K, compute: (now: number, key: K) => Promise<Fresh<V>>, now: number) {
    const epoch = this.#epoch
    const flight = Promise.resolve()
      .then(() => compute(now, key))
      .then((fresh) => {
        const keep = fresh.keep !== false
        const until = Math.min(now + this.#ttlMs, fresh.validUntil ?? Number.POSITIVE_INFINITY)
        const entry = { value: fresh.value, from: now, until, keep }
        if (keep && until > now && epoch === this.#epoch) this.#store(key, { value: fresh.value, from: now, until })
        return entry
      })
    this.#flights.set(key, flight)
    const land = () => {
      if (this.#flights.get(key) === flight) this.#flights.delete(key)
    }
    flight.then(land, land)
    return flight
  }

  #store(key: K, entry: Entry<V>) {
    this.#entries.delete(key)
    if (this.#entries.size >= this.#maxEntries) {
      // Oldest first; expired entries are also dropped on their next read.
      const oldest = this.#entries.keys().next()
      if (!oldest.done) this.#entries.delete(oldest.value)
    }
    this.#entries.set(key, entry)
  }
}

export type MemberRow = typeof members.$inferSelect

/** A few seconds: bounds how long another server process may show a member's old name or e-mail. */
export const MEMBER_TTL_MS = 5_000
/** A few seconds: bounds how long another server process's booking may look free here. */
export const SCHEDULE_TTL_MS = 5_000
/**
 * One second: the freshness contract of member reads (docs/architecture.md "Scale path"). A member's
 * own writes invalidate their reads at once, on every replica; a write by someone else (a staff
 * call, the purchase sweeper, another process) shows within this time at the latest.
 */
export const READ_TTL_MS = 1_000

/** The member reads kept in the read cache, and whether an answer is the caller's own or everyone's. */
const CACHED_READS: Record<string, (input: Record<string, unknown>) => 'member' | 'everyone'> = {
  'user-data': (input) => (input.data === 'INFORMATION' || input.data === 'BUSSINESS_HOLIDAY' ? 'everyone' : 'member'),
  'purchase-list': () => 'member',
  'ticket-data': () => 'member',
  'charge-data': () => 'member',
  'nowonsale-products': () => 'everyone',
  'reservation-menu-list': () => 'everyone',
}

export type ApiCaches = {
  /** Verified uid → member row (frozen); unknown uids are not kept. */
  members: TtlCache<string, Readonly<MemberRow> | null>
  /** `dt/minutes` → the reservation-schedule answer, checked against the contract and serialized. */
  schedules: TtlCache<string, CheckedJson<'reservation-schedule'>>
  /** A member read's answer (checked and serialized) by `readKey`. */
  reads: TtlCache<string, CheckedJson>
  /**
   * The read-cache key of a call for this caller and parsed input, or null when the call is not a
   * cached member read. A member's key carries their generation, which their writes move on.
   */
  readKey: (call: string, memberId: string | null, input: unknown) => string | null
  /** Call after a committed write that may change any member's reads (a staff write, a test route). */
  readsChanged: () => void
  /** Call after a committed write to a member row: profile, e-mail, Stripe customer, signup, cancel. */
  memberChanged: (memberId: string) => void
  /** Call after a committed write to bookings, shifts, business holidays or a consultant's profile. */
  scheduleChanged: () => void
  /**
   * `cache.get(key, compute)` while every write answered by any process has been applied here
   * (server/infra/cache-bus.ts: the writers wait for it); while the cross-process bus is down
   * or late, computed afresh and not kept. Always from the cache in a single process (no bus).
   */
  read: <K, V>(cache: TtlCache<K, V>, key: K, compute: (now: number, key: K) => Promise<Fresh<V>>) => Promise<V>
  /** Resolves when this process's invalidations have been applied by the other processes (app.ts awaits it before answering). */
  flush: () => Promise<void>
  /** Applies another process's invalidation (server/infra/cache-bus.ts). */
  apply: (event: CacheEvent) => void
  /** Forgets everything (the bus may have missed invalidations). */
  clearAll: () => void
  /**
   * Hears every invalidation applied here, this process's own and the others' (the online room
   * checks its sockets' rights again on them, server/http/room-socket.ts).
   */
  listen: (listener: (event: CacheEvent) => void) => () => void
}

/**
 * The caches of one process (shared by every app on the same database). ttl 0 turns one off. With
 * a bus (several processes on one PostgreSQL), every invalidation is also published to the others.
 */
export function createApiCaches(clock: Clock, ttl: { memberMs?: number; scheduleMs?: number; readMs?: number } = {}, bus?: () => CacheBus | null): ApiCaches {
  const now = () => clock.now().getTime()
  const memberCache = new TtlCache<string, Readonly<MemberRow> | null>({ now, ttlMs: ttl.memberMs ?? MEMBER_TTL_MS, maxEntries: 10_000 })
  const scheduleCache = new TtlCache<string, CheckedJson<'reservation-schedule'>>({ now, ttlMs: ttl.scheduleMs ?? SCHEDULE_TTL_MS, maxEntries: 1_000 })
  const readCache = new TtlCache<string, CheckedJson>({ now, ttlMs: ttl.readMs ?? READ_TTL_MS, maxEntries: 20_000 })
  // A member's reads are keyed with their generation: a write of theirs moves it on, so every
  // entry of theirs is gone at once without a scan (the old ones age out of the bounded map).
  const generations = new Map<string, number>()
  let nextGeneration = 1
  const memberMoved = (memberId: string) => {
    generations.set(memberId, nextGeneration++)
    readCache.invalidate(`m:${memberId}`) // bumps the cache's epoch: a read in flight is not stored
  }
  let pending: Promise<void>[] = []
  const publish = (event: CacheEvent) => {
    const b = bus?.()
    if (!b) return
    const sent = b.publish(event)
    pending.push(sent)
    void sent.finally(() => (pending = pending.filter((p) => p !== sent)))
  }
  const listeners = new Set<(event: CacheEvent) => void>()
  const apply = (event: CacheEvent) => {
    for (const l of listeners) l(event)
    if (event.kind === 'member') {
      memberCache.invalidate(event.memberId)
      memberMoved(event.memberId)
    } else if (event.kind === 'reads') {
      readCache.clear()
      generations.clear()
    } else scheduleCache.clear()
  }
  return {
    members: memberCache,
    schedules: scheduleCache,
    reads: readCache,
    readKey: (call, memberId, input) => {
      const scope = CACHED_READS[call]?.((input ?? {}) as Record<string, unknown>)
      if (!scope) return null
      const query = JSON.stringify(Object.entries((input ?? {}) as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      if (scope === 'everyone') return `e|${call}|${query}`
      if (memberId === null) return null
      return `m:${memberId}:${generations.get(memberId) ?? 0}|${call}|${query}`
    },
    readsChanged: () => {
      apply({ kind: 'reads' })
      publish({ kind: 'reads' })
    },
    memberChanged: (memberId) => {
      apply({ kind: 'member', memberId })
      publish({ kind: 'member', memberId })
    },
    scheduleChanged: () => {
      apply({ kind: 'schedule' })
      publish({ kind: 'schedule' })
    },
    read: async (cache, key, compute) => {
      const b = bus?.()
      if (!b || b.fresh()) return cache.get(key, compute)
      return (await compute(now(), key)).value
    },
    flush: async () => {
      if (pending.length > 0) await Promise.all(pending)
    },
    apply,
    listen: (listener) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    clearAll: () => {
      memberCache.clear()
      scheduleCache.clear()
      readCache.clear()
      generations.clear()
    },
  }
}
