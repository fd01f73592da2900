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

/** A calendar day in Japan, `YYYYMMDD` (`dt`); read with reservation-time.ts `parseYmd`. */
export const Ymd = v.pipe(v.string(), v.maxLength(8, formatMessages.ymd), v.regex(/^\d{8}$/, formatMessages.ymd), v.brand('Ymd'))
export type Ymd = v.InferOutput<typeof Ymd>

/** `SUPPORT-YYYYMMDD-HH-MM` (Japan wall-clock): day, hour, minute. Read only by reservation-time.ts. */
export const RESERVATION_TIME = /^SUPPORT-(\d{8})-(\d{2})-(\d{2})$/
const RESERVATION_TIME_MESSAGE = formatMessages.reservationTime

/** The start of a SUPPORT reservation as a request carries it (update-resevation-date). */
export const ReservationTime = v.pipe(
  v.string(),
  v.maxLength(22, RESERVATION_TIME_MESSAGE),
  v.regex(RESERVATION_TIME, RESERVATION_TIME_MESSAGE),
  v.brand('ReservationTime'),
)
export type ReservationTime = v.InferOutput<typeof ReservationTime>
