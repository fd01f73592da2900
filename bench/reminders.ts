import { count, eq } from 'drizzle-orm'
import { createScratchDatabase } from '../scripts/stack/scratch-db'
import { createMemoryMailer } from '../server/adapters/mailer'
import { createSandboxPayment } from '../server/adapters/payment'
import type { Identity } from '../server/adapters/identity'
import { parseConfig } from '../server/config'
import { openDatabase, type Db } from '../server/db/client'
import { mailOutbox, members, staff, tickets } from '../server/db/schema'
import { seedIfEmpty } from '../server/db/seed/index'
import { atJst, todayJst, type Clock } from '../server/domain/time'
import { createApiCaches } from '../server/infra/cache'
import { outboxDeliveryJob } from '../server/jobs/outbox-delivery'
import { startJobEngine } from '../server/jobs/engine'
import { eveningReminderJob, soonReminderJob } from '../server/jobs/reminders'
import type { Deps } from '../server/services/deps'
import { createLogger, setLogger } from '../server/observability/log'
import { round, writeResult } from './lib/results'

// Reminders at scale (docs/performance.md "Reminders"): N consultations tomorrow, spread over the
// consultants and the hours 09:00–20:30, one member each; the evening tick at 18:00 JST is run by the
// real job engine (pg-boss) and every reminder goes through the mail outbox (a row per mail, then
// the in-memory transport), as production sends it. Measured per size: the evening run's seconds
// and reminders per second, the consultants' lists, the hour-before tick of the busiest hour, and
// the process's peak RSS. Sizes: BENCH_REMINDER_SIZES (default 1000,3000,10000) on PostgreSQL
// (BENCH_DATABASE_URL, a scratch database each), and the first size on PGlite as `npm start` runs it.
// A benchmark, not a test: it prints figures and fails nothing.

const SIZES = (process.env.BENCH_REMINDER_SIZES ?? '1000,3000,10000').split(',').map(Number)
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

const noIdentity = new Proxy({}, { get: () => () => Promise.reject(new Error('no identity in this bench')) }) as Identity

async function chunked<T>(rows: T[], size: number, insert: (part: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size))
}

/** N members, each with one SUPPORT consultation tomorrow; the seeded consultants take them in turn. */
async function seedConsultations(db: Db, n: number, today: ReturnType<typeof todayJst>, bookedAt: Date) {
  const consultants = (await db.select({ id: staff.staffId }).from(staff)).map((s) => s.id)
  await db.update(staff).set({ email: null })
  const memberRows = Array.from({ length: n }, (_, i) => ({
    memberId: `BR-M-${i}`,
    email: `bench-reminder-${i}@example.com`,
    memberLastname: '検証',
    memberFirstname: `会員${i}`,
    phoneNumber: '09000000000',
    createdAt: bookedAt,
  }))
  await chunked(memberRows, 1000, (part) => db.insert(members).values(part))
  const tomorrow = today.plusDays(1)
  const ticketRows = memberRows.map((m, i) => {
    const cell = i % 24 // 09:00 … 20:30
    return {
      ticketNumber: `BR-T-${i}`,
      memberId: m.memberId,
      productId: 'BENCH',
      productType: 'SUPPORT' as const,
      productName: 'サポートチケット（60分）',
      price: 5500,
      minutesToSupport: 60,
      reservationAt: atJst(tomorrow, 9 + Math.floor(cell / 2), (cell % 2) * 30),
      staffId: consultants[i % consultants.length],
      supportType: (i % 3 === 0 ? 'ONLINE' : 'TEL') as 'ONLINE' | 'TEL',
      supportStatus: 'UNSUPPORTED' as const,
      purchaseTime: bookedAt,
    }
  })
  await chunked(ticketRows, 1000, (part) => db.insert(tickets).values(part))
  // Consultants with an address get their next day's list.
  for (const id of consultants) await db.update(staff).set({ email: `bench-${id.toLowerCase()}@example.com` }).where(eq(staff.staffId, id))
  return consultants.length
}

