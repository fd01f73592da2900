import { createServer, type Server } from 'node:http'
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

/*
 * The server's Prometheus metrics (prom-client), on a port of their own (MYPAGE_METRICS_PORT), never
 * on the public one: the names of the calls and the counts of charges are the operator's business.
 * The list of names is in docs/operations.md "Metrics".
 */

export const registry = new Registry()

export const metrics = {
  requestSeconds: new Histogram({
    name: 'mypage_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10],
    registers: [registry],
  }),
  charges: new Counter({
    name: 'mypage_charges_total',
    help: 'Charges asked of the payment provider, by outcome: succeeded, declined (402), refused (429), failed (no answer)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  }),
  chargeRetries: new Counter({
    name: 'mypage_charge_retries_total',
    help: 'Charges sent again with an idempotency key this process had already sent (a client retry or a takeover)',
    registers: [registry],
  }),
  sweeperReconciliations: new Counter({
    name: 'mypage_sweeper_reconciliations_total',
    help: 'Abandoned purchase attempts the sweeper resolved, by result (recorded, failed, unknown, lost, mailed)',
    labelNames: ['result'] as const,
    registers: [registry],
  }),
  cacheBusAckTimeouts: new Counter({
    name: 'mypage_cache_bus_ack_timeouts_total',
    help: 'Writes that answered at the cache bus deadline: some replica did not acknowledge their invalidation in time',
    registers: [registry],
  }),
  cacheBusReconnects: new Counter({
    name: 'mypage_cache_bus_reconnects_total',
    help: 'Times the cache bus connection was lost and re-established',
    registers: [registry],
  }),
  rateLimitRefusals: new Counter({
    name: 'mypage_rate_limit_refusals_total',
    help: 'Requests refused with 429 by a rate-limit rule, by call and rule',
    labelNames: ['call', 'rule'] as const,
    registers: [registry],
  }),
  jobRuns: new Counter({
    name: 'mypage_job_runs_total',
    help: 'Runs of the jobs (server/jobs/) in this process, by job and outcome: completed, failed (a failed run is retried until its limit)',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  }),
  jobSeconds: new Histogram({
    name: 'mypage_job_duration_seconds',
    help: 'Time of one run of a job in this process, by job',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  }),
  mails: new Counter({
    name: 'mypage_mails_total',
    help: 'Mails handed to SMTP, by result (sent, failed)',
    labelNames: ['result'] as const,
    registers: [registry],
  }),
  outboxDeliveries: new Counter({
    name: 'mypage_outbox_deliveries_total',
    help: 'Deliveries of outbox messages in this process (server/infra/outbox.ts), by channel and result: sent, retry (failed, due again after its back-off), dead (given up)',
    labelNames: ['channel', 'result'] as const,
    registers: [registry],
  }),
}

/** The database pool's use (PostgreSQL: pg.Pool's counts; PGlite has one connection and none). */
export type PoolStats = { total: number; idle: number; waiting: number }

const pools = new Set<() => PoolStats>()
new Gauge({
  name: 'mypage_db_pool_connections',
  help: 'Database pool connections of this process, by state (total, idle, waiting clients)',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const sum = { total: 0, idle: 0, waiting: 0 }
    for (const stats of pools) {
      const s = stats()
      sum.total += s.total
      sum.idle += s.idle
      sum.waiting += s.waiting
    }
    this.set({ state: 'total' }, sum.total)
    this.set({ state: 'idle' }, sum.idle)
    this.set({ state: 'waiting' }, sum.waiting)
  },
})

/** Counts a pool in `mypage_db_pool_connections`; returns a function that stops counting it. */
export function watchPool(stats: () => PoolStats): () => void {
  pools.add(stats)
  return () => pools.delete(stats)
}

/** What the cache bus of this process knows (server/infra/cache-bus.ts). */
export type BusStats = { fresh: () => boolean; peers: () => number | null }

const buses = new Set<BusStats>()
new Gauge({
  name: 'mypage_cache_bus_fresh',
  help: '1 while this process serves from its caches (its cache bus heartbeat comes back in time), 0 while it reads through',
  registers: [registry],
  collect() {
    this.set([...buses].every((b) => b.fresh()) ? 1 : 0)
  },
})
new Gauge({
  name: 'mypage_cache_bus_replicas',
  help: 'Other replicas this process heard on the cache bus lately (its writes wait for their acknowledgements); -1 while it is still learning them',
  registers: [registry],
  collect() {
    let n = 0
    for (const b of buses) n += b.peers() ?? Number.NaN
    this.set(Number.isNaN(n) ? -1 : n)
  },
})

/** Counts a cache bus in the `mypage_cache_bus_*` gauges; returns a function that stops counting it. */
export function watchCacheBus(bus: BusStats): () => void {
  buses.add(bus)
  return () => buses.delete(bus)
}

/** Counts of the jobs' queue rows by job and state (pg-boss: created, retry, active, completed, failed…). */
type QueueCounts = () => Promise<{ name: string; state: string; n: number }[]>
const queues = new Set<QueueCounts>()
new Gauge({
  name: 'mypage_job_queue_jobs',
  help: 'Jobs in the job queues by job and state: created and retry are the depth, failed waits for an operator (shared by every replica)',
  labelNames: ['job', 'state'] as const,
  registers: [registry],
  async collect() {
    this.reset()
    for (const counts of queues) {
      for (const r of await counts().catch(() => [])) this.set({ job: r.name, state: r.state }, r.n)
    }
  },
})

/** The outbox's messages waiting (pending or being delivered) and dead (server/infra/outbox.ts). */
type OutboxCounts = () => Promise<{ waiting: number; dead: number }>
const outboxes = new Set<OutboxCounts>()
new Gauge({
  name: 'mypage_outbox_messages',
  help: 'Outbox messages by state: waiting (new, retrying or being delivered) and dead (given up: the desk resends them); shared by every replica',
  labelNames: ['state'] as const,
  registers: [registry],
  async collect() {
    this.reset()
    for (const counts of outboxes) {
      const c = await counts().catch(() => null)
      if (c) {
        this.set({ state: 'waiting' }, c.waiting)
        this.set({ state: 'dead' }, c.dead)
      }
    }
  },
})

/** Counts the outbox in `mypage_outbox_messages`; returns a function that stops counting it. */
export function watchOutbox(counts: OutboxCounts): () => void {
  outboxes.add(counts)
  return () => outboxes.delete(counts)
}

/** Counts a job engine's queues in `mypage_job_queue_jobs`; returns a function that stops counting them. */
export function watchJobQueues(counts: QueueCounts): () => void {
  queues.add(counts)
  return () => queues.delete(counts)
}

let defaultsOn = false

/**
 * Serves `GET /metrics` on its own port (host: the server's HOST unless MYPAGE_METRICS_HOST says
 * otherwise). Process metrics (CPU, memory, event-loop lag) join the product's.
 */
export async function startMetricsServer(opts: { port: number; host: string }): Promise<{ server: Server; port: number; close: () => Promise<void> }> {
  if (!defaultsOn) {
    collectDefaultMetrics({ register: registry, prefix: 'mypage_' })
    defaultsOn = true
  }
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end()
      return
    }
    registry
      .metrics()
      .then((text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text))
      .catch(() => res.writeHead(500).end())
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port, opts.host, () => resolve())
  })
  const address = server.address()
  return {
    server,
    port: typeof address === 'object' && address ? address.port : opts.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
