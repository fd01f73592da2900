import { and, count, eq, inArray } from 'drizzle-orm'
import { parseConfig } from '../server/config'
import { openDatabase, type Db } from '../server/db/client'
import { mailOutbox } from '../server/db/schema'
import { systemClock } from '../server/domain/time'
import { notify } from '../server/infra/outbox'
import { createLogger, setLogger } from '../server/observability/log'
import { startFakeSmtp, type FakeSmtp } from '../scripts/stack/fake-smtp'
import { startBenchServer, type BenchServer } from './lib/api-process'
import { round, writeResult } from './lib/results'

// The outbox (docs/performance.md "The outbox"): two replicas of the bench server on one
// PostgreSQL, each with the job engine (the delivery job offered every OUTBOX_POLL_MS by each),
// delivering over SMTP to a mail server of the bench's own (scripts/stack/fake-smtp.ts).
//   1. Throughput: N messages written by notify() in one transaction, then the time until every one
//      is sent — with one replica, then with two. Also how fast notify() writes (one transaction per
//      message, as a request writes its own).
//   2. A purchase while 1,000 mails are queued and the mail server takes 2 s per mail: the p50 and
//      p99 of `charge` (sandbox token + charge, one after another), beside the same with the queue
//      empty and the mail server answering at once.
// A benchmark, not a test: it prints figures and fails nothing. BENCH_DATABASE_URL as the others.

const N = Number(process.env.BENCH_OUTBOX_MESSAGES ?? 2000)
const PURCHASES = Number(process.env.BENCH_OUTBOX_PURCHASES ?? 60)
const POLL_MS = process.env.BENCH_OUTBOX_POLL_MS ?? '200'

setLogger(createLogger({ sink: { write: () => {} } }))
const config = parseConfig({ APP_ORIGIN: 'http://bench.test', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1' })
const deps = { clock: systemClock, config }

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]
}

/** N messages in one transaction: none is seen by a delivery before the commit. */
async function queue(db: Db, n: number, tag: string): Promise<number[]> {
  return db.transaction(async (tx) => {
    const ids: number[] = []
    for (let i = 0; i < n; i++) {
      const id = await notify(tx, deps, { kind: 'bench', key: `bench:${tag}:${i}`, mail: { to: `bench-${i}@example.com`, subject: '【ITサポート】ベンチ', text: `ベンチのメール ${i}` } })
      if (id !== null) ids.push(id)
    }
    return ids
  })
}

async function sentOf(db: Db, ids: number[]): Promise<number> {
  let sent = 0
  for (let i = 0; i < ids.length; i += 5000) {
    const [row] = await db.select({ n: count() }).from(mailOutbox).where(and(inArray(mailOutbox.id, ids.slice(i, i + 5000)), eq(mailOutbox.status, 'sent')))
    sent += Number(row?.n ?? 0)
  }
  return sent
}

async function untilSent(db: Db, ids: number[], limitMs: number): Promise<number> {
  const t0 = performance.now()
  while ((await sentOf(db, ids)) < ids.length) {
    if (performance.now() - t0 > limitMs) throw new Error('the outbox did not drain in time')
    await new Promise((r) => setTimeout(r, 100))
  }
  return (performance.now() - t0) / 1000
}

async function throughput(db: Db, tag: string) {
  const ids = await queue(db, N, tag)
  const seconds = await untilSent(db, ids, 600_000)
  return { messages: ids.length, seconds: round(seconds, 2), mailsPerSecond: round(ids.length / seconds, 0) }
}

async function notifyRate(db: Db) {
  const n = 500
  const t0 = performance.now()
  for (let i = 0; i < n; i++) await db.transaction((tx) => notify(tx, deps, { kind: 'bench', key: `bench:rate:${i}`, mail: { to: `rate-${i}@example.com`, subject: '件名', text: '本文' } }))
  const seconds = (performance.now() - t0) / 1000
  return { messages: n, perSecond: round(n / seconds, 0), meanMs: round((seconds * 1000) / n, 2) }
}

