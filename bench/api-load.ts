import { load, loadSpread, probe, startBenchServer, windowDays, type BenchServer, type LoadFigures } from './lib/api-process'
import { round, writeResult } from './lib/results'

// API load: a bare Hono JSON route, reservation-schedule (each of the 15 days of the
// window, 8 consultants, seeded bookings) and user-data (its six kinds), on the same server in the
// same run, 50 connections over loopback. Targets: schedule ≥ 50 % of the bare route, p99 ≤ 20 ms.
// Then the same app as 1, 2 and 3 replicas on the one PostgreSQL (each with the cache bus
// and the database rate-limit store, as server/main.ts runs), the 50 connections spread over them.

const CONNECTIONS = 50
const DURATION = Number(process.env.BENCH_DURATION ?? 10)

async function main() {
  const server = await startBenchServer({ BENCH_STAFF: '8' })
  try {
    const days = windowDays(String(server.info.today))
    const schedulePaths = days.map((dt) => `/api/reservation-schedule?dt=${dt}&minutesToSupport=60`)
    const userDataPaths = ['MEMBER', 'INFORMATION', 'BUSSINESS_HOLIDAY', 'MEMBER_COUPON', 'MEMBER_INTERVIEW_TICKET', 'MEMBER_SUPPORT_TICKET'].map((d) => `/api/user-data?data=${d}`)
    const sample = (await probe(server, schedulePaths[1])) as { staffSchedules: unknown[] }
    await probe(server, userDataPaths[5])
    const targets: [string, string[]][] = [['bare', ['/api/__bench/bare']], ['reservation-schedule', schedulePaths], ['user-data', userDataPaths]]
    // A short warm-up of each (JIT, connection pool), then the measured runs.
    for (const [, paths] of targets) await load(server, paths, { connections: CONNECTIONS, duration: 2 })
    const figures: Record<string, LoadFigures & { ratioToBare?: number }> = {}
    for (const [name, paths] of targets) figures[name] = await load(server, paths, { connections: CONNECTIONS, duration: DURATION })
    for (const name of ['reservation-schedule', 'user-data']) figures[name].ratioToBare = round(figures[name].reqPerSec / figures.bare.reqPerSec, 3)
    const replicas = await replicaCurve(server, schedulePaths)
    const s = figures['reservation-schedule']
    const met = (s.ratioToBare ?? 0) >= 0.5 && s.p99ms <= 20
    const line = (n: string) => `${n} ${figures[n].reqPerSec} req/s p50 ${figures[n].p50ms} ms p99 ${figures[n].p99ms} ms`
    writeResult(
      'api-load',
      {
        setup: { connections: CONNECTIONS, durationSeconds: DURATION, database: server.info.db, consultants: server.info.staff, consultantsOnSampleDay: sample.staffSchedules.length, seededBookings: server.info.bookings, days: days.length, auth: 'in-memory token map (no Auth Emulator round trip)' },
        figures,
        targets: { scheduleRatioToBare: 0.5, scheduleP99ms: 20, met },
        replicas,
      },
      `${line('bare')} · ${line('reservation-schedule')} (${s.ratioToBare}× bare) · ${line('user-data')} (${figures['user-data'].ratioToBare}×) · target ≥0.5× and p99 ≤20 ms: ${met ? 'met' : 'NOT met'} · replicas ${replicas.map((r) => `${r.replicas}: bare ${r.bare.reqPerSec}, schedule ${r.schedule.reqPerSec} req/s`).join('; ')}`,
    )
  } finally {
    await server.stop()
  }
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

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
