import { sql } from 'drizzle-orm'
import { createScratchDatabase } from '../scripts/stack/scratch-db'
import { openDatabase, type Db } from '../server/db/client'
import { seedIfEmpty } from '../server/db/seed'
import { formatYmd, todayJst } from '../server/domain/time'
import { deskExport } from '../server/services/desk/exports'
import { deskNumbers } from '../server/services/desk/numbers'
import { summariseStaleDays } from '../server/services/desk/numbers-days'
import { round, writeResult } from './lib/results'

// 数字 and the CSV exports at growing sizes (docs/performance.md "Numbers and exports"): for each
// size a scratch PostgreSQL database (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
// dropped at the end) gets N purchases spread over the last 365 days with one member per ten
// purchases, their tickets (SUPPORT ones booked with the seeded consultants), a refund of one
// purchase in fifty, a rating on a third of the completed consultations and a year of shifts;
// then each call is timed REPEAT times in a row after a warm-up, straight through the services
// (no HTTP), and p50/p99 are reported with the data size as the axis. Before the timing the
// `numbers-summaries` job sums the generated days (its time reported as summarisedS), as it would
// have hour by hour: a day, the month and the year are then read from summaries where whole past
// days allow and from the rows for the rest. The year's purchases export
// is streamed once at each size with the heap watched: a year of rows must never sit in memory.
// A benchmark: figures, never pass/fail.

const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const SIZES = (process.env.BENCH_NUMBERS_SIZES ?? '10000,100000,1000000').split(',').map(Number)
const REPEAT = Number(process.env.BENCH_NUMBERS_REPEAT ?? 30)
/** BENCH_NUMBERS_KEEP=1: the last size's database is kept (its URL printed) to EXPLAIN the queries by hand. */
const KEEP = process.env.BENCH_NUMBERS_KEEP === '1'
/** BENCH_NUMBERS_EXPORTS=0: the numbers only, without the CSV exports (which the summaries do not change). */
const EXPORTS = process.env.BENCH_NUMBERS_EXPORTS !== '0'
const NOW = new Date('2025-06-10T01:00:00Z')
const actor = { uid: 'bench', email: 'bench@localhost', role: 'operator' as const }

