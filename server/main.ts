import { mkdirSync } from 'node:fs'
import type { Server } from 'node:http'
import { serve } from '@hono/node-server'
import { createFirebaseIdentity } from './adapters/identity'
import { createSmtpMailer } from './adapters/mailer'
import { createSandboxPayment, type PaymentPort } from './adapters/payment'
import { createStripeClient, createStripePayment } from './adapters/stripe-payment'
import { createApp } from './app'
import { createDbRateLimitStore } from './http/rate-limit-store'
import { ConfigError, parseConfig } from './config'
import { openDatabase } from './db/client'
import { backupOnSignal } from './db/backup'
import { seedIfEmpty, seededIdentities } from './db/seed/index'
import { demoStaff } from './db/seed/staff-accounts'
import { ensureDemoStaff } from './services/staff/accounts'
import { systemClock } from './domain/time'
import { movableByRequest } from './infra/test-clock'
import { createApiCaches } from './infra/cache'
import { createPgCacheBus, type CacheBus } from './infra/cache-bus'
import { createLocalRoomBus, createPgRoomBus } from './infra/room-bus'
import { createRoomSocketServer } from './http/room-socket'
import { ROOM_STORED_BYTES_MAX } from '../contract/room'
import { startJobEngine } from './jobs/engine'
import { jobsOf } from './jobs/registry'
import { releaseProcessLeases } from './infra/lease-release'
import { flushErrorReports, initErrorReports } from './observability/error-reports'
import { createProcessLogger, log, setLogger } from './observability/log'
import { startMetricsServer, watchCacheBus, watchPool } from './observability/metrics'
import { countedPayment } from './observability/payment-metrics'
import { markLoopBlocked, markStopping } from './observability/readiness'
import { startWatchdog } from './observability/watchdog'
import { parseObservabilitySettings } from './observability/settings'

/** Until the app is ready (migrations, seeding): alive, not ready, nothing else answered. */
const starting = (req: Request): Response => {
  const path = new URL(req.url).pathname
  if (path === '/api/health') return Response.json({ ok: true })
  const headers = { 'cache-control': 'no-store', 'retry-after': '1' }
  if (path === '/api/ready') return Response.json({ ready: false, reason: 'starting' }, { status: 503, headers })
  return Response.json({ message: 'Service Unavailable' }, { status: 503, headers })
}

