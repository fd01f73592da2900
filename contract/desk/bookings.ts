import * as v from 'valibot'
import { ID_MAX } from '../fields'
import { RoomStay } from '../room'
import { deskMessages as dm } from '../desk-messages'
import type { StaffRegistry } from '../staff-calls'
import { paged, Paging, SEARCH_MAX, strict, YmdQuery } from './common'

// The operator's desk, the desk's day and its bookings (docs/product.md §10 "The operator's desk"):
// its schemas and its part of the registry, which contract/desk-calls.ts composes into `deskCalls`.

/**
 * A consultation's status as the desk shows it: the ticket's own status, except NO_CONTACT (no
 * contact recorded; the ticket stays UNSUPPORTED) and REFUNDED (any refund ends the booking,
 * whatever the status: it never reads 未対応).
 */
export const DeskBookingStatus = v.picklist(['UNSUPPORTED', 'COMPLETED', 'UNSOLVED', 'UNSOLVED_COMPLETED', 'NO_CONTACT', 'REFUNDED'], dm.statusInvalid)
export type DeskBookingStatus = v.InferOutput<typeof DeskBookingStatus>
export const DeskBooking = v.object({
  ticketNumber: v.string(),
  memberId: v.string(),
  /** 姓 名; （退会済み） for a cancelled member. */
  memberName: v.string(),
  memberCancelled: v.boolean(),
  staffId: v.string(),
  staffNickname: v.string(),
  productName: v.string(),
  /** `SUPPORT-YYYYMMDD-HH-MM` (JST). */
  reservationTime: v.string(),
  startUnixTime: v.number(),
  /** The booked end (start + the ticket's minutes). */
  endUnixTime: v.number(),
  minutes: v.number(),
  supportType: v.nullable(v.picklist(['TEL', 'ONLINE'])),
  status: DeskBookingStatus,
  /** Booked 指名なし. */
  noPreference: v.boolean(),
  outcomeUnixTime: v.nullable(v.number()),
  /** 未解決's follow-up due day (JST `YYYYMMDD`; docs/decisions.md 85); null when none was set. */
  followUpDue: v.nullable(v.string()),
  /** The member told us that no call came (unix seconds; docs/decisions.md 86); null otherwise. */
  noCallReportedUnixTime: v.nullable(v.number()),
  /** ONLINE: when each side came into the room and left (room_presence), oldest first; empty for TEL. */
  roomStays: v.array(RoomStay),
})
export type DeskBooking = v.InferOutput<typeof DeskBooking>

/** A short list with how many there are in all (the glance shows the first ones and links to the rest). */
const capped = <S extends v.GenericSchema>(item: S) => v.object({ items: v.array(item), total: v.number() })

export const DeskTodayRequest = strict({})
export const DeskMoneyItem = v.object({
  memberId: v.string(),
  memberName: v.string(),
  ticketNumber: v.string(),
  productName: v.string(),
  /** Yen. */
  amount: v.number(),
  at: v.number(),
})
export const DeskTodayDay = v.object({
  /** JST `YYYYMMDD`. */
  ymd: v.string(),
  /** Every active consultant (display order), and any inactive one still holding a consultation that day. */
  consultants: v.array(v.object({ staffId: v.string(), staffNickname: v.string(), active: v.boolean(), consultations: v.array(DeskBooking) })),
  total: v.number(),
})
/**
 * 今日の状況: today's and tomorrow's consultations by consultant; outcomes overdue (started in the
 * last DESK_OUTCOME_LOOKBACK_DAYS days, no outcome, not refunded, the grace period after the end
 * over: docs/decisions.md 85); follow-ups owed (UNSOLVED, not refunded, the due day soonest first);
 * "no call came" reports (docs/decisions.md 86) on consultations still without an outcome;
 * today's purchases and succeeded refunds (count and yen, the latest of each).
 */
export const DeskTodayResponse = v.object({
  now: v.number(),
  today: DeskTodayDay,
  tomorrow: DeskTodayDay,
  outcomesMissing: capped(DeskBooking),
  followUps: capped(DeskBooking),
  noCallReports: capped(DeskBooking),
  purchases: v.object({ count: v.number(), yen: v.number(), items: v.array(DeskMoneyItem) }),
  refunds: v.object({ count: v.number(), yen: v.number(), items: v.array(DeskMoneyItem) }),
})
export type DeskTodayResponse = v.InferOutput<typeof DeskTodayResponse>
/** How far back the glance looks for consultations without an outcome. */
export const DESK_OUTCOME_LOOKBACK_DAYS = 30
/** How many items each list of the glance carries (its `total` says how many there are). */
export const DESK_TODAY_LIST_MAX = 50

/**
 * Bookings (SUPPORT tickets with a date) by JST days `from`…`to` (both included; either may be
 * left open), consultant, status and member (a name, an e-mail from its start, a member id or a
 * ticket number, as desk-members reads them). With `from`: earliest first; without: latest first.
 */
export const DeskBookingsRequest = v.pipe(
  strict({
    from: v.optional(YmdQuery),
    to: v.optional(YmdQuery),
    staffId: v.optional(v.pipe(v.string(dm.staffNotFound), v.nonEmpty(dm.staffNotFound), v.maxLength(ID_MAX, dm.staffNotFound))),
    status: v.optional(DeskBookingStatus),
    member: v.optional(v.pipe(v.string(dm.queryTooLong), v.trim(), v.maxLength(SEARCH_MAX, dm.queryTooLong))),
    ...Paging,
  }),
  v.forward(v.check((x) => !x.from || !x.to || x.from <= x.to, dm.rangeInvalid), ['to']),
)
export const DeskBookingsResponse = paged(DeskBooking)

export const bookingCalls = {
  'desk-today': { method: 'GET', role: 'operator', request: DeskTodayRequest, response: DeskTodayResponse },
  'desk-bookings': { method: 'GET', role: 'operator', request: DeskBookingsRequest, response: DeskBookingsResponse },
} as const satisfies StaffRegistry
