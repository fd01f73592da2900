import { and, eq, gte, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { dayAfter } from '../../../contract/desk/numbers'
import type { ProductType } from '../../../contract/entities'
import type { Tx } from '../../db/client'
import { purchases, ratings, refunds, staffShifts, tickets } from '../../db/schema'
import { atJst, parseYmd } from '../../domain/time'

// The figures of 数字 (numbers.ts) over rows, and the tally that adds them up from the rows of
// some days and the summaries of others (numbers-days.ts).

/** Yen in SQL are summed as bigint (a year of purchases passes 2^31) and read back as numbers. */
export const yen = (x: SQL) => sql<number>`coalesce(sum(${x}), 0)::bigint`.mapWith(Number)
export const countAll = sql<number>`count(*)::bigint`.mapWith(Number)
const countIf = (cond: SQL) => sql<number>`count(*) filter (where ${cond})::bigint`.mapWith(Number)

/** The range's instants: [00:00 JST of `from`, 00:00 JST of the day after `to`). */
export function rangeOf(from: string, to: string): { start: Date; end: Date } {
  return { start: atJst(parseYmd(from)!, 0, 0), end: atJst(parseYmd(dayAfter(to))!, 0, 0) }
}

type Money = { count: number; gross: number; discount: number; refunds: number; refundCount: number; net: number }
export const zero = (): Money => ({ count: 0, gross: 0, discount: 0, refunds: 0, refundCount: 0, net: 0 })
export const add = (into: Money, m: Partial<Money>) => {
  into.count += m.count ?? 0
  into.gross += m.gross ?? 0
  into.discount += m.discount ?? 0
  into.refunds += m.refunds ?? 0
  into.refundCount += m.refundCount ?? 0
  into.net = into.gross - into.discount - into.refunds
}

/** Instants [start, end) of whole JST days whose figures are read from the rows. */
export type Span = { start: Date; end: Date }

/**
 * The grouped queries over the rows of `spans` (one query per figure, side by side, each on an
 * index of migration `numbers_indexes`), with consultations over by `now`, and the ratings' trend
 * by `opts.trend` when asked. desk-numbers runs them on the days it reads live; the
 * `numbers-summaries` job on the one day it summarises (numbers-days.ts), so a summary is what the
 * live numbers said of its day.
 */
export async function liveFigures(db: Tx, spans: Span[], now: Date, opts: { inTransaction?: boolean; trend?: 'week' | 'month' } = {}) {
  const within = (col: AnyPgColumn) => or(...spans.map((s) => and(gte(col, s.start), lt(col, s.end))))
  const booked = and(eq(tickets.productType, 'SUPPORT'), isNotNull(tickets.reservationAt), within(tickets.reservationAt), isNotNull(tickets.staffId), eq(tickets.amountRefunded, 0))
  const over = sql`${tickets.reservationAt} + make_interval(mins => ${tickets.minutesToSupport}) <= ${now.toISOString()}::timestamptz`
  // The ratings by JST week (Monday first) or month, each named by its first day.
  const period = sql<string>`to_char(date_trunc(${sql.raw(`'${opts.trend ?? 'month'}'`)}, ${ratings.createdAt} at time zone 'Asia/Tokyo'), 'YYYYMMDD')`
  const [sold, refunded, couponUse, consultations, shifts, rated, trend] = await runAll(opts.inTransaction ?? false, [
    () => db
      .select({
        productType: purchases.productType,
        productName: purchases.productName,
        count: countAll,
        gross: yen(sql`${purchases.amountBeforeCoupon}`),
        discount: yen(sql`${purchases.amountBeforeCoupon} - ${purchases.amount}`),
      })
      .from(purchases)
      .where(within(purchases.purchaseTime))
      .groupBy(purchases.productType, purchases.productName),
    () => db
      .select({ productType: purchases.productType, productName: purchases.productName, refundCount: countAll, refunds: yen(sql`${refunds.amount}`) })
      .from(refunds)
      .innerJoin(purchases, eq(purchases.receiptNumber, refunds.receiptNumber))
      .where(and(eq(refunds.status, 'succeeded'), within(refunds.createdAt)))
      .groupBy(purchases.productType, purchases.productName),
    () => db
      .select({ couponCode: sql<string>`${purchases.couponCode}`, uses: countAll, discount: yen(sql`${purchases.amountBeforeCoupon} - ${purchases.amount}`) })
      .from(purchases)
      .where(and(within(purchases.purchaseTime), isNotNull(purchases.couponCode)))
      .groupBy(purchases.couponCode),
    () => db
      .select({
        staffId: sql<string>`${tickets.staffId}`,
        bookedMinutes: yen(sql`${tickets.minutesToSupport}`),
        consultations: countAll,
        ended: countIf(over),
        completed: countIf(sql`${over} and ${tickets.supportStatus} = 'COMPLETED'`),
        unsolved: countIf(sql`${over} and ${tickets.supportStatus} in ('UNSOLVED', 'UNSOLVED_COMPLETED')`),
        noContact: countIf(sql`${over} and ${tickets.supportStatus} = 'UNSUPPORTED' and ${tickets.noContact}`),
      })
      .from(tickets)
      .where(booked)
      .groupBy(tickets.staffId),
    () => db
      .select({ staffId: staffShifts.staffId, minutes: yen(sql`extract(epoch from ${staffShifts.endsAt} - ${staffShifts.startsAt})::bigint / 60`) })
      .from(staffShifts)
      .where(within(staffShifts.startsAt))
      .groupBy(staffShifts.staffId),
    () => db
      .select({ staffId: ratings.staffId, count: countAll, sum: yen(sql`${ratings.memberTotalScore}`) })
      .from(ratings)
      .where(within(ratings.createdAt))
      .groupBy(ratings.staffId),
    async () =>
      opts.trend
        ? db
            .select({ ymd: period, count: countAll, sum: yen(sql`${ratings.memberTotalScore}`) })
            .from(ratings)
            .where(within(ratings.createdAt))
            .groupBy(period)
        : [],
  ] as const)
  return { sold, refunded, couponUse, consultations, shifts, rated, trend }
}

/** Runs the queries side by side on the pool, or one after the other on a transaction's one connection. */
async function runAll<T extends readonly (() => PromiseLike<unknown>)[]>(inTurn: boolean, queries: T): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  if (!inTurn) return (await Promise.all(queries.map((q) => q()))) as never
  const out: unknown[] = []
  for (const q of queries) out.push(await q())
  return out as never
}

