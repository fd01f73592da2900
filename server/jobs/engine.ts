import { createHash, randomUUID } from 'node:crypto'
import { createRequire } from 'node:module'
import cronParser from 'cron-parser'
import PgBoss from 'pg-boss'
import type { Config } from '../config'
import type { Deps } from '../services/deps'
import { withCacheInvalidation } from '../infra/cache-writes'
import { atRequestedTime } from '../infra/test-clock'
import { log } from '../observability/log'
import { metrics, watchJobQueues, watchOutbox } from '../observability/metrics'
import { outboxBacklog } from '../infra/outbox'

/**
 * The job engine (docs/decisions.md 80): every timed task of the server is a job of pg-boss, on the
 * product's own database — PostgreSQL with replicas, or the embedded PGlite of `npm start` through
 * pg-boss's bring-your-own `db` (server/db/client.ts `executeSql`). pg-boss keeps the queues in its
 * own schema (`pgboss`, created and migrated by pg-boss itself at start), retries a failed run with
 * a growing delay, and hands each job to one worker across all the replicas (`SKIP LOCKED`).
 *
 * Two ways a job comes due, both one run per slot across the replicas:
 * - `cron` (Japan time): pg-boss's own scheduler (one replica's timekeeper per minute);
 * - `everyMs`: for intervals under a minute, which cron cannot say: every process offers a run
 *   each interval, throttled by pg-boss (`singletonSeconds`), so only the first offer of a slot is
 *   kept — or, with `eachProcess`, the first offer of each process (a work queue's runs side by side).
 *
 * Tests never wait for either: `runDue(at)` offers every job due at clock time `at` under an id
 * derived from (job, slot) — two replicas offering the same slot offer the same id, and pg-boss
 * keeps one — then runs what is queued in this process (decision 81).
 */

/**
 * `eachProcess`: every process gets its own run per interval (a work queue such as the outbox's
 * delivery, where runs side by side share the work under SKIP LOCKED) instead of one across all.
 */
export type JobSchedule = { cron: string } | { everyMs: number; eachProcess?: boolean }

export type JobDefinition = {
  /** The queue's name (letters, digits, `-`). */
  name: string
  /** When it comes due; null: never with this configuration. */
  schedule: (config: Config) => JobSchedule | null
  /** Runs after the first failure (with a growing delay) before the job lands in the failed list. */
  retryLimit: number
  /**
   * The work. Must be idempotent: a retried or duplicated run repeats no effect (a sent-at column,
   * a unique key, a row lock). Time is `deps.clock`, never `Date`. Its answer is kept as the output.
   */
  run: (deps: Deps) => Promise<unknown>
}

/** What the engine needs of a database: pg-boss's own pool on PostgreSQL, or PGlite's runner. */
export type JobConnection = { url: string } | { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> }

export type JobEngineOptions = {
  connection: JobConnection
  /** Workers and schedules (the default); false: nothing runs unless `runDue` is called (tests). */
  workers?: boolean
  /** The first retry's delay; it doubles with each retry (tests: 0). */
  retryDelaySeconds?: number
}

export type JobRun = { name: string; id: string; state: 'completed' | 'failed' | 'retry'; error?: string }

export type JobEngine = {
  /** Offers every job due at `at` (the deps' clock by default) and runs what is queued, here, now. */
  runDue: (at?: Date) => Promise<JobRun[]>
  /** Offers one job now (once per clock minute) and runs what is queued of it, here. */
  runNow: (name: string) => Promise<JobRun[]>
  stop: () => Promise<void>
}

/** pg-boss's schema: its tables are pg-boss's, read by the desk's failed list (server/jobs/failed.ts). */
export const JOB_SCHEMA = 'pgboss'
const FAILED_KEPT_SECONDS = 30 * 24 * 3600
const JOB_TIMEOUT_SECONDS = 15 * 60

/** A uuid fixed by its key: the same slot of the same job is the same job on every replica. */
export const slotId = (key: string): string => {
  const h = createHash('sha256').update(key).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

/** The slot of `schedule` that holds `at`, or null when the job is not due then (cron: not in this minute). */
export function dueSlot(schedule: JobSchedule, at: Date): string | null {
  if ('everyMs' in schedule) return `every:${Math.floor(at.getTime() / schedule.everyMs)}`
  const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000)
  const fired = cronParser.parseExpression(schedule.cron, { tz: 'Asia/Tokyo', currentDate: new Date(minute.getTime() + 1) }).prev().toDate()
  return fired.getTime() === minute.getTime() ? `cron:${minute.toISOString()}` : null
}