async function call(server: BenchServer, name: string, body: unknown, key?: string) {
  const t0 = performance.now()
  const res = await fetch(`${server.url}/api/${name}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
    body: JSON.stringify(body),
  })
  const json = (await res.json()) as Record<string, unknown>
  return { status: res.status, body: json, ms: performance.now() - t0 }
}

const jstDay = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * 86_400_000)).replaceAll('-', '')

/** Free 30-minute cells of the bench's consultants, from tomorrow on. */
async function openCells(server: BenchServer, n: number) {
  const cells: { staffId: string; reservationTime: string }[] = []
  for (let d = 1; d <= 14 && cells.length < n; d++) {
    const res = await fetch(`${server.url}/api/reservation-schedule?dt=${jstDay(d)}&minutesToSupport=30`, { headers: { authorization: `Bearer ${server.token}` } })
    const body = (await res.json()) as { selectDate: string; staffSchedules: { staffId: string; schedules: Record<string, boolean> }[] }
    for (const s of body.staffSchedules) for (const [slot, free] of Object.entries(s.schedules)) if (free) cells.push({ staffId: s.staffId, reservationTime: `SUPPORT-${body.selectDate}-${slot}` })
  }
  // Spread over the days and consultants: neighbours would race for one consultant's cells.
  return cells.filter((_, i) => i % 3 === 0).slice(0, n)
}

/** `PURCHASES` bookings one after another (SUPPORT-30 in a free cell): the charge's time each. */
async function purchases(server: BenchServer, tag: string) {
  const ms: number[] = []
  let failed = 0
  for (const [i, cell] of (await openCells(server, PURCHASES)).entries()) {
    const token = await call(server, 'sandbox/tokens', { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', name: 'BENCH MEMBER' })
    const r = await call(server, 'charge', { productId: 'SUPPORT-30', cardToken: token.body.tokenId, saveCard: false, staffId: cell.staffId, reservationTime: cell.reservationTime, supportType: 'TEL', reservationMenuList: [] }, `bench-${tag}-${i}`)
    if (r.status !== 200) {
      failed++
      if (failed === 1) console.log(`[outbox] a purchase failed: ${r.status} ${JSON.stringify(r.body)}`)
    } else ms.push(r.ms)
  }
  return { purchases: ms.length, failed, p50ms: round(percentile(ms, 50), 1), p99ms: round(percentile(ms, 99), 1), maxMs: round(Math.max(...ms), 1) }
}

async function main() {
  // The primary only holds the scratch database (dropped when it stops) and no job engine; the
  // replicas that join it deliver.
  const primary = await startBenchServer({ BENCH_JOBS: 'off' })
  const url = String(primary.info.databaseUrl)
  const database = await openDatabase({ url })
  const fast: FakeSmtp = await startFakeSmtp()
  const replicas: BenchServer[] = []
  const replica = async (smtpUrl: string) => {
    const r = await startBenchServer({ BENCH_JOBS: 'on', BENCH_SMTP_URL: smtpUrl, OUTBOX_POLL_MS: POLL_MS, BENCH_JOIN_DATABASE_URL: url })
    replicas.push(r)
    return r
  }
  const stopReplicas = async () => {
    for (const r of replicas.splice(0)) await r.stop()
  }
  try {
    const write = await notifyRate(database.db)
    const first = await replica(fast.url)
    await untilSent(database.db, (await database.db.select({ id: mailOutbox.id }).from(mailOutbox)).map((r) => r.id), 300_000)
    const one = await throughput(database.db, 'one')
    await replica(fast.url)
    const two = await throughput(database.db, 'two')
    console.log(`[outbox] notify ${write.perSecond}/s (${write.meanMs} ms each); delivery of ${N}: one replica ${one.mailsPerSecond}/s, two ${two.mailsPerSecond}/s`)
    const baseline = await purchases(first, 'baseline')
    console.log(`[outbox] purchase, queue empty, mail server at once: p50 ${baseline.p50ms} ms, p99 ${baseline.p99ms} ms (${baseline.failed} failed)`)
    await stopReplicas()

    // The slow mail server: 2 s per mail; 1,000 mails queued before the purchases start.
    const slow = await startFakeSmtp({ delayMs: 2000 })
    const delivering = await replica(slow.url)
    await replica(slow.url)
    const queued = await queue(database.db, 1000, 'slow')
    const during = await purchases(delivering, 'slow')
    const stillQueued = queued.length - (await sentOf(database.db, queued))
    console.log(`[outbox] purchase, 1,000 mails queued, mail server 2 s per mail: p50 ${during.p50ms} ms, p99 ${during.p99ms} ms (${during.failed} failed; ${stillQueued} of the queue still waiting when the purchases ended)`)
    await stopReplicas()
    await slow.stop()
    writeResult(
      'outbox',
      { messages: N, pollMs: Number(POLL_MS), notify: write, oneReplica: one, twoReplicas: two, purchaseBaseline: baseline, purchaseSlowMailServer: { ...during, queued: 1000, mailServerMsPerMail: 2000, stillQueuedAtEnd: stillQueued } },
      `delivery ${one.mailsPerSecond}/s on one replica, ${two.mailsPerSecond}/s on two; purchase p99 ${baseline.p99ms} ms with an empty queue, ${during.p99ms} ms with 1,000 queued and a mail server of 2 s per mail`,
    )
  } finally {
    await stopReplicas().catch(() => {})
    await fast.stop()
    await database.close()
    await primary.stop().catch(() => {})
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e)
    process.exit(1)
  },
)
