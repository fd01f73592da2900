import { load, probe, startBenchServer, windowDays, type LoadFigures } from './lib/api-process'
import { round, writeResult } from './lib/results'

// API load (issue 8): a bare Hono JSON route, reservation-schedule (each of the 15 days of the
// window, 8 consultants, seeded bookings) and user-data (its six kinds), on the same server in the
// same run, 50 connections over loopback. Targets: schedule ≥ 50 % of the bare route, p99 ≤ 20 ms.

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
    const s = figures['reservation-schedule']
    const met = (s.ratioToBare ?? 0) >= 0.5 && s.p99ms <= 20
    const line = (n: string) => `${n} ${figures[n].reqPerSec} req/s p50 ${figures[n].p50ms} ms p99 ${figures[n].p99ms} ms`
    writeResult(
      'api-load',
      {
        setup: { connections: CONNECTIONS, durationSeconds: DURATION, database: server.info.db, consultants: server.info.staff, consultantsOnSampleDay: sample.staffSchedules.length, seededBookings: server.info.bookings, days: days.length, auth: 'in-memory token map (no Auth Emulator round trip)' },
        figures,
        targets: { scheduleRatioToBare: 0.5, scheduleP99ms: 20, met },
      },
      `${line('bare')} · ${line('reservation-schedule')} (${s.ratioToBare}× bare) · ${line('user-data')} (${figures['user-data'].ratioToBare}×) · target ≥0.5× and p99 ≤20 ms: ${met ? 'met' : 'NOT met'}`,
    )
  } finally {
    await server.stop()
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
