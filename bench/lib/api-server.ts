import { createScratchDatabase } from '../../scripts/stack/scratch-db'
import { serve } from '@hono/node-server'
import { sql } from 'drizzle-orm'
import type { AddressInfo } from 'node:net'
import type { Identity } from '../../server/adapters/identity'
import { createMemoryMailer, createSmtpMailer } from '../../server/adapters/mailer'
import { createSandboxPayment } from '../../server/adapters/payment'
import { createApp } from '../../server/app'
import { parseConfig } from '../../server/config'
import { openDatabase, type Database, type Db } from '../../server/db/client'
import { bookings, purchases, staff, staffShifts } from '../../server/db/schema'
import { seedMember } from '../../server/db/seed/members'
import { seedIfEmpty } from '../../server/db/seed/index'
import { atJst, formatYmd, systemClock, todayJst } from '../../server/domain/time'
import { createApiCaches } from '../../server/infra/cache'
import { createPgCacheBus, type CacheBus } from '../../server/infra/cache-bus'
import { createDbRateLimitStore } from '../../server/http/rate-limit-store'
import { startJobEngine, type JobEngine } from '../../server/jobs/engine'
import { jobsOf } from '../../server/jobs/registry'

/**
 * The API server of the load and growth benchmarks, in a process of its own (the load generator
 * must not share its event loop). The real app (createApp) on a scratch PostgreSQL database
 * (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test; a database of its own,
 * dropped on exit) or on PGlite in memory (BENCH_DATABASE_URL=pglite), seeded with the demo
 * catalog plus:
 *   BENCH_STAFF      consultants in total (shifts 09–21 on each of the next 15 days, about a third
 *                    of their cells booked), default 8;
 *   BENCH_PURCHASES  purchase rows of the bench member inside the default 3-month window, default 0;
 *   BENCH_CACHE      `off`: the member and schedule caches disabled (every request computes), to
 *                    measure the computation itself; default on, as in production.
 *   BENCH_JOBS       `on`: the job engine runs beside the app as server/main.ts runs it (workers
 *                    polling their queues, the cron timekeeper), to measure what that costs the reads.
 *   BENCH_JOIN_DATABASE_URL  join a running bench server's database as another replica:
 *                    no seeding; the cache bus and the database rate-limit store as in production.
 *   BENCH_SMTP_URL   the job engine's outbox delivers over SMTP to this server (bench/outbox.ts);
 *                    default: an in-memory mailer. OUTBOX_POLL_MS is passed on to the configuration.
 * Token verification is an in-memory map (the Auth Emulator's own latency is not the API's): the
 * token `bench` is the bench member. Prints one line `READY {json}` when listening.
 */

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const STAFF = Number(process.env.BENCH_STAFF ?? 8)
const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 0)
const CACHE = process.env.BENCH_CACHE !== 'off'
const JOBS = process.env.BENCH_JOBS === 'on'

async function scratchDatabase() {
  if (BASE_URL === 'pglite') return { url: undefined, drop: async () => {} }
  return createScratchDatabase(BASE_URL, 'mypage_bench')
}

async function chunked<T>(rows: T[], size: number, insert: (part: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size))
}

/** Extra consultants up to STAFF, each working 09–21 for 15 days, about a third of the cells booked. */
async function seedStaff(db: Db, now: Date) {
  const existing = await db.select({ id: staff.staffId }).from(staff)
  const extra = Math.max(0, STAFF - existing.length)
  const today = todayJst(now)
  const staffRows = Array.from({ length: extra }, (_, i) => ({
    staffId: `BENCH-${String(i + 1).padStart(4, '0')}`,
    staffNickname: `相談員${i + 1}`,
    staffAge: 30 + (i % 20),
    staffGender: (i % 2 ? 'MALE' : 'FEMALE') as 'MALE' | 'FEMALE',
    staffImageUrl: null,
    sortOrder: 100 + i,
  }))
  if (staffRows.length) await chunked(staffRows, 500, (part) => db.insert(staff).values(part))
  const shiftRows: { staffId: string; startsAt: Date; endsAt: Date }[] = []
  const bookingRows: { staffId: string; cellStart: Date; ticketNumber: string }[] = []
  staffRows.forEach((s, i) => {
    for (let d = 0; d <= 14; d++) {
      const day = today.plusDays(d)
      shiftRows.push({ staffId: s.staffId, startsAt: atJst(day, 9, 0), endsAt: atJst(day, 21, 0) })
      for (let h = 9; h < 21; h++) {
        for (const m of [0, 30]) {
          if ((h * 2 + m / 30 + i + d) % 3 === 0) bookingRows.push({ staffId: s.staffId, cellStart: atJst(day, h, m), ticketNumber: `BENCH-T-${s.staffId}-${formatYmd(day)}-${h}${m}` })
        }
      }
    }
  })
  await chunked(shiftRows, 2000, (part) => db.insert(staffShifts).values(part))
  await chunked(bookingRows, 2000, (part) => db.insert(bookings).values(part))
  return { staff: existing.length + extra, bookings: bookingRows.length }
}

