import { mkdirSync } from 'node:fs'
import { serve } from '@hono/node-server'
import { createFirebaseIdentity } from './adapters/identity'
import { createSmtpMailer } from './adapters/mailer'
import { createSandboxPayment, type PaymentPort } from './adapters/payment'
import { createStripeClient, createStripePayment } from './adapters/stripe-payment'
import { createApp } from './app'
import { createDbRateLimitStore } from './http/rate-limit-store'
import { ConfigError, parseConfig } from './config'
import { openDatabase } from './db/client'
import { seedIfEmpty, seededIdentities } from './db/seed/index'
import { demoStaff } from './db/seed/staff-accounts'
import { ensureDemoStaff } from './services/staff/accounts'
import { systemClock } from './domain/time'
import { createApiCaches } from './services/cache'
import { createPgCacheBus, type CacheBus } from './services/cache-bus'
import { startPurchaseSweeper } from './services/purchase-sweeper'

async function main() {
  const config = parseConfig()
  if (!config.databaseUrl) mkdirSync(config.pgliteDir, { recursive: true })
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.pgliteDir })
  const clock = systemClock
  // docs/design.md "Payments": sandbox by default; Stripe with PAYMENT_PROVIDER=stripe + STRIPE_SECRET_KEY
  // (parseConfig refuses stripe without the key). In Stripe mode the sandbox's 3-D Secure page and
  // `sandbox/tokens` answer 404 (server/app.ts, server/routes/checkout.ts).
  const payment: PaymentPort =
    config.paymentProvider === 'stripe' && config.stripeSecretKey
      ? createStripePayment(createStripeClient(config.stripeSecretKey))
      : createSandboxPayment(database.db, clock, { chargeDelayMs: config.sandboxChargeDelayMs })
  console.log(`Payments: ${payment.kind}`)
  if (await seedIfEmpty(database.db, clock.now(), { demo: config.seedDemo })) console.log(config.seedDemo ? 'Seeded the catalogue and the demo members' : 'Seeded the catalogue')
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
  if (config.databaseUrl) bus = await createPgCacheBus(config.databaseUrl, { onEvent: caches.apply, onGap: caches.clearAll })
  const deps = {
    db: database.db,
    identity,
    mailer: createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }),
    payment,
    clock,
    config,
    caches,
  }
  // Counted in the database, so every replica shares each limit.
  const app = createApp(deps, { rateLimitStore: createDbRateLimitStore(database.db, () => clock.now().getTime()) })
  // Purchases whose process died mid-charge are recorded or released by whichever replica sweeps
  // first (services/purchase-sweeper.ts, docs/decisions.md 51).
  const stopSweeper = startPurchaseSweeper(deps)

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host })
  // A client that sends its headers or body slowly must not hold a connection for ever (issue 13
  // item 8): the bodies are capped at 32 KB, so 30 s for a whole request is generous.
  if ('headersTimeout' in server) {
    server.headersTimeout = 15_000
    server.requestTimeout = 30_000
  }
  server.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EADDRINUSE') console.error(`Port ${config.port} is already in use (set PORT)`)
    else console.error(`Cannot listen on ${config.host}:${config.port}: ${e.message}`)
    process.exit(1)
  })
  server.on('listening', () => console.log(`${config.staticDir ? 'App and API' : 'API'} listening on http://${config.host}:${config.port} (${config.env})`))

  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    server.close(async () => {
      await stopSweeper().catch(() => {})
      await identity.close().catch(() => {})
      await bus?.close()
      await database.close()
      process.exit(0)
    })
    // Keep-alive connections must not hold the exit.
    setTimeout(async () => {
      await database.close().catch(() => {})
      process.exit(0)
    }, 3000).unref()
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((e) => {
  console.error(e instanceof ConfigError ? e.message : e)
  process.exit(1)
})
