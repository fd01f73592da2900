import { and, asc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm'
import { dayAfter, type DeskCallInput, type DeskNumbersResponse, type NumbersTrend } from '../../../contract/desk-calls'
import type { ProductType } from '../../../contract/entities'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Tx } from '../../db/client'
import { coupons, purchases, ratings, refunds, staff, staffShifts, tickets } from '../../db/schema'
import { atJst, parseYmd, unixSeconds } from '../../domain/time'
import type { Deps } from '../deps'

// 数字 (desk-numbers; docs/product.md §10 "The operator's desk", docs/server.md "Numbers and
// exports"): what a range of JST days sold, what coupons took off, what was refunded, how the
// consultants' time was used and how consultations ended, and how members rated them. Every figure
// is summed by the database from the rows (purchases, refunds, tickets, staff_shifts, ratings),
// one grouped query each, run side by side, each on an index of migration `numbers_indexes`.
//
// Money: a purchase counts in the range it was made (its list price as gross, the coupon's share
// as discount); a refund counts in the range it succeeded, under the product of its purchase, so
// a month's net is what that month kept, as the accountant's books read it.

/** Yen in SQL are summed as bigint (a year of purchases passes 2^31) and read back as numbers. */
const yen = (x: SQL) => sql<number>`coalesce(sum(${x}), 0)::bigint`.mapWith(Number)
const countAll = sql<number>`count(*)::bigint`.mapWith(Number)
const countIf = (cond: SQL) => sql<number>`count(*) filter (where ${cond})::bigint`.mapWith(Number)

/** The range's instants: [00:00 JST of `from`, 00:00 JST of the day after `to`). */
export function rangeOf(from: string, to: string): { start: Date; end: Date } {
  return { start: atJst(parseYmd(from)!, 0, 0), end: atJst(parseYmd(dayAfter(to))!, 0, 0) }
}

type Money = { count: number; gross: number; discount: number; refunds: number; refundCount: number; net: number }
const zero = (): Money => ({ count: 0, gross: 0, discount: 0, refunds: 0, refundCount: 0, net: 0 })
const add = (into: Money, m: Partial<Money>) => {
  into.count += m.count ?? 0
  into.gross += m.gross ?? 0
  into.discount += m.discount ?? 0
  into.refunds += m.refunds ?? 0
  into.refundCount += m.refundCount ?? 0
  into.net = into.gross - into.discount - into.refunds
}

const TYPE_ORDER: ProductType[] = ['SUPPORT', 'ADD', 'INTERVIEW', 'TIP']
const round1 = (x: number) => Math.round(x * 10) / 10