async function seedPurchases(db: Db, memberId: string, now: Date) {
  const span = 80 * 86_400_000
  const rows = Array.from({ length: PURCHASES }, (_, i) => ({
    receiptNumber: `BENCH-R-${String(i).padStart(7, '0')}`,
    memberId,
    ticketNumber: `BENCH-P-${String(i).padStart(7, '0')}`,
    productType: 'SUPPORT' as const,
    productName: 'サポートチケット30分',
    amount: 3000,
    amountBeforeCoupon: 3000,
    couponCode: null,
    purchaseTime: new Date(Math.floor((now.getTime() - 3_600_000 - (span * i) / Math.max(1, PURCHASES)) / 1000) * 1000),
  }))
  await chunked(rows, 5000, (part) => db.insert(purchases).values(part))
  // The keyset cursor of the middle row: a page deep in the history.
  const mid = rows[Math.floor(rows.length / 2)]
  return mid ? { memberId, ticketNumber: mid.ticketNumber, purchaseTime: Math.floor(mid.purchaseTime.getTime() / 1000) } : null
}

/** Another replica of a running bench server: its database, no seeding, nothing dropped on exit. */
const JOIN_URL = process.env.BENCH_JOIN_DATABASE_URL

async function main() {
  const scratch = JOIN_URL ? { url: JOIN_URL, drop: async () => {} } : await scratchDatabase()
  const database = await openDatabase(scratch.url ? { url: scratch.url } : {})
  const now = systemClock.now()
  const memberId = 'BENCHMEMBER01'
  if (JOIN_URL) return serveApp(database, scratch, memberId, now, { joined: true, midCursor: null })
  await seedIfEmpty(database.db, now)
  await database.db.transaction((tx) =>
    seedMember(tx, { memberId, email: 'bench@example.com', password: 'bench1234', memberLastname: 'ベンチ', memberFirstname: '会員', phoneNumber: '09000000000' }, 'demo', now),
  )
  const seeded = await seedStaff(database.db, now)
  const midCursor = await seedPurchases(database.db, memberId, now)
  // ANALYZE: the planner must see the bulk rows as a real database would after autovacuum.
  if (database.kind === 'postgres') await database.db.execute(sql`ANALYZE`).catch(() => {})
  return serveApp(database, scratch, memberId, now, { ...seeded, midCursor })
}

/**
 * The app as server/main.ts builds it: on PostgreSQL with the cache bus and the database
 * rate-limit store, so that replicas of it behave as production replicas do.
 */
async function serveApp(database: Database, scratch: { url: string | undefined; drop: () => Promise<void> }, memberId: string, now: Date, facts: Record<string, unknown>) {
  const identity: Identity = {
    verifyIdToken: async (token) => {
      if (token !== 'bench') throw new Error('invalid token')
      return { uid: memberId }
    },
    getUserByEmail: async () => null,
    createUser: async () => {},
    updateUser: async () => {},
    deleteUser: async () => {},
    ensureUser: async () => {},
    close: async () => {},
  }
  const config = parseConfig({ ENABLE_TEST_ROUTES: '1', APP_ORIGIN: 'http://127.0.0.1', ...(process.env.OUTBOX_POLL_MS ? { OUTBOX_POLL_MS: process.env.OUTBOX_POLL_MS } : {}) })
  let bus: CacheBus | null = null
  const caches = createApiCaches(systemClock, CACHE ? {} : { memberMs: 0, scheduleMs: 0 }, () => bus)
  if (scratch.url) bus = await createPgCacheBus(scratch.url, { onEvent: caches.apply, onGap: caches.clearAll })
  const smtpUrl = process.env.BENCH_SMTP_URL
  const mailer = smtpUrl ? createSmtpMailer({ smtpUrl, from: config.mailFrom, timeouts: config.smtpTimeouts }) : createMemoryMailer()
  const deps = { db: database.db, identity, mailer, payment: createSandboxPayment(database.db, systemClock), clock: systemClock, config, caches }
  const app = createApp(deps, database.kind === 'postgres' ? { rateLimitStore: createDbRateLimitStore(database.db) } : {})
  const engine: JobEngine | null = JOBS ? await startJobEngine(deps, jobsOf({ roomLog: { prune: async () => 0 } }), { connection: scratch.url ? { url: scratch.url } : { executeSql: database.executeSql! } }) : null
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
    console.log(`READY ${JSON.stringify({ port: info.port, token: 'bench', db: database.kind, databaseUrl: scratch.url, ...facts, purchases: PURCHASES, cache: CACHE, jobs: JOBS, today: formatYmd(todayJst(now)) })}`)
  })
  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    server.close()
    setTimeout(async () => {
      await engine?.stop().catch(() => {})
      await bus?.close()
      await database.close().catch(() => {})
      await scratch.drop()
      process.exit(0)
    }, 200)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
