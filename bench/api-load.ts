import { load, loadSpread, probe, startBenchServer, windowDays, type BenchServer, type LoadFigures } from './lib/api-process'
import { round, writeResult } from './lib/results'

// API load: a bare Hono JSON route, reservation-schedule (each of the 15 days of the
// window, 8 consultants, seeded bookings) and every member read — user-data in each of its six
// kinds, purchase-list, ticket-data, charge-data, nowonsale-products, reservation-menu-list — on the
// same server in the same run, 50 connections over loopback. Target, for the schedule and for each
// read: ≥ 50 % of the bare route's requests per second and p99 ≤ 20 ms; and at two replicas the
// schedule keeps ≥ 90 % of its ratio to the bare route at one. The verdict covers them all.
// Then the same app as 1, 2 and 3 replicas on the one PostgreSQL (each with the cache bus
// and the database rate-limit store, as server/main.ts runs), the 50 connections spread over them.

const CONNECTIONS = 50
const DURATION = Number(process.env.BENCH_DURATION ?? 10)

async function main() {
  const server = await startBenchServer({ BENCH_STAFF: '8' })
  try {
    const days = windowDays(String(server.info.today))
    const schedulePaths = days.map((dt) => `/api/reservation-schedule?dt=${dt}&minutesToSupport=60`)
    const sample = (await probe(server, schedulePaths[1])) as { staffSchedules: unknown[] }
    const reads = await memberReads(server)
    const targets: [string, string[]][] = [['bare', ['/api/__bench/bare']], ['reservation-schedule', schedulePaths], ...reads]
    // A short warm-up of each (JIT, connection pool), then the measured runs.
    for (const [, paths] of targets) await load(server, paths, { connections: CONNECTIONS, duration: 2 })
    const figures: Record<string, LoadFigures & { ratioToBare?: number; met?: boolean }> = {}
    for (const [name, paths] of targets) figures[name] = await load(server, paths, { connections: CONNECTIONS, duration: DURATION })
    const judged = targets.map(([name]) => name).filter((n) => n !== 'bare')
    for (const name of judged) {
      figures[name].ratioToBare = round(figures[name].reqPerSec / figures.bare.reqPerSec, 3)
      figures[name].met = figures[name].ratioToBare! >= 0.5 && figures[name].p99ms <= 20
    }
    const replicas = await replicaCurve(server, schedulePaths)
    const jobsCost = await withJobsRunning(schedulePaths, figures)
    // Replicas that agree cheaply: the schedule's ratio to the bare route at two replicas is at
    // least 0.9× its ratio at one, in the same run (PostgreSQL only: PGlite has no replicas).
    const [one, two] = replicas
    const replicaCost = one && two ? { ratioAtOne: one.scheduleRatioToBare, ratioAtTwo: two.scheduleRatioToBare, kept: round(two.scheduleRatioToBare / one.scheduleRatioToBare, 3), target: 0.9, met: two.scheduleRatioToBare >= 0.9 * one.scheduleRatioToBare } : null
    const missed = [...judged.filter((n) => !figures[n].met), ...(replicaCost && !replicaCost.met ? ['replicas'] : [])]
    const met = missed.length === 0
    const s = figures['reservation-schedule']
    const line = (n: string) => `${n} ${figures[n].reqPerSec} req/s p50 ${figures[n].p50ms} ms p99 ${figures[n].p99ms} ms${n === 'bare' ? '' : ` (${figures[n].ratioToBare}×)`}`
    writeResult(
      'api-load',
      {
        setup: { connections: CONNECTIONS, durationSeconds: DURATION, database: server.info.db, consultants: server.info.staff, consultantsOnSampleDay: sample.staffSchedules.length, seededBookings: server.info.bookings, days: days.length, auth: 'in-memory token map (no Auth Emulator round trip)' },
        figures,
        targets: { ratioToBare: 0.5, p99ms: 20, covers: judged, replicaRatioKept: 0.9, met, missed },
        replicas,
        replicaCost,
        jobsCost,
      },
      `${judged.map(line).join(' · ')} · ${line('bare')} · target ≥0.5× and p99 ≤20 ms for the schedule and every member read (${judged.length}), and at two replicas ≥0.9× the schedule's ratio at one: ${met ? 'met' : `NOT met (${missed.join(', ')})`} · schedule ${s.ratioToBare}× · replicas ${replicas.map((r) => `${r.replicas}: bare ${r.bare.reqPerSec}, schedule ${r.schedule.reqPerSec} req/s (${r.scheduleRatioToBare}×)`).join('; ')}${replicaCost ? ` · ratio kept at two replicas ${replicaCost.kept}×` : ''} · with the job engine polling: ${jobsCost.map((j) => `${j.name} ${j.ratioToBareWithJobs}× (without ${j.ratioToBareWithout}×)`).join(', ')}`,
    )
  } finally {
    await server.stop()
  }
}

