import { createScratchDatabase } from '../../scripts/stack/scratch-db'
import { createFirebaseIdentity } from '../../server/adapters/identity'
import { createMemoryMailer } from '../../server/adapters/mailer'
import { createSandboxPayment } from '../../server/adapters/payment'
import { createApp } from '../../server/app'
import type { RateLimits } from '../../server/http/rate-limit'
import { parseConfig } from '../../server/config'
import { openDatabase } from '../../server/db/client'
import { seedIfEmpty } from '../../server/db/seed/index'
import type { Clock } from '../../server/domain/time'
import type { Deps } from '../../server/services/deps'
import { createApiCaches } from '../../server/infra/cache'
import { withCacheInvalidation } from '../../server/infra/cache-writes'
import { createPgCacheBus, type CacheBus } from '../../server/infra/cache-bus'
import { createFixtureMember } from '../../server/routes/test-routes'
import { startJobEngine, type JobDefinition } from '../../server/jobs/engine'
import { deliverDue } from '../../server/infra/outbox'
import { outboxOf } from '../../server/services/delivery'
import { sandboxTestCards } from '../../contract/calls'

/** Tuesday 2025-06-10 10:00 JST: the pinned "now" of the API tests. */
export const NOW = new Date('2025-06-10T01:00:00Z')

export const emulatorHost = () => {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: start the Firebase Auth Emulator (see docs/server.md)')
  return host
}

/** A movable clock: tests pin it and step it. */
export const movableClock = (start: Date): Clock & { set: (d: Date) => void } => {
  let at = start
  return { now: () => new Date(at.getTime()), set: (d) => (at = d) }
}

/**
 * The app in-process with a fresh database (PGlite in memory, or its own PostgreSQL schema when
 * TEST_DATABASE_URL is set), the real Auth Emulator and an in-memory mailer.
 */