/** N purchases (and their tickets, refunds, ratings) over the 365 days before NOW; N/10 members. */
async function generate(db: Db, n: number) {
  const members = Math.max(1, Math.floor(n / 10))
  const now = NOW.toISOString()
  await db.execute(sql`
    insert into members (member_id, email, member_lastname, member_firstname, phone_number, created_at)
    select 'BM' || lpad(i::text, 8, '0'), 'bench' || i || '@example.com', '山田', '太郎' || i, '09000000000', ${now}::timestamptz - interval '400 days'
    from generate_series(1, ${members}) i`)
  // i → a product (SUPPORT 60 %, ADD 15 %, TIP 15 %, INTERVIEW 10 %), a time in the year, a coupon on one in five SUPPORT.
  await db.execute(sql`
    create temporary table bench_rows as
    select i,
      'BT' || lpad(i::text, 9, '0') as ticket_number,
      'BR' || lpad(i::text, 9, '0') as receipt_number,
      'BM' || lpad((1 + (i * 7919) % ${members})::text, 8, '0') as member_id,
      p.product_id, p.product_type, p.product_name, p.price, p.minutes_to_support,
      ${now}::timestamptz - make_interval(secs => (i * 104729) % (365 * 86400)) as purchase_time,
      case when p.product_type = 'SUPPORT' and i % 5 = 0 then 'WELCOME500' end as coupon_code
    from generate_series(1::bigint, ${n}::bigint) i
    join lateral (
      select * from products where product_id = case
        when i % 20 < 3 then 'SUPPORT-30' when i % 20 < 9 then 'SUPPORT-60' when i % 20 < 11 then 'SUPPORT-90' when i % 20 < 12 then 'SUPPORT-120'
        when i % 20 < 15 then 'ADD-30' when i % 20 < 18 then 'TIP-500' else 'INTERVIEW-30' end
    ) p on true`)
  await db.execute(sql`
    insert into tickets (ticket_number, member_id, product_id, product_type, product_name, price, minutes_to_support, amount_refunded,
      reservation_at, staff_id, support_type, support_status, no_contact, purchase_time, outcome_at, minutes_used)
    select ticket_number, member_id, product_id, product_type, product_name, price, minutes_to_support,
      case when i % 50 = 0 then least(price, 1000) else 0 end,
      case when product_type = 'SUPPORT' then date_trunc('hour', purchase_time) + interval '2 days' end,
      case when product_type = 'SUPPORT' then 'STAFF-0' || (1 + i % 5) end,
      case when product_type = 'SUPPORT' then 'TEL' end,
      case when product_type <> 'SUPPORT' then 'COMPLETED' when i % 10 < 7 then 'COMPLETED' when i % 10 < 8 then 'UNSOLVED' else 'UNSUPPORTED' end,
      product_type = 'SUPPORT' and i % 10 = 9,
      purchase_time,
      case when product_type = 'SUPPORT' and i % 10 < 8 then date_trunc('hour', purchase_time) + interval '2 days 2 hours' end,
      case when product_type = 'SUPPORT' and i % 10 < 7 then minutes_to_support end
    from bench_rows`)
  await db.execute(sql`
    insert into purchases (receipt_number, member_id, ticket_number, product_type, product_name, amount, amount_before_coupon, coupon_code, purchase_time, charge_id)
    select receipt_number, member_id, ticket_number, product_type, product_name,
      case when coupon_code is null then price else price - 500 end, price, coupon_code, purchase_time, 'ch_' || i
    from bench_rows`)
  await db.execute(sql`
    insert into refunds (receipt_number, ticket_number, member_id, amount, reason, idempotency_key, fingerprint, status, actor_uid, created_at, updated_at)
    select receipt_number, ticket_number, member_id, least(price, 1000), '一部返金', 'bench-' || i, 'f', 'succeeded', 'bench', purchase_time + interval '3 days', purchase_time + interval '3 days'
    from bench_rows where i % 50 = 0 and price > 0`)
  await db.execute(sql`
    insert into ratings (ticket_number, member_id, staff_id, member_total_score, member_detail_score, created_at)
    select ticket_number, member_id, 'STAFF-0' || (1 + i % 5), 3 + i % 3, '[]'::jsonb, date_trunc('hour', purchase_time) + interval '3 days'
    from bench_rows where product_type = 'SUPPORT' and i % 10 < 7 and i % 3 = 0`)
  await db.execute(sql`
    insert into staff_shifts (staff_id, starts_at, ends_at)
    select s.staff_id, d + interval '0 hours', d + interval '12 hours'
    from staff s, generate_series(${now}::timestamptz - interval '365 days', ${now}::timestamptz, interval '1 day') d`)
  await db.execute(sql`drop table bench_rows`)
  await db.execute(sql`analyze`)
}

type Figures = { p50ms: number; p99ms: number; meanMs: number }
async function time(run: () => Promise<unknown>): Promise<Figures> {
  for (let i = 0; i < 3; i++) await run()
  const ms: number[] = []
  for (let i = 0; i < REPEAT; i++) {
    const t0 = performance.now()
    await run()
    ms.push(performance.now() - t0)
  }
  ms.sort((a, b) => a - b)
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)]
  return { p50ms: round(at(0.5)), p99ms: round(at(0.99)), meanMs: round(ms.reduce((a, b) => a + b, 0) / ms.length) }
}

/** Reads a whole stream; its bytes. */
async function drain(stream: ReadableStream<Uint8Array> | null, onChunk: () => void = () => {}) {
  let bytes = 0
  const reader = stream!.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return bytes
    bytes += value.byteLength
    onChunk()
  }
}