/** The key of the advisory lock around the engine's setup (pg-boss's schema, the queues). */
const JOB_SETUP_LOCK = 7_231_946_080

/** PostgreSQL: `work` under a session advisory lock on a connection of its own; PGlite: one process, no lock. */
async function underSetupLock(connection: JobConnection, work: () => Promise<void>): Promise<void> {
  if (!('url' in connection)) return work()
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: connection.url, application_name: 'mypage-jobs-setup' })
  await client.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [JOB_SETUP_LOCK])
    await work()
  } finally {
    // A failed unlock (connection lost) releases the lock anyway: it dies with the session.
    await client.query('SELECT pg_advisory_unlock($1)', [JOB_SETUP_LOCK]).catch(() => {})
    await client.end().catch(() => {})
  }
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 2000)

type Settle = ((...args: unknown[]) => Promise<unknown>) & { handled?: true }
/**
 * pg-boss 10's worker calls `complete` and `fail` without awaiting them (node_modules/pg-boss/src/
 * manager.js, `work` → `onFetch`): a database connection dropping at that moment was an unhandled
 * rejection, and Node ends the process on one — every replica at once when the database blinks,
 * since the outbox's delivery job runs every second. Each call's promise gets a handler that logs;
 * a caller that awaits it (`drain` below) still sees the error, and a job left active runs again
 * after its expiry. The library's own class, changed once per process.
 */
function settleWorkerCallsSafely() {
  const Manager = createRequire(import.meta.url)('pg-boss/src/manager') as { prototype: Record<'complete' | 'fail', Settle> }
  for (const name of ['complete', 'fail'] as const) {
    const original = Manager.prototype[name]
    if (original.handled) continue
    const wrapped: Settle = function (this: unknown, ...args: unknown[]) {
      const settled = original.apply(this, args)
      settled.catch((err: Error) => log().warn({ err: { message: err.message } }, `jobs: ${name} failed; the job runs again after its expiry`))
      return settled
    }
    wrapped.handled = true
    // pg-boss makes its public methods from its manager's functions by their names (index.js
    // #promoteFunctions): the wrapper keeps the original's, or `boss.complete` would be gone.
    Object.defineProperty(wrapped, 'name', { value: name })
    Manager.prototype[name] = wrapped
  }
}