export async function createHarness(opts: { now?: Date; rateLimits?: RateLimits; cacheBus?: boolean; readCache?: boolean; deliverAfterCalls?: boolean } = {}) {
  const host = emulatorHost()
  const pgUrl = process.env.TEST_DATABASE_URL
  const scratch = pgUrl ? await createScratchDatabase(pgUrl) : null
  const database = await openDatabase(scratch ? { url: scratch.url } : {})
  const clock = movableClock(opts.now ?? NOW)
  await seedIfEmpty(database.db, clock.now())
  const config = parseConfig({ FIREBASE_AUTH_EMULATOR_HOST: host, APP_ORIGIN: 'http://app.test', ENABLE_TEST_ROUTES: '1' })
  const identity = createFirebaseIdentity({ projectId: config.firebaseProjectId, emulatorHost: host })
  const mailer = createMemoryMailer()
  // The member-read cache (server/infra/cache.ts) lives by the clock, which tests pin: an entry
  // would outlive the rows a test writes straight into the database. It is on only where a test
  // asks for it (`readCache: true`, tests/api/read-cache.test.ts), as production runs it.
  const readTtl = opts.readCache ? {} : { readMs: 0 }
  // Several server processes share one PostgreSQL through the cache bus (`replica()`).
  const closers: (() => Promise<void>)[] = []
  const withBus = async (url: string, name?: string) => {
    let bus: CacheBus | null = null
    const caches = createApiCaches(clock, readTtl, () => bus)
    bus = await createPgCacheBus(url, { onEvent: caches.apply, onGap: caches.clearAll, log: () => {}, name })
    closers.push(() => bus!.close())
    return caches
  }
  if (opts.cacheBus && !scratch) throw new Error('the cache bus needs PostgreSQL: set TEST_DATABASE_URL')
  const caches = opts.cacheBus && scratch ? await withBus(scratch.url) : createApiCaches(clock, readTtl)
  // The services called straight from a test (fixtures) write as the app's do: their commits invalidate.
  const deps: Deps = { db: withCacheInvalidation(database.db, caches), identity, mailer, payment: createSandboxPayment(database.db, clock), clock, config, caches }
  const app = createApp(deps, { rateLimits: opts.rateLimits })
  /**
   * The outbox's delivery (the body of the job outbox-delivery, docs/server.md "Outbox") at the
   * harness's clock: a call's mails are written with its commit and delivered after it, so
   * `call` runs the delivery once the answer is in — as the job would a moment later — and the
   * tests read `mailer` as before. A test of the delivery itself calls `deliver` (or the engine).
   */
  const deliver = () => deliverDue(outboxOf(deps))

  async function signIn(email: string, password: string): Promise<string> {
    const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    })
    const body = (await res.json()) as { idToken?: string; error?: { message: string } }
    if (!body.idToken) throw new Error(`sign-in failed for ${email}: ${body.error?.message}`)
    return body.idToken
  }

  /** A new member with the demo fixture (or a first-time member) and a signed-in token. */
  async function member(fixture: 'demo' | 'fresh' = 'demo') {
    const m = await createFixtureMember(deps, fixture)
    return { ...m, token: await signIn(m.email, m.password) }
  }

  type Opts = { token?: string; query?: Record<string, string | number | undefined>; body?: unknown; headers?: Record<string, string> }
  async function call(method: 'GET' | 'POST', name: string, o: Opts = {}, target = app) {
    const qs = o.query
      ? '?' + new URLSearchParams(Object.entries(o.query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString()
      : ''
    const res = await target.request(`/api/${name}${qs}`, {
      method,
      headers: {
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        ...o.headers,
      },
      ...(method === 'POST' ? { body: typeof o.body === 'string' ? o.body : JSON.stringify(o.body ?? {}) } : {}),
    })
    const text = await res.text()
    // Off for the outbox's own tests (tests/api/outbox-faults.test.ts), which deliver as the job does.
    if (opts.deliverAfterCalls !== false) await deliver()
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
    let json: any = null
    try {
      json = JSON.parse(text)
    } catch {
      json = text
    }
    return { status: res.status, body: json }
  }

  /**
   * A sandbox token that passed 3-D Secure (challenge cards are approved on the sandbox page),
   * made by the member whose bearer token is given: a token pays only for its maker, once.
   */
  async function cardToken(number: string = sandboxTestCards.approved, bearer?: string) {
    const r = await call('POST', 'sandbox/tokens', { token: bearer, body: { number, expMonth: 12, expYear: 2030, cvc: '123', name: 'TARO YAMADA' } })
    if (r.status !== 200) throw new Error(`token: ${JSON.stringify(r.body)}`)
    if (r.body.threeDSecure === 'required') {
      const form = new URLSearchParams({ return_url: '/buy' })
      await app.request(`/sandbox/3ds/${r.body.tokenId}/approve`, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    }
    return r.body.tokenId as string
  }

  /**
   * Another server process on the same PostgreSQL database, as a second replica behind a load
   * balancer: its own pool, caches and cache bus; the same identity provider, mailer and clock.
   * Its bus connection is named `mypage-cache-bus-replica-<n>` in pg_stat_activity.
   */
  let replicas = 0
  async function replica() {
    if (!scratch) throw new Error('replicas need PostgreSQL: set TEST_DATABASE_URL')
    const second = await openDatabase({ url: scratch.url })
    closers.push(() => second.close())
    const replicaApp = createApp({ ...deps, db: second.db, payment: createSandboxPayment(second.db, clock), caches: await withBus(scratch.url, `mypage-cache-bus-replica-${++replicas}`) }, { rateLimits: opts.rateLimits })
    return {
      app: replicaApp,
      get: (name: string, o?: Opts) => call('GET', name, o, replicaApp),
      post: (name: string, o?: Opts) => call('POST', name, o, replicaApp),
    }
  }

  return {
    app,
    deps,
    replica,
    /** The scratch PostgreSQL database of this harness (undefined on PGlite). */
    databaseUrl: scratch?.url,
    /**
     * A job engine on this harness's database (server/jobs/engine.ts), without workers unless asked:
     * the test drives it with `runDue`. Retries wait no delay. Stopped with the harness.
     */
    jobEngine: async (jobs: readonly JobDefinition[], engineDeps: Deps = deps, opts: { workers?: boolean } = {}) => {
      const engine = await startJobEngine(engineDeps, jobs, { connection: scratch ? { url: scratch.url } : { executeSql: database.executeSql! }, workers: opts.workers ?? false, retryDelaySeconds: 0 })
      closers.push(() => engine.stop())
      // What the jobs wrote to the outbox is delivered after their run, as the delivery job would.
      const delivered = <T>(run: Promise<T>) => run.then(async (out) => (await deliverDue(outboxOf(engineDeps)), out))
      return { ...engine, runDue: (at?: Date) => delivered(engine.runDue(at)), runNow: (name: string) => delivered(engine.runNow(name)) }
    },
    db: database.db,
    mailer,
    deliver,
    clock,
    signIn,
    member,
    get: (name: string, o?: Opts) => call('GET', name, o),
    post: (name: string, o?: Opts) => call('POST', name, o),
    cardToken,
    close: async () => {
      for (const close of closers.reverse()) await close()
      await identity.close()
      await database.close()
      await scratch?.drop()
    },
  }
}

export type Harness = Awaited<ReturnType<typeof createHarness>>