async function main() {
  const today = todayJst(NOW)
  // The last whole month before NOW (the page's usual question) and the year up to yesterday.
  const monthStart = today.withDayOfMonth(1).minusMonths(1)
  const month = { from: formatYmd(monthStart), to: formatYmd(monthStart.plusMonths(1).minusDays(1)) }
  const year = { from: formatYmd(today.minusDays(365)), to: formatYmd(today.minusDays(1)) }
  // Yesterday: the longest day read from the rows (only the day before it may be summarised).
  const day = { from: formatYmd(today.minusDays(1)), to: formatYmd(today.minusDays(1)) }
  const rows: Record<string, unknown>[] = []
  for (const size of SIZES) {
    const scratch = await createScratchDatabase(BASE_URL, 'mypage_bench_numbers')
    const database = await openDatabase({ url: scratch.url })
    try {
      const deps = { db: database.db, clock: { now: () => NOW } }
      await seedIfEmpty(database.db, NOW, { demo: false })
      const t0 = performance.now()
      await generate(database.db, size)
      const generatedS = round((performance.now() - t0) / 1000)
      const s0 = performance.now()
      while ((await summariseStaleDays(deps)) > 0);
      const summarisedS = round((performance.now() - s0) / 1000)
      const csv = (kind: string, r: { from: string; to: string }) => `${kind}-${r.from}-${r.to}.csv`
      const figures: Record<string, unknown> = {
        numbersDay: await time(() => deskNumbers(deps, { ...day, trend: 'WEEK' })),
        numbersMonth: await time(() => deskNumbers(deps, { ...month, trend: 'WEEK' })),
        numbersYear: await time(() => deskNumbers(deps, { ...year, trend: 'MONTH' })),
      }
      if (EXPORTS) {
        figures.exportPurchasesMonth = await time(async () => drain(await deskExport(deps, actor, csv('purchases', month))))
        figures.exportRefundsMonth = await time(async () => drain(await deskExport(deps, actor, csv('refunds', month))))
        figures.exportConsultationsMonth = await time(async () => drain(await deskExport(deps, actor, csv('consultations', month))))
        figures.exportFirstPageYear = await time(async () => {
          const reader = (await deskExport(deps, actor, csv('purchases', year)))!.getReader()
          await reader.read()
          await reader.read()
          await reader.cancel()
        })
        // The year's purchases streamed whole, the heap sampled at every chunk.
        global.gc?.()
        const heapBefore = process.memoryUsage().heapUsed
        let heapPeak = heapBefore
        const y0 = performance.now()
        const bytes = await drain(await deskExport(deps, actor, csv('purchases', year)), () => {
          heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)
        })
        figures.yearPurchasesExport = { seconds: round((performance.now() - y0) / 1000, 2), csvMiB: round(bytes / 2 ** 20), heapGrowthMiB: round((heapPeak - heapBefore) / 2 ** 20) }
      }
      const row = { purchases: size, members: Math.floor(size / 10), generatedS, summarisedS, ...figures }
      rows.push(row)
      console.log(JSON.stringify(row))
    } finally {
      await database.close()
      if (KEEP && size === SIZES[SIZES.length - 1]) console.log(`kept ${scratch.url}`)
      else await scratch.drop()
    }
  }
  const fmt = (key: string) => rows.map((r) => `${r.purchases}: ${(r[key] as Figures).p50ms}/${(r[key] as Figures).p99ms}`).join(', ')
  writeResult(
    'numbers',
    { setup: { repeat: REPEAT, day, month, year, exports: EXPORTS, unit: 'ms, p50/p99 of one caller, through the services on PostgreSQL' }, sizes: rows },
    `numbers p50/p99 ms by purchases: day ${fmt('numbersDay')} · month ${fmt('numbersMonth')} · year ${fmt('numbersYear')}` +
      (EXPORTS ? ` · purchases CSV (month) ${fmt('exportPurchasesMonth')} · consultations CSV (month) ${fmt('exportConsultationsMonth')}` : ''),
  )
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