async function runSize(n: number, database: 'postgresql' | 'pglite') {
  const scratch = database === 'postgresql' ? await createScratchDatabase(BASE_URL, 'mypage_bench') : null
  const opened = await openDatabase(scratch ? { url: scratch.url } : {})
  try {
    let at = new Date()
    const clock: Clock & { set: (d: Date) => void } = { now: () => new Date(at.getTime()), set: (d) => (at = d) }
    const today = todayJst(at)
    clock.set(atJst(today, 12, 0))
    await seedIfEmpty(opened.db, clock.now())
    const consultants = await seedConsultations(opened.db, n, today, atJst(today, 11, 0))
    const config = parseConfig({ APP_ORIGIN: 'http://bench.test', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1' })
    const transport = createMemoryMailer()
    const deps: Deps = {
      db: opened.db,
      identity: noIdentity,
      mailer: transport,
      payment: createSandboxPayment(opened.db, clock),
      clock,
      config,
      caches: createApiCaches(clock),
    }
    const connection = scratch ? { url: scratch.url } : { executeSql: opened.executeSql! }
    const engine = await startJobEngine(deps, [eveningReminderJob, soonReminderJob, outboxDeliveryJob], { connection, workers: false, retryDelaySeconds: 0 })
    let peakRss = process.memoryUsage().rss
    const sample = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50)
    try {
      const t0 = performance.now()
      const evening = await engine.runDue(atJst(today, config.reminders.eveningHour, 0))
      const eveningSeconds = (performance.now() - t0) / 1000
      const out = await opened.db.select({ n: count() }).from(mailOutbox)
      const mailed = out[0].n
      // The hour-before tick at 09:00 tomorrow: the consultations of 09:30 and 10:00.
      const t1 = performance.now()
      const soonAt = atJst(today.plusDays(1), 9, 0)
      clock.set(soonAt)
      const soon = await engine.runDue(soonAt)
      const soonSeconds = (performance.now() - t1) / 1000
      const soonMailed = (await opened.db.select({ n: count() }).from(mailOutbox))[0].n - mailed
      // The same evening slot again (a retry, another replica): nothing more is mailed.
      clock.set(atJst(today, config.reminders.eveningHour, 0))
      await engine.runDue(atJst(today, config.reminders.eveningHour, 0))
      const again = (await opened.db.select({ n: count() }).from(mailOutbox))[0].n - mailed - soonMailed
      return {
        consultations: n,
        database,
        consultants,
        evening: { runs: evening.map((r) => r.state), seconds: round(eveningSeconds, 2), mails: mailed, mailsPerSecond: round(mailed / eveningSeconds, 0) },
        soon: { runs: soon.map((r) => r.state), seconds: round(soonSeconds, 2), mails: soonMailed },
        repeatedTickMails: again,
        delivered: transport.sent.length,
        peakRssMiB: round(peakRss / 2 ** 20, 0),
      }
    } finally {
      clearInterval(sample)
      await engine.stop()
    }
  } finally {
    await opened.close()
    await scratch?.drop()
  }
}

async function main() {
  // The figures are the output: a dropped scratch database's closed connections are not news.
  setLogger(createLogger({ level: 'error' }))
  const rows = []
  for (const n of SIZES) rows.push(await runSize(n, 'postgresql'))
  rows.push(await runSize(SIZES[0], 'pglite'))
  const pg = rows.filter((r) => r.database === 'postgresql')
  const growth = pg.length > 1 ? round(pg.at(-1)!.evening.seconds / pg[0].evening.seconds, 2) : null
  const sizeGrowth = pg.length > 1 ? round(pg.at(-1)!.consultations / pg[0].consultations, 1) : null
  writeResult(
    'reminders',
    { sizes: rows, growth: { seconds: growth, size: sizeGrowth } },
    `${rows.map((r) => `${r.consultations} on ${r.database}: evening ${r.evening.mails} mails in ${r.evening.seconds} s (${r.evening.mailsPerSecond}/s), hour-before ${r.soon.mails} in ${r.soon.seconds} s, repeated tick ${r.repeatedTickMails} more, peak RSS ${r.peakRssMiB} MiB`).join(' · ')}${growth ? ` · ×${growth} the time for ×${sizeGrowth} the consultations` : ''}`,
  )
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e)
    process.exit(1)
  },
)