export async function startJobEngine(given: Deps, jobs: readonly JobDefinition[], opts: JobEngineOptions): Promise<JobEngine> {
  settleWorkerCallsSafely()
  // A job's committed writes invalidate the caches as every other writer's (server/infra/cache-writes.ts).
  const deps: Deps = { ...given, db: withCacheInvalidation(given.db, given.caches) }
  const workers = opts.workers ?? true
  const retryDelay = opts.retryDelaySeconds ?? 30
  const boss = new PgBoss({
    ...('url' in opts.connection
      ? { connectionString: opts.connection.url, max: 3, application_name: 'mypage-jobs' }
      : { db: { executeSql: opts.connection.executeSql as (text: string, values: unknown[]) => Promise<{ rows: never[] }> } }),
    schema: JOB_SCHEMA,
    // Maintenance (expiry, archiving) and the cron timekeeper only where jobs are worked.
    supervise: workers,
    schedule: workers,
    // A failed job stays where the desk lists it for a month (the archive is not listed).
    archiveFailedAfterSeconds: FAILED_KEPT_SECONDS,
  })
  boss.on('error', (err: Error) => log().error({ err }, 'jobs: engine error'))
  // Replicas starting together would deadlock creating the same queues (each queue is a partition
  // pg-boss creates and attaches): one at a time, the others then find them made.
  await underSetupLock(opts.connection, async () => {
    await boss.start()
    for (const job of jobs) {
      await boss.createQueue(job.name, { name: job.name, retryLimit: job.retryLimit, retryDelay, retryBackoff: retryDelay > 0, expireInSeconds: JOB_TIMEOUT_SECONDS })
    }
  })
  const byName = new Map(jobs.map((j) => [j.name, j]))

  /** One run, measured; throws what the job threw. */
  async function execute(job: JobDefinition): Promise<unknown> {
    const end = metrics.jobSeconds.startTimer({ job: job.name })
    try {
      const out = await job.run(deps)
      metrics.jobRuns.inc({ job: job.name, outcome: 'completed' })
      return out
    } catch (e) {
      metrics.jobRuns.inc({ job: job.name, outcome: 'failed' })
      log().error({ err: e, job: job.name }, 'jobs: run failed')
      throw e
    } finally {
      end()
    }
  }

  /** Runs here whatever of `job` is queued and ready (retries with no delay left included). */
  async function drain(job: JobDefinition): Promise<JobRun[]> {
    const runs: JobRun[] = []
    for (;;) {
      const [queued] = await boss.fetch(job.name, { batchSize: 1 })
      if (!queued) return runs
      try {
        const out = await execute(job)
        await boss.complete(job.name, queued.id, out && typeof out === 'object' ? out : {})
        runs.push({ name: job.name, id: queued.id, state: 'completed' })
      } catch (e) {
        await boss.fail(job.name, queued.id, { message: errorText(e) })
        const after = await boss.getJobById(job.name, queued.id)
        runs.push({ name: job.name, id: queued.id, state: after?.state === 'failed' ? 'failed' : 'retry', error: errorText(e) })
      }
    }
  }

  const timers: NodeJS.Timeout[] = []
  // This process's own throttle key for the `eachProcess` jobs.
  const processKey = randomUUID()
  if (workers) {
    for (const job of jobs) {
      const schedule = job.schedule(deps.config)
      if (schedule && 'cron' in schedule) await boss.schedule(job.name, schedule.cron, {}, { tz: 'Asia/Tokyo' })
      else await boss.unschedule(job.name)
      if (schedule && 'everyMs' in schedule) {
        const offer = () => boss.send(job.name, {}, { singletonKey: schedule.eachProcess ? `${job.name}:${processKey}` : job.name, singletonSeconds: Math.max(1, Math.round(schedule.everyMs / 1000)) }).catch((err: Error) => log().error({ err, job: job.name }, 'jobs: could not offer a run'))
        const t = setInterval(offer, schedule.everyMs)
        t.unref()
        timers.push(t)
      }
      const pollingIntervalSeconds = schedule && 'everyMs' in schedule ? Math.min(2, Math.max(0.5, schedule.everyMs / 1000)) : 2
      // A run `runDue` offered for a moved time (test stacks, decision 81) may be fetched by this
      // worker before the request drains it: it runs at the time it was offered for. The instant in
      // its data moves nothing where the clock is not movable (production ignores it).
      await boss.work<{ at?: string }>(job.name, { pollingIntervalSeconds, batchSize: 1 }, async ([queued]) => atRequestedTime(queued?.data?.at, () => execute(job)))
    }
  }
  // The outbox's backlog beside the queues (docs/operations.md "Metrics"): this engine delivers it.
  const stopWatchingOutbox = byName.has('outbox-delivery') ? watchOutbox(() => outboxBacklog(deps.db)) : () => {}
  const stopWatching = watchJobQueues(async () => {
    const { rows } = await boss.getDb().executeSql(`SELECT name, state::text AS state, count(*)::int AS n FROM ${JOB_SCHEMA}.job GROUP BY name, state`, [])
    return rows as { name: string; state: string; n: number }[]
  })

  return {
    async runDue(at = deps.clock.now()) {
      for (const job of jobs) {
        const schedule = job.schedule(deps.config)
        const slot = schedule && dueSlot(schedule, at)
        if (slot) await boss.send(job.name, { at: at.toISOString() }, { id: slotId(`${job.name}@${slot}`) })
      }
      const runs: JobRun[] = []
      for (const job of jobs) runs.push(...(await drain(job)))
      return runs
    },
    async runNow(name) {
      const job = byName.get(name)
      if (!job) throw new Error(`no job ${name}`)
      const at = deps.clock.now()
      await boss.send(job.name, { at: at.toISOString() }, { id: slotId(`${job.name}@now:${Math.floor(at.getTime() / 60_000)}`) })
      return drain(job)
    },
    async stop() {
      for (const t of timers) clearInterval(t)
      stopWatching()
      stopWatchingOutbox()
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 })
    },
  }
}
