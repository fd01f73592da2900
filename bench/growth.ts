import { load, probe, startBenchServer, windowDays, type LoadFigures } from './lib/api-process'
import { round, writeResult } from './lib/results'

// Cost growth: reservation-schedule latency with 8, 32 and 128 consultants (each with
// shifts and bookings on every day of the window); purchase-list with 100, 10,000 and 100,000
// purchase rows of one member, first page and a page from the middle (keyset cursor). One
// connection, a fixed number of requests: latency of one caller, not throughput. A fresh scratch
// database per size (bench/lib/api-server.ts). The schedule is measured with the member and
// schedule caches off (BENCH_CACHE=off: every request loads and computes its day, the cost that
// grows with consultants) and on (what a caller sees, docs/decisions.md 17).

const REQUESTS = Number(process.env.BENCH_GROWTH_REQUESTS ?? 300)
const STAFF_SIZES = [8, 32, 128]
const PURCHASE_SIZES = [100, 10_000, 100_000]

type Row = { size: number } & Pick<LoadFigures, 'p50ms' | 'p99ms' | 'meanMs' | 'non2xx'>
const pick = (size: number, f: LoadFigures): Row => ({ size, p50ms: f.p50ms, p99ms: f.p99ms, meanMs: f.meanMs, non2xx: f.non2xx })

async function main() {
  const scheduleAt = async (size: number, cache: 'on' | 'off') => {
    const server = await startBenchServer({ BENCH_STAFF: String(size), BENCH_CACHE: cache })
    try {
      const paths = windowDays(String(server.info.today)).map((dt) => `/api/reservation-schedule?dt=${dt}&minutesToSupport=60`)
      const sample = (await probe(server, paths[1])) as { staffSchedules: unknown[] }
      await load(server, paths, { connections: 1, amount: 50 })
      return { ...pick(size, await load(server, paths, { connections: 1, amount: REQUESTS })), consultantsOnSampleDay: sample.staffSchedules.length }
    } finally {
      await server.stop()
    }
  }
  const schedule: (Row & { consultantsOnSampleDay: number })[] = []
  const scheduleCached: (Row & { consultantsOnSampleDay: number })[] = []
  for (const size of STAFF_SIZES) {
    schedule.push(await scheduleAt(size, 'off'))
    scheduleCached.push(await scheduleAt(size, 'on'))
  }
  const purchaseFirst: Row[] = []
  const purchaseDeep: Row[] = []
  for (const size of PURCHASE_SIZES) {
    const server = await startBenchServer({ BENCH_STAFF: '8', BENCH_PURCHASES: String(size) })
    try {
      const c = server.info.midCursor as { memberId: string; ticketNumber: string; purchaseTime: number }
      const first = ['/api/purchase-list']
      const deep = [`/api/purchase-list?memberId=${c.memberId}&ticketNumber=${c.ticketNumber}&purchaseTime=${c.purchaseTime}`]
      const page = (await probe(server, deep[0])) as { ticketList: unknown[] }
      if (page.ticketList.length === 0) throw new Error('the middle page is empty')
      await load(server, first, { connections: 1, amount: 50 })
      purchaseFirst.push(pick(size, await load(server, first, { connections: 1, amount: REQUESTS })))
      purchaseDeep.push(pick(size, await load(server, deep, { connections: 1, amount: REQUESTS })))
    } finally {
      await server.stop()
    }
  }
  // Of the mean: autocannon's percentiles are whole milliseconds, and a cached answer's p50 is 0.
  const growth = (rows: Row[]) => round(rows[rows.length - 1].meanMs / Math.max(rows[0].meanMs, 0.01), 2)
  const scheduleGrowth = growth(schedule)
  const cachedGrowth = growth(scheduleCached)
  const firstGrowth = growth(purchaseFirst)
  const deepGrowth = growth(purchaseDeep)
  const fmt = (rows: Row[]) => rows.map((r) => `${r.size}: ${r.p50ms}/${r.p99ms} ms (mean ${r.meanMs})`).join(', ')
  writeResult(
    'growth',
    {
      setup: { connections: 1, requestsPerPoint: REQUESTS, unit: 'ms, p50/p99 latency of one caller' },
      schedule,
      scheduleCached,
      purchaseListFirstPage: purchaseFirst,
      purchaseListMiddlePage: purchaseDeep,
      growthOfMean: { scheduleFrom8To128Consultants: scheduleGrowth, scheduleCachedFrom8To128Consultants: cachedGrowth, purchaseFirstPageFrom100To100k: firstGrowth, purchaseMiddlePageFrom100To100k: deepGrowth },
    },
    `schedule (cache off) p50/p99 by consultants ${fmt(schedule)} (×${scheduleGrowth}) · cached ${fmt(scheduleCached)} (×${cachedGrowth}) · purchase-list first page by rows ${fmt(purchaseFirst)} (×${firstGrowth}) · middle page ${fmt(purchaseDeep)} (×${deepGrowth})`,
  )
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