/** A consultant's figures, summed over the days asked. */
type StaffFigures = {
  bookedMinutes: number
  consultations: number
  ended: number
  completed: number
  unsolved: number
  noContact: number
  shiftMinutes: number
  ratingCount: number
  ratingSum: number
}
export const noStaffFigures = (): StaffFigures => ({ bookedMinutes: 0, consultations: 0, ended: 0, completed: 0, unsolved: 0, noContact: 0, shiftMinutes: 0, ratingCount: 0, ratingSum: 0 })

/** The figures of some days, by product, coupon and consultant, ready to be added to more. */
export class Tally {
  readonly sales = new Map<string, { productType: ProductType; productName: string } & Money>()
  readonly coupons = new Map<string, { uses: number; discount: number }>()
  readonly staff = new Map<string, StaffFigures>()
  ratingCount = 0
  ratingSum = 0

  product(productType: ProductType, productName: string) {
    const key = `${productType}\u0000${productName}`
    let row = this.sales.get(key)
    if (!row) this.sales.set(key, (row = { productType, productName, ...zero() }))
    return row
  }
  coupon(code: string) {
    let c = this.coupons.get(code)
    if (!c) this.coupons.set(code, (c = { uses: 0, discount: 0 }))
    return c
  }
  consultant(staffId: string) {
    let x = this.staff.get(staffId)
    if (!x) this.staff.set(staffId, (x = noStaffFigures()))
    return x
  }
  addStaff(staffId: string, f: Partial<StaffFigures>) {
    const x = this.consultant(staffId)
    for (const k of Object.keys(f) as (keyof StaffFigures)[]) x[k] += f[k] ?? 0
  }
  /** What `liveFigures` read. */
  addLive(f: Awaited<ReturnType<typeof liveFigures>>) {
    for (const s of f.sold) add(this.product(s.productType, s.productName), s)
    for (const r of f.refunded) add(this.product(r.productType, r.productName), r)
    for (const c of f.couponUse) {
      const x = this.coupon(c.couponCode)
      x.uses += c.uses
      x.discount += c.discount
    }
    for (const { staffId, ...c } of f.consultations) this.addStaff(staffId, c)
    for (const s of f.shifts) this.addStaff(s.staffId, { shiftMinutes: s.minutes })
    for (const r of f.rated) {
      if (r.staffId) this.addStaff(r.staffId, { ratingCount: r.count, ratingSum: r.sum })
      this.ratingCount += r.count
      this.ratingSum += r.sum
    }
  }
}