/**
 * Every member read the app makes, as the pages call it, for the bench member: user-data in each
 * kind, a page of the payment history, a ticket opened for its rating (or its date change), the
 * charge data of a ticket, the products on sale and a reservation menu.
 */
async function memberReads(server: BenchServer): Promise<[string, string[]][]> {
  const kinds = ['MEMBER', 'INFORMATION', 'BUSSINESS_HOLIDAY', 'MEMBER_COUPON', 'MEMBER_INTERVIEW_TICKET', 'MEMBER_SUPPORT_TICKET']
  const { supportTicketList } = (await probe(server, '/api/user-data?data=MEMBER_SUPPORT_TICKET')) as { supportTicketList: Array<{ ticketNumber: string; supportStatus: string; productType: string; alreadyRating?: boolean; amountRefunded?: number | null }> }
  const ratable = supportTicketList.find((t) => t.productType === 'SUPPORT' && t.supportStatus === 'COMPLETED' && !t.alreadyRating && !t.amountRefunded)
  if (!ratable) throw new Error('the bench member holds no ratable ticket to read')
  const reads: [string, string[]][] = [
    ...kinds.map((d): [string, string[]] => [`user-data ${d}`, [`/api/user-data?data=${d}`]]),
    ['purchase-list', ['/api/purchase-list']],
    ['ticket-data', [`/api/ticket-data?ticketNumber=${ratable.ticketNumber}&action=RATING`]],
    ['charge-data', ['/api/charge-data?productId=SUPPORT-60']],
    ['nowonsale-products', ['/api/nowonsale-products?productType=SUPPORT']],
    ['reservation-menu-list', ['/api/reservation-menu-list?estimatedMinute=60']],
  ]
  for (const [, [p]] of reads) await probe(server, p)
  return reads
}

/**
 * 1, 2 and 3 replicas of the app on the primary's PostgreSQL database: bare route and schedule,
 * the connections spread over them. Only on PostgreSQL (PGlite is one process's database).
 */
async function replicaCurve(primary: BenchServer, schedulePaths: string[]) {
  const url = primary.info.databaseUrl as string | undefined
  if (!url) return []
  const joined: BenchServer[] = []
  try {
    const curve = []
    for (let n = 1; n <= 3; n++) {
      while (joined.length < n - 1) joined.push(await startBenchServer({ BENCH_JOIN_DATABASE_URL: url }))
      const servers = [primary, ...joined]
      for (const s of servers) await probe(s, schedulePaths[1])
      await loadSpread(servers, schedulePaths, { connections: CONNECTIONS, duration: 2 })
      const bare = await loadSpread(servers, ['/api/__bench/bare'], { connections: CONNECTIONS, duration: DURATION })
      const schedule = await loadSpread(servers, schedulePaths, { connections: CONNECTIONS, duration: DURATION })
      curve.push({ replicas: n, bare, schedule, scheduleRatioToBare: round(schedule.reqPerSec / bare.reqPerSec, 3) })
      console.log(`replicas ${n}: bare ${bare.reqPerSec} req/s, schedule ${schedule.reqPerSec} req/s (p99 ${schedule.p99ms} ms)`)
    }
    return curve
  } finally {
    for (const s of joined) await s.stop()
  }
}

/**
 * What the job engine's polling costs the member reads: the same app with its workers and cron
 * timekeeper running (BENCH_JOBS=on, as server/main.ts runs it), the schedule and the member row
 * read as above; each compared with the bare route of its own server, so the two servers' runs
 * compare as ratios (the machine may drift between them).
 */
async function withJobsRunning(schedulePaths: string[], without: Record<string, LoadFigures & { ratioToBare?: number }>) {
  const server = await startBenchServer({ BENCH_STAFF: '8', BENCH_JOBS: 'on' })
  try {
    const targets: [string, string[]][] = [['bare', ['/api/__bench/bare']], ['reservation-schedule', schedulePaths], ['user-data MEMBER', ['/api/user-data?data=MEMBER']]]
    for (const [, paths] of targets) await load(server, paths, { connections: CONNECTIONS, duration: 2 })
    const measured: Record<string, LoadFigures> = {}
    for (const [name, paths] of targets) measured[name] = await load(server, paths, { connections: CONNECTIONS, duration: DURATION })
    return targets.slice(1).map(([name]) => ({
      name,
      withJobs: measured[name],
      ratioToBareWithJobs: round(measured[name].reqPerSec / measured.bare.reqPerSec, 3),
      ratioToBareWithout: without[name].ratioToBare,
    }))
  } finally {
    await server.stop()
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
