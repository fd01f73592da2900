import * as v from 'valibot'
import { ID_MAX, UID_MAX } from './fields'
import { formatMessages } from './validation-messages'

// The shaped strings of the wire (product.md §3), branded once at the contract: a handler receives a
// `TicketNumber`, a `MemberId`, a `ProductId`, a `CouponCode`, a `Ymd` day or a `ReservationTime`,
// never some string, and cannot pass one for another. Only the schemas are here (they are part of
// the first page's bundle); the readers and writers of days and reservation times are
// contract/reservation-time.ts.

/** A ticket number as a request names it: non-empty, at most ID_MAX characters (prefix M, S, A or T). */
export const TicketNumber = v.pipe(v.string(), v.nonEmpty(), v.maxLength(ID_MAX), v.brand('TicketNumber'))
export type TicketNumber = v.InferOutput<typeof TicketNumber>

/** An optional ticket number (a paging key, the ticket being moved, a tip's parent): may be ''. */
export const TicketNumberKey = v.pipe(v.string(), v.maxLength(ID_MAX), v.brand('TicketNumber'))

/**
 * A product id (`SUPPORT-60`, `TIP-300`, …) as a request names it: non-empty, at most ID_MAX
 * characters; `message` for every refusal where a page shows it (the desk's), else valibot's own.
 */
export const productIdField = (message?: string) => v.pipe(v.string(message), v.nonEmpty(message), v.maxLength(ID_MAX, message), v.brand('ProductId'))
export const ProductId = productIdField()
export type ProductId = v.InferOutput<typeof ProductId>

/** A coupon code as a request names it: non-empty, at most ID_MAX characters. */
export const CouponCode = v.pipe(v.string(), v.nonEmpty(), v.maxLength(ID_MAX), v.brand('CouponCode'))
export type CouponCode = v.InferOutput<typeof CouponCode>

/** A member id (also the identity provider's uid), as a request names it. */
export const MemberId = v.pipe(v.string(), v.maxLength(UID_MAX), v.brand('MemberId'))
export type MemberId = v.InferOutput<typeof MemberId>

/**
 * The span of days any request may name, both included (docs/api.md "Bounds"): whatever a caller
 * sends, no service walks, adds to or turns into an instant a day outside it (the day after
 * 9999-12-31 has no YYYYMMDD: a walk over days that reached it never ended).
 */
export const DAY_MIN = '20000101'
export const DAY_MAX = '21001231'
/** Whether `ymd` (8 digits) lies in DAY_MIN … DAY_MAX; YYYYMMDD compares as text. */
export const inDaySpan = (ymd: string): boolean => ymd >= DAY_MIN && ymd <= DAY_MAX

/** The instants of the span of days in unix seconds: 2000-01-01 00:00 JST … 2100-12-31 23:59:59 JST. */
export const UNIX_SECONDS_MIN = 946_652_400
export const UNIX_SECONDS_MAX = 4_133_948_399

/** A calendar day in Japan, `YYYYMMDD` (`dt`), within DAY_MIN … DAY_MAX; read with reservation-time.ts `parseYmd`. */
export const Ymd = v.pipe(
  v.string(),
  v.maxLength(8, formatMessages.ymd),
  v.regex(/^\d{8}$/, formatMessages.ymd),
  v.check(inDaySpan, formatMessages.daySpan),
  v.brand('Ymd'),
)
export type Ymd = v.InferOutput<typeof Ymd>

/** `SUPPORT-YYYYMMDD-HH-MM` (Japan wall-clock): day, hour, minute. Read only by reservation-time.ts. */
export const RESERVATION_TIME = /^SUPPORT-(\d{8})-(\d{2})-(\d{2})$/
const RESERVATION_TIME_MESSAGE = formatMessages.reservationTime

/** The start of a SUPPORT reservation as a request carries it (update-resevation-date). */
export const ReservationTime = v.pipe(
  v.string(),
  v.maxLength(22, RESERVATION_TIME_MESSAGE),
  v.regex(RESERVATION_TIME, RESERVATION_TIME_MESSAGE),
  // Its day (characters 8–15, after `SUPPORT-`) within the span of days.
  v.check((s) => inDaySpan(s.slice(8, 16)), formatMessages.daySpan),
  v.brand('ReservationTime'),
)
export type ReservationTime = v.InferOutput<typeof ReservationTime>
