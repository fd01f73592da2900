import { asc, inArray } from 'drizzle-orm'
import type { DeskCallInput } from '../../../contract/desk-calls'
import type { DeskNumbersResponse, NumbersTrend } from '../../../contract/desk/numbers'
import type { ProductType } from '../../../contract/entities'
import type { Tx } from '../../db/client'
import { coupons, staff } from '../../db/schema'
import { unixSeconds } from '../../domain/time'
import type { Deps } from '../deps'
import { add, liveFigures, noStaffFigures, zero } from './numbers-figures'
import { partsOf, summaryFigures } from './numbers-days'

// 数字 (desk-numbers; docs/product.md §10 "The operator's desk", docs/server.md "Numbers and
// exports"): what a range of JST days sold, what coupons took off, what was refunded, how the
// consultants' time was used and how consultations ended, and how members rated them. Every figure
// is summed by the database from the rows (purchases, refunds, tickets, staff_shifts, ratings),
// one grouped query each, run side by side, each on an index of migration `numbers_indexes`
// (numbers-figures.ts) — or, for whole days two days past that have not changed since, from the
// per-day summaries the `numbers-summaries` job made with those same queries (numbers-days.ts,
// docs/decisions.md 95), which is what keeps a year as quick as a month.
//
// Money: a purchase counts in the range it was made (its list price as gross, the coupon's share
// as discount); a refund counts in the range it succeeded, under the product of its purchase, so
// a month's net is what that month kept, as the accountant's books read it.

const TYPE_ORDER: ProductType[] = ['SUPPORT', 'ADD', 'INTERVIEW', 'TIP']
const round1 = (x: number) => Math.round(x * 10) / 10

export async function deskNumbers(deps: Pick<Deps, 'db' | 'clock'>, input: DeskCallInput<'desk-numbers'>): Promise<DeskNumbersResponse> {
  const now = deps.clock.now()
  const db: Tx = deps.db
  // Whole past days from their summaries, the rest (recent days, days changed since) from the rows.
  const { summarised, live } = await partsOf(db, input.from, input.to, now)
  const unit = input.trend === 'WEEK' ? 'week' : 'month'
  const [figures, summaries, roster] = await Promise.all([
    live.length > 0 ? liveFigures(db, live, now, { trend: unit }) : null,
    summaryFigures(db, summarised, unit),
    db.select({ staffId: staff.staffId, staffNickname: staff.staffNickname, active: staff.active }).from(staff).orderBy(asc(staff.sortOrder), asc(staff.staffId)),
  ])
  const tally = summaries.tally
  if (figures) tally.addLive(figures)
  const trendOf = new Map<string, { count: number; sum: number }>()
  for (const p of [...summaries.trend, ...(figures?.trend ?? [])]) {
    const t = trendOf.get(p.ymd) ?? { count: 0, sum: 0 }
    trendOf.set(p.ymd, { count: t.count + p.count, sum: t.sum + p.sum })
  }

  // Sales: one row per product as sold (type and name at the time), then by type and in all.
  const typeRank = (t: ProductType) => TYPE_ORDER.indexOf(t)
  const salesRows = [...tally.sales.values()]
    .filter((r) => r.count > 0 || r.refundCount > 0)
    .sort((a, b) => typeRank(a.productType) - typeRank(b.productType) || b.gross - a.gross || a.productName.localeCompare(b.productName, 'ja'))
  const byType = TYPE_ORDER.map((productType) => {
    const m = { productType, ...zero() }
    for (const r of salesRows) if (r.productType === productType) add(m, r)
    return m
  }).filter((m) => m.count > 0 || m.refundCount > 0)
  const total = zero()
  for (const r of salesRows) add(total, r)

  // Coupons: named from their rows (one look-up of the codes used).
  const codes = [...tally.coupons.keys()]
  const names = new Map<string, string>()
  if (codes.length > 0) {
    for (const c of await db.select({ couponCode: coupons.couponCode, couponName: coupons.couponName }).from(coupons).where(inArray(coupons.couponCode, codes))) names.set(c.couponCode, c.couponName)
  }
  const couponRows = [...tally.coupons.entries()]
    .map(([couponCode, c]) => ({ couponCode, couponName: names.get(couponCode) ?? '', uses: c.uses, discount: c.discount }))
    .sort((a, b) => b.uses - a.uses || b.discount - a.discount || a.couponCode.localeCompare(b.couponCode))

  // Consultants: every active one, and any other with consultations, shifts or ratings in the range.
  const consultants = roster
    .filter((s) => s.active || tally.staff.has(s.staffId))
    .map((s) => {
      const c = tally.staff.get(s.staffId) ?? noStaffFigures()
      return {
        staffId: s.staffId,
        staffNickname: s.staffNickname,
        bookedMinutes: c.bookedMinutes,
        shiftMinutes: c.shiftMinutes,
        consultations: c.consultations,
        ended: c.ended,
        completed: c.completed,
        unsolved: c.unsolved,
        noContact: c.noContact,
        unrecorded: c.ended - c.completed - c.unsolved - c.noContact,
        ratingCount: c.ratingCount,
        ratingAverage: c.ratingCount > 0 ? round1(c.ratingSum / c.ratingCount) : null,
      }
    })
  const outcomes = { ended: 0, completed: 0, unsolved: 0, noContact: 0, unrecorded: 0 }
  for (const c of tally.staff.values()) {
    outcomes.ended += c.ended
    outcomes.completed += c.completed
    outcomes.unsolved += c.unsolved
    outcomes.noContact += c.noContact
  }
  outcomes.unrecorded = outcomes.ended - outcomes.completed - outcomes.unsolved - outcomes.noContact

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
      count: tally.ratingCount,
      average: tally.ratingCount > 0 ? round1(tally.ratingSum / tally.ratingCount) : null,
      trend: [...trendOf.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([ymd, p]) => ({ ymd, count: p.count, average: round1(p.sum / p.count) })),
    },
  }
}