async function main() {
  setLogger(await createProcessLogger())
  const config = parseConfig()
  const settings = parseObservabilitySettings()
  if (await initErrorReports({ dsn: settings.sentryDsn, release: settings.release, environment: settings.environment ?? config.env })) log().info(`Error reports: Sentry (${settings.release})`)

  // Listening from the start: a balancer sees the process alive (/api/health) and not ready
  // (/api/ready 503) while the migrations and the seeding run; the app takes over once it is built.
  let handle: (req: Request) => Response | Promise<Response> = starting
  const server = serve({ fetch: (req) => handle(req), port: config.port, hostname: config.host }) as Server
  // A client that sends its headers or body slowly must not hold a connection for ever: the bodies
  // are capped at 32 KB, so 30 s for a whole request is generous.
  server.headersTimeout = 15_000
  server.requestTimeout = 30_000
  server.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EADDRINUSE') log().fatal(`Port ${config.port} is already in use (set PORT)`)
    else log().fatal(`Cannot listen on ${config.host}:${config.port}: ${e.message}`)
    process.exit(1)
  })
  // Requests in flight, for the drain on SIGTERM.
  let inFlight = 0
  server.on('request', (_req, res) => {
    inFlight++
    res.once('close', () => inFlight--)
  })
  const metricsServer = settings.metricsPort !== undefined ? await startMetricsServer({ port: settings.metricsPort, host: settings.metricsHost }) : null
  if (metricsServer) log().info(`Metrics on http://${settings.metricsHost}:${metricsServer.port}/metrics`)

  if (!config.databaseUrl) mkdirSync(config.pgliteDir, { recursive: true })
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl, statementTimeoutMs: config.limits.statementTimeoutMs } : { dataDir: config.pgliteDir })
  // PGlite: `kill -USR2 <pid>` writes a consistent backup while the server runs (server/db/backup.ts).
  if (database.dumpDataDir) backupOnSignal(database, config.pgliteBackupDir, (msg, err) => (err ? log().error({ err }, msg) : log().info(msg)))
  if (database.poolStats) watchPool(database.poolStats)
  // With test routes on, a browser test may move one request's time (server/infra/test-clock.ts).
  const clock = config.enableTestRoutes ? movableByRequest(systemClock) : systemClock
  // docs/design.md "Payments": sandbox by default; Stripe with PAYMENT_PROVIDER=stripe + STRIPE_SECRET_KEY
  // (parseConfig refuses stripe without the key). In Stripe mode the sandbox's 3-D Secure page and
  // `sandbox/tokens` answer 404 (server/app.ts, server/routes/checkout.ts).
  // Charges are counted at the port (server/observability/payment-metrics.ts).
  const payment: PaymentPort = countedPayment(
    config.paymentProvider === 'stripe' && config.stripeSecretKey
      ? createStripePayment(createStripeClient(config.stripeSecretKey))
      : createSandboxPayment(database.db, clock, { chargeDelayMs: config.sandboxChargeDelayMs }),
  )
  log().info(`Payments: ${payment.kind}`)
  if (await seedIfEmpty(database.db, clock.now(), { demo: config.seedDemo })) log().info(config.seedDemo ? 'Seeded the catalogue and the demo members' : 'Seeded the catalogue')
  const identity = createFirebaseIdentity({ projectId: config.firebaseProjectId, emulatorHost: config.firebaseAuthEmulatorHost })
  // Demo members only where asked for (SEED_DEMO=1: the local start and the test stacks; refused in
  // production): the emulator starts empty on a fresh machine, so make sure they can sign in.
  if (config.seedDemo) {
    for (const m of seededIdentities) {
      await identity.ensureUser({ uid: m.memberId, email: m.email, password: m.password, displayName: `${m.memberLastname} ${m.memberFirstname}` })
    }
    // The demo operator and consultant (server/db/seed/staff-accounts.ts): row, user and claims.
    await ensureDemoStaff({ db: database.db, identity }, demoStaff, clock.now())
  }
  // Replicas on one PostgreSQL invalidate each other's caches over LISTEN/NOTIFY;
  // PGlite is one process's own database: nothing to tell anyone.
  let bus: CacheBus | null = null
  const caches = createApiCaches(clock, {}, () => bus)
  if (config.databaseUrl) {
    bus = await createPgCacheBus(config.databaseUrl, { onEvent: caches.apply, onGap: caches.clearAll })
    watchCacheBus(bus)
  }
  const deps = {
    db: database.db,
    identity,
    // Only the outbox's delivery job hands mails to it (server/infra/outbox.ts), within the timeouts.
    mailer: createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, timeouts: config.smtpTimeouts }),
    payment,
    clock,
    config,
    caches,
  }
  // Every timed task is a job of the engine, on this same database (server/jobs/, docs/decisions.md
  // 80): the purchase sweeper (decision 51), the planned shifts' extension, the outbox's delivery.
  // The room's bus first: its log's clean-up is one of the jobs (server/jobs/room-log-prune.ts).
  const roomLimits = { maxChatBytes: ROOM_STORED_BYTES_MAX }
  const roomBus = config.databaseUrl ? await createPgRoomBus(config.databaseUrl, roomLimits) : createLocalRoomBus(roomLimits)
  const engine = await startJobEngine(deps, jobsOf({ roomLog: roomBus }), { connection: config.databaseUrl ? { url: config.databaseUrl } : { executeSql: database.executeSql! } })
  // The booking window needs the planned shifts from the start, not at the next hour.
  await engine.runNow('shift-extension').catch((e: Error) => log().error({ err: e }, 'could not extend the planned shifts'))
  // Counted in the database, so every replica shares each limit.
  const app = createApp(deps, { rateLimitStore: createDbRateLimitStore(database.db, () => clock.now().getTime()), jobs: engine })

  // The online room's signalling socket (server/http/room-socket.ts): its messages travel between
  // replicas over PostgreSQL's LISTEN/NOTIFY; on PGlite, one process, in-process (decision 92).
  const roomSockets = createRoomSocketServer(deps, roomBus)
  server.on('upgrade', (req, socket, head) => {
    if (!roomSockets.handleUpgrade(req, socket, head)) socket.destroy()
  })

  handle = app.fetch
  log().info(`${config.staticDir ? 'App and API' : 'API'} ready on http://${config.host}:${config.port} (${config.env})`)

  // The event-loop watchdog (server/observability/watchdog.ts), from the moment the app serves (the
  // migrations and PGlite's first start may hold the loop on purpose): a loop blocked past
  // WATCHDOG_BLOCKED_MS makes this replica not ready and ends it, in order (exit 1) if the loop
  // comes back, by SIGKILL from the watchdog's thread if it does not.
  const watchdog = config.limits.watchdogBlockedMs > 0
    ? startWatchdog({
        blockedMs: config.limits.watchdogBlockedMs,
        onBlocked: () => {
          markLoopBlocked()
          log().error({ blockedMs: config.limits.watchdogBlockedMs }, 'watchdog: the event loop was blocked; stopping this replica')
          void stop('watchdog', 1)
        },
      })
    : null

  // SIGTERM (a deploy, a scale-down): no new connections, the requests in flight answered within
  // the grace period, then the leases this process still holds given up for the other replicas'
  // sweepers, and everything closed in order (docs/operations.md "Stopping").
  let stopping = false
  async function stop(signal: string, exitCode = 0) {
    if (stopping) return
    stopping = true
    markStopping()
    // Should closing hang (a connection that never ends), the process still ends, marked as failed.
    setTimeout(() => {
      log().error('stopping: not closed in time, exiting')
      process.exit(1)
    }, settings.shutdownGraceMs + 10_000).unref()
    log().info({ signal, inFlight }, 'stopping: draining the requests in flight')
    server.close()
    // Open rooms are told to go (their browsers rejoin through another replica).
    await roomSockets.close().catch(() => {})
    // The jobs running here finish (a sweep gives its leases back on its own), no new one starts.
    const jobsStopped = engine.stop().catch((e: Error) => log().error({ err: e }, 'stopping: the job engine did not stop cleanly'))
    const deadline = Date.now() + settings.shutdownGraceMs
    // Idle keep-alive connections would hold the close; a connection whose request just ended is idle next.
    while (inFlight > 0 && Date.now() < deadline) {
      server.closeIdleConnections()
      await new Promise((r) => setTimeout(r, 50))
    }
    if (inFlight > 0) log().warn({ inFlight }, 'stopping: grace period over, closing the connections still open')
    server.closeAllConnections()
    await jobsStopped
    const released = await releaseProcessLeases(database.db, clock.now()).catch((e: Error) => {
      log().error({ err: e }, 'stopping: could not give up the purchase leases (they lapse on their own)')
      return 0
    })
    if (released) log().warn({ released }, 'stopping: purchase attempts left to the other replicas\' sweepers')
    await identity.close().catch(() => {})
    await bus?.close().catch(() => {})
    await roomBus.close().catch(() => {})
    await metricsServer?.close().catch(() => {})
    await flushErrorReports().catch(() => {})
    await database.close().catch(() => {})
    await watchdog?.stop().catch(() => {})
    log().info({ exitCode }, 'stopped')
    process.exit(exitCode)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

main().catch((e) => {
  if (e instanceof ConfigError) log().fatal(e.message)
  else log().fatal({ err: e }, 'start failed')
  process.exit(1)
})
