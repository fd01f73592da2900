import * as v from 'valibot'
import { ProductType } from '../entities'
import { inDaySpan } from '../ids'
import { parseYmd, plusDays } from '../reservation-time'
import { formatMessages } from '../validation-messages'
import { deskMessages as dm } from '../desk-messages'
import type { StaffRegistry } from '../staff-calls'
import { strict } from './common'

// The operator's desk, 数字: the business numbers of a JST date range (docs/product.md §10 "The operator's desk"):
// its schemas and its part of the registry, which contract/desk-calls.ts composes into `deskCalls`.

/** The longest range the numbers and the CSV exports take, in days (a leap year, both ends included). */
export const NUMBERS_RANGE_MAX_DAYS = 366

/** Days from `from` to `to`, both included; null when either is not a day. */
export function rangeDays(from: string, to: string): number | null {
  const a = parseYmd(from)
  const b = parseYmd(to)
  if (!a || !b) return null
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000) + 1
}

/** What is wrong with a range of JST days (the desk's Japanese message), or null when it is one. */
export function rangeProblem(from: string, to: string): string | null {
  if (!parseYmd(from) || !parseYmd(to)) return dm.dayInvalid
  if (!inDaySpan(from) || !inDaySpan(to)) return formatMessages.daySpan
  const days = rangeDays(from, to)!
  if (days < 1) return dm.rangeInvalid
  if (days > NUMBERS_RANGE_MAX_DAYS) return dm.rangeTooLong
  return null
}

/**
 * The first day after `to` (the range ends at its 00:00 JST, excluded). `to` is a day of the span
 * (the schemas above and `rangeProblem` see to it); anything else is a fault of ours, never taken
 * back as its own next day (a walk over days then never ended).
 */
export function dayAfter(to: string): string {
  const next = plusDays(to, 1)
  if (next === null || next <= to) throw new RangeError(`no day after ${to}`)
  return next
}

const RangeYmd = v.pipe(v.string(dm.dateInvalid), v.regex(/^\d{8}$/, dm.dateInvalid), v.check((s) => parseYmd(s) !== null, dm.dayInvalid), v.check(inDaySpan, formatMessages.daySpan))
export const NumbersTrend = v.picklist(['WEEK', 'MONTH'], dm.trendInvalid)
export type NumbersTrend = v.InferOutput<typeof NumbersTrend>

/**
 * desk-numbers: `from`…`to` (JST days, both included, at most NUMBERS_RANGE_MAX_DAYS), the rating
 * trend by week (Monday first) or month.
 */
export const DeskNumbersRequest = v.pipe(
  strict({ from: RangeYmd, to: RangeYmd, trend: v.optional(NumbersTrend, 'MONTH') }),
  v.forward(v.check((x) => (rangeDays(x.from, x.to) ?? 0) >= 1, dm.rangeInvalid), ['to']),
  v.forward(v.check((x) => (rangeDays(x.from, x.to) ?? 0) <= NUMBERS_RANGE_MAX_DAYS, dm.rangeTooLong), ['to']),
)

/** Yen of purchases and refunds: gross (list price), coupon discounts, refunds, net = gross − discounts − refunds. */
const Money = {
  /** Purchases made in the range. */
  count: v.number(),
  /** The price before the coupon, summed. */
  gross: v.number(),
  /** What coupons took off. */
  discount: v.number(),
  /** Refunds that succeeded in the range (of purchases made at any time). */
  refunds: v.number(),
  refundCount: v.number(),
  net: v.number(),
}
export const NumbersSalesRow = v.object({ productType: ProductType, productName: v.string(), ...Money })
export const NumbersSalesType = v.object({ productType: ProductType, ...Money })
export const NumbersCoupon = v.object({
  couponCode: v.string(),
  /** '' when the coupon row is gone. */
  couponName: v.string(),
  /** Purchases in the range that used it. */
  uses: v.number(),
  /** Yen it took off those purchases. */
  discount: v.number(),
})
/** Consultations whose time is over, by how they ended. */
const Outcomes = {
  /** Held in the range, not refunded, their time over (start + minutes ≤ now). */
  ended: v.number(),
  completed: v.number(),
  /** UNSOLVED, and UNSOLVED_COMPLETED (solved later, on a follow-up). */
  unsolved: v.number(),
  noContact: v.number(),
  /** No outcome recorded yet. */
  unrecorded: v.number(),
}
export const NumbersConsultant = v.object({
  staffId: v.string(),
  staffNickname: v.string(),
  /** Minutes of the consultations booked with them in the range (not refunded). */
  bookedMinutes: v.number(),
  /** Minutes of their shifts in the range. */
  shiftMinutes: v.number(),
  consultations: v.number(),
  ...Outcomes,
  ratingCount: v.number(),
  /** Mean rating of the ratings given in the range (1 decimal); null without one. */
  ratingAverage: v.nullable(v.number()),
})
export const NumbersRatingPoint = v.object({
  /** The period's first day (JST `YYYYMMDD`): a Monday for WEEK, the 1st for MONTH. */
  ymd: v.string(),
  count: v.number(),
  average: v.number(),
})
export const DeskNumbersResponse = v.object({
  from: v.string(),
  to: v.string(),
  trend: NumbersTrend,
  /** The moment the numbers were read (unix seconds): "ended" consultations are ended by then. */
  now: v.number(),
  sales: v.object({ rows: v.array(NumbersSalesRow), byType: v.array(NumbersSalesType), total: v.object(Money) }),
  coupons: v.array(NumbersCoupon),
  consultants: v.array(NumbersConsultant),
  outcomes: v.object(Outcomes),
  ratings: v.object({ count: v.number(), average: v.nullable(v.number()), trend: v.array(NumbersRatingPoint) }),
})
export type DeskNumbersResponse = v.InferOutput<typeof DeskNumbersResponse>

export const numberCalls = {
  'desk-numbers': { method: 'GET', role: 'operator', request: DeskNumbersRequest, response: DeskNumbersResponse },
} as const satisfies StaffRegistry
