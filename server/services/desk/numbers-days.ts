import { and, asc, eq, gte, lte, or, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { dayAfter, NUMBERS_RANGE_MAX_DAYS, rangeDays } from '../../../contract/desk/numbers'
import type { Tx } from '../../db/client'
import { numbersDayCoupons, numbersDayRatings, numbersDaySales, numbersDayStaff, numbersStaleDays } from '../../db/schema'
import { formatYmd, todayJst } from '../../domain/time'
import type { Deps } from '../deps'
import { add, liveFigures, rangeOf, Tally, yen, type Span } from './numbers-figures'

// 数字's summaries of whole past days (docs/decisions.md 95, docs/server.md "Numbers and exports").
// A day's figures are summed once, by the `numbers-summaries` job, into one row per (day, product),
// (day, coupon), (day, consultant) and day, from the same grouped queries the live numbers run
// (numbers-figures.ts `liveFigures`), so a year is read as at most 366 small rows per product
// instead of a year of purchases. A day stands for its summary only when it is two days past (every
// consultation of it over) and not in `numbers_stale_days`, where every write to the rows the
// numbers read puts the days it touched, by trigger, in its own transaction: a day changed after
// its summary (a late outcome, a refund of one of its bookings) is read live until the job sums it
// again. So the summaries make a range fast and never make it wrong.

/** `YYYYMMDD` days, both included. */
type DayRange = { from: string; to: string }

/** The last day a summary may stand for at `now`: the day before yesterday in Japan, all its consultations over. */
const lastSummarisable = (now: Date): string => formatYmd(todayJst(now).minusDays(2))

/** The key of the per-day advisory lock that the tables' triggers take shared (migration `numbers_summaries`). */
const dayLock = (day: string) => sql`select pg_advisory_xact_lock(hashtext('numbers_days'), ${Number(day)}::int)`

/**
 * Which days of [from, to] are read from their summaries and which from the rows: summarised the
 * whole past days that are not stale, live the rest as instants. Decided once, from one read of the
 * stale days, so that no day is read both ways.
 */
export async function partsOf(db: Tx, from: string, to: string, now: Date): Promise<{ summarised: DayRange[]; live: Span[] }> {
  const last = lastSummarisable(now)
  const closedTo = to < last ? to : last
  const stale = new Set<string>()
  if (from <= closedTo) {
    for (const r of await db.select({ day: numbersStaleDays.day }).from(numbersStaleDays).where(and(gte(numbersStaleDays.day, from), lte(numbersStaleDays.day, closedTo)))) stale.add(r.day)
  }
  const summarised: DayRange[] = []
  const live: DayRange[] = []
  const extend = (list: DayRange[], day: string) => {
    const run = list.at(-1)
    if (run && dayAfter(run.to) === day) run.to = day
    else list.push({ from: day, to: day })
  }
  // Counted, not walked until `to`: the schema keeps the range within the span of days and
  // NUMBERS_RANGE_MAX_DAYS, and this loop ends after that many days whatever it is given.
  const days = Math.min(rangeDays(from, to) ?? 0, NUMBERS_RANGE_MAX_DAYS)
  let day = from
  for (let i = 0; i < days; i++) {
    if (i > 0) day = dayAfter(day)
    extend(day <= closedTo && !stale.has(day) ? summarised : live, day)
  }
  return { summarised, live: live.map((r) => rangeOf(r.from, r.to)) }
}

/** The summaries of `days` added up, and their ratings by JST week or month (`YYYYMMDD` of its first day). */
export async function summaryFigures(db: Tx, days: DayRange[], unit: 'week' | 'month') {
  const tally = new Tally()
  if (days.length === 0) return { tally, trend: [] }
  const within = (col: AnyPgColumn) => or(...days.map((r) => and(gte(col, r.from), lte(col, r.to))))
  const period = sql<string>`to_char(date_trunc(${sql.raw(`'${unit}'`)}, to_date(${numbersDayRatings.day}, 'YYYYMMDD')::timestamp), 'YYYYMMDD')`
  const s = numbersDayStaff
  const [sales, coupons, consultants, trend] = await Promise.all([
    db
      .select({
        productType: numbersDaySales.productType,
        productName: numbersDaySales.productName,
        count: yen(sql`${numbersDaySales.count}`),
        gross: yen(sql`${numbersDaySales.gross}`),
        discount: yen(sql`${numbersDaySales.discount}`),
        refunds: yen(sql`${numbersDaySales.refunds}`),
        refundCount: yen(sql`${numbersDaySales.refundCount}`),
      })
      .from(numbersDaySales)
      .where(within(numbersDaySales.day))
      .groupBy(numbersDaySales.productType, numbersDaySales.productName),
    db
      .select({ couponCode: numbersDayCoupons.couponCode, uses: yen(sql`${numbersDayCoupons.uses}`), discount: yen(sql`${numbersDayCoupons.discount}`) })
      .from(numbersDayCoupons)
      .where(within(numbersDayCoupons.day))
      .groupBy(numbersDayCoupons.couponCode),
    db
      .select({
        staffId: s.staffId,
        bookedMinutes: yen(sql`${s.bookedMinutes}`),
        consultations: yen(sql`${s.consultations}`),
        ended: yen(sql`${s.ended}`),
        completed: yen(sql`${s.completed}`),
        unsolved: yen(sql`${s.unsolved}`),
        noContact: yen(sql`${s.noContact}`),
        shiftMinutes: yen(sql`${s.shiftMinutes}`),
        ratingCount: yen(sql`${s.ratingCount}`),
        ratingSum: yen(sql`${s.ratingSum}`),
      })
      .from(s)
      .where(within(s.day))
      .groupBy(s.staffId),
    db
      .select({ ymd: period, count: yen(sql`${numbersDayRatings.count}`), sum: yen(sql`${numbersDayRatings.sum}`) })
      .from(numbersDayRatings)
      .where(within(numbersDayRatings.day))
      .groupBy(period),
  ])
  for (const { productType, productName, ...m } of sales) add(tally.product(productType, productName), m)
  for (const c of coupons) tally.coupons.set(c.couponCode, { uses: c.uses, discount: c.discount })
  for (const { staffId, ...f } of consultants) tally.addStaff(staffId, f)
  for (const p of trend) {
    tally.ratingCount += p.count
    tally.ratingSum += p.sum
  }
  return { tally, trend }
}

/**
 * Sums `day` again into its summaries, in the caller's transaction. The day's lock, taken
 * exclusively, waits for every transaction that wrote its rows and is still open (each holds it
 * shared from its trigger); the day leaves the stale list before its rows are read, so a write
 * that comes after marks it stale again.
 */
async function summariseDay(tx: Tx, day: string, now: Date): Promise<void> {
  await tx.execute(dayLock(day))
  await tx.delete(numbersStaleDays).where(eq(numbersStaleDays.day, day))
  const tally = new Tally()
  tally.addLive(await liveFigures(tx, [rangeOf(day, day)], now, { inTransaction: true }))
  await tx.delete(numbersDaySales).where(eq(numbersDaySales.day, day))
  await tx.delete(numbersDayCoupons).where(eq(numbersDayCoupons.day, day))
  await tx.delete(numbersDayStaff).where(eq(numbersDayStaff.day, day))
  await tx.delete(numbersDayRatings).where(eq(numbersDayRatings.day, day))
  const sales = [...tally.sales.values()].map(({ net: _net, ...m }) => ({ day, ...m }))
  if (sales.length > 0) await tx.insert(numbersDaySales).values(sales)
  const coupons = [...tally.coupons.entries()].map(([couponCode, c]) => ({ day, couponCode, ...c }))
  if (coupons.length > 0) await tx.insert(numbersDayCoupons).values(coupons)
  const staff = [...tally.staff.entries()].map(([staffId, f]) => ({ day, staffId, ...f }))
  if (staff.length > 0) await tx.insert(numbersDayStaff).values(staff)
  if (tally.ratingCount > 0) await tx.insert(numbersDayRatings).values({ day, count: tally.ratingCount, sum: tally.ratingSum })
}

/** How many stale days one run sums at most (a year and more; the next run takes the rest). */
const DAYS_PER_RUN = 400

/**
 * How many days ahead the job marks stale before anyone writes them (bookings reach 14 days ahead,
 * planned shifts 28): a writer's mark then meets a committed row and does nothing, instead of
 * waiting for another writer's first mark of the day to commit, which could close a cycle with
 * row locks that writer holds.
 */
const DAYS_MARKED_AHEAD = 62

/**
 * The `numbers-summaries` job: today and the days ahead marked, then every stale day that may be
 * summarised, oldest first, each in a transaction of its own.
 */
export async function summariseStaleDays(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  const now = deps.clock.now()
  const today = todayJst(now)
  const ahead = Array.from({ length: DAYS_MARKED_AHEAD + 1 }, (_, i) => ({ day: formatYmd(today.plusDays(i)) }))
  await deps.db.insert(numbersStaleDays).values(ahead).onConflictDoNothing()
  const days = await deps.db
    .select({ day: numbersStaleDays.day })
    .from(numbersStaleDays)
    .where(lte(numbersStaleDays.day, lastSummarisable(now)))
    .orderBy(asc(numbersStaleDays.day))
    .limit(DAYS_PER_RUN)
  for (const { day } of days) await deps.db.transaction((tx) => summariseDay(tx, day, now))
  return days.length
}