export async function deskNumbers(deps: Pick<Deps, 'db' | 'clock'>, input: DeskCallInput<'desk-numbers'>): Promise<DeskNumbersResponse> {
  const now = deps.clock.now()
  const { start, end } = rangeOf(input.from, input.to)
  const db: Tx = deps.db
  const inRange = (col: AnyPgColumn) => and(gte(col, start), lt(col, end))
  const booked = and(eq(tickets.productType, 'SUPPORT'), isNotNull(tickets.reservationAt), inRange(tickets.reservationAt), isNotNull(tickets.staffId), eq(tickets.amountRefunded, 0))
  const over = sql`${tickets.reservationAt} + make_interval(mins => ${tickets.minutesToSupport}) <= ${now.toISOString()}::timestamptz`
  const trendUnit = input.trend === 'WEEK' ? sql.raw(`'week'`) : sql.raw(`'month'`)
  const period = sql<string>`to_char(date_trunc(${trendUnit}, ${ratings.createdAt} at time zone 'Asia/Tokyo'), 'YYYYMMDD')`

  const [sold, refunded, couponUse, consultations, shifts, rated, trend, roster] = await Promise.all([
    db
      .select({
        productType: purchases.productType,
        productName: purchases.productName,
        count: countAll,
        gross: yen(sql`${purchases.amountBeforeCoupon}`),
        discount: yen(sql`${purchases.amountBeforeCoupon} - ${purchases.amount}`),
      })
      .from(purchases)
      .where(inRange(purchases.purchaseTime))
      .groupBy(purchases.productType, purchases.productName),
    db
      .select({ productType: purchases.productType, productName: purchases.productName, refundCount: countAll, refunds: yen(sql`${refunds.amount}`) })
      .from(refunds)
      .innerJoin(purchases, eq(purchases.receiptNumber, refunds.receiptNumber))
      .where(and(eq(refunds.status, 'succeeded'), inRange(refunds.createdAt)))
      .groupBy(purchases.productType, purchases.productName),
    db
      .select({ couponCode: purchases.couponCode, uses: countAll, discount: yen(sql`${purchases.amountBeforeCoupon} - ${purchases.amount}`) })
      .from(purchases)
      .where(and(inRange(purchases.purchaseTime), isNotNull(purchases.couponCode)))
      .groupBy(purchases.couponCode),
    db
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
    db
      .select({ staffId: staffShifts.staffId, minutes: yen(sql`extract(epoch from ${staffShifts.endsAt} - ${staffShifts.startsAt})::bigint / 60`) })
      .from(staffShifts)
      .where(inRange(staffShifts.startsAt))
      .groupBy(staffShifts.staffId),
    db
      .select({ staffId: ratings.staffId, count: countAll, sum: yen(sql`${ratings.memberTotalScore}`) })
      .from(ratings)
      .where(inRange(ratings.createdAt))
      .groupBy(ratings.staffId),
    db
      .select({ ymd: period, count: countAll, sum: yen(sql`${ratings.memberTotalScore}`) })
      .from(ratings)
      .where(inRange(ratings.createdAt))
      .groupBy(period)
      .orderBy(period),
    db.select({ staffId: staff.staffId, staffNickname: staff.staffNickname, active: staff.active }).from(staff).orderBy(asc(staff.sortOrder), asc(staff.staffId)),
  ])

  // Sales: one row per product as sold (type and name at the time), then by type and in all.
  const rows = new Map<string, { productType: ProductType; productName: string } & Money>()
  const rowOf = (productType: ProductType, productName: string) => {
    const key = `${productType}\u0000${productName}`
    let row = rows.get(key)
    if (!row) rows.set(key, (row = { productType, productName, ...zero() }))
    return row
  }
  for (const s of sold) add(rowOf(s.productType, s.productName), s)
  for (const r of refunded) add(rowOf(r.productType, r.productName), r)
  const typeRank = (t: ProductType) => TYPE_ORDER.indexOf(t)
  const salesRows = [...rows.values()].sort((a, b) => typeRank(a.productType) - typeRank(b.productType) || b.gross - a.gross || a.productName.localeCompare(b.productName, 'ja'))
  const byType = TYPE_ORDER.map((productType) => {
    const m = { productType, ...zero() }
    for (const r of salesRows) if (r.productType === productType) add(m, r)
    return m
  }).filter((m) => m.count > 0 || m.refundCount > 0)
  const total = zero()
  for (const r of salesRows) add(total, r)

  // Coupons: named from their rows (one look-up of the codes used).
  const codes = couponUse.map((c) => c.couponCode!).filter(Boolean)
  const names = new Map<string, string>()
  if (codes.length > 0) {
    for (const c of await db.select({ couponCode: coupons.couponCode, couponName: coupons.couponName }).from(coupons).where(inArray(coupons.couponCode, codes))) names.set(c.couponCode, c.couponName)
  }
  const couponRows = couponUse
    .map((c) => ({ couponCode: c.couponCode!, couponName: names.get(c.couponCode!) ?? '', uses: c.uses, discount: c.discount }))
    .sort((a, b) => b.uses - a.uses || b.discount - a.discount || a.couponCode.localeCompare(b.couponCode))

  // Consultants: every active one, and any other with consultations, shifts or ratings in the range.
  const byStaff = new Map(consultations.map((c) => [c.staffId, c]))
  const shiftOf = new Map(shifts.map((s) => [s.staffId, s.minutes]))
  const ratingOf = new Map(rated.filter((r) => r.staffId).map((r) => [r.staffId!, r]))
  const consultants = roster
    .filter((s) => s.active || byStaff.has(s.staffId) || shiftOf.has(s.staffId) || ratingOf.has(s.staffId))
    .map((s) => {
      const c = byStaff.get(s.staffId)
      const r = ratingOf.get(s.staffId)
      const ended = c?.ended ?? 0
      const decided = (c?.completed ?? 0) + (c?.unsolved ?? 0) + (c?.noContact ?? 0)
      return {
        staffId: s.staffId,
        staffNickname: s.staffNickname,
        bookedMinutes: c?.bookedMinutes ?? 0,
        shiftMinutes: shiftOf.get(s.staffId) ?? 0,
        consultations: c?.consultations ?? 0,
        ended,
        completed: c?.completed ?? 0,
        unsolved: c?.unsolved ?? 0,
        noContact: c?.noContact ?? 0,
        unrecorded: ended - decided,
        ratingCount: r?.count ?? 0,
        ratingAverage: r && r.count > 0 ? round1(r.sum / r.count) : null,
      }
    })
  const outcomes = { ended: 0, completed: 0, unsolved: 0, noContact: 0, unrecorded: 0 }
  for (const c of consultations) {
    outcomes.ended += c.ended
    outcomes.completed += c.completed
    outcomes.unsolved += c.unsolved
    outcomes.noContact += c.noContact
  }
  outcomes.unrecorded = outcomes.ended - outcomes.completed - outcomes.unsolved - outcomes.noContact

  const ratingCount = rated.reduce((n, r) => n + r.count, 0)
  const ratingSum = rated.reduce((n, r) => n + r.sum, 0)
  return {
    from: input.from,
    to: input.to,
    trend: input.trend satisfies NumbersTrend,
    now: unixSeconds(now),
    sales: { rows: salesRows, byType, total },
    coupons: couponRows,
    consultants,
    outcomes,
    ratings: {
      count: ratingCount,
      average: ratingCount > 0 ? round1(ratingSum / ratingCount) : null,
      trend: trend.map((p) => ({ ymd: p.ymd, count: p.count, average: round1(p.sum / p.count) })),
    },
  }
}
