import * as v from 'valibot'
import { ProductType, Ticket } from '../entities'
import { UID_MAX } from '../fields'
import { Receipt, ReceiptNumber, ViewId } from '../receipt'
import { RoomStay } from '../room'
import { deskMessages as dm } from '../desk-messages'
import type { StaffRegistry } from '../staff-calls'
import { paged, Paging, SEARCH_MAX, strict } from './common'
import { DeskMail } from './mails'

// The operator's desk, members (look-up for support staff), their purchases and refunds, and a receipt opened for them:
// its schemas and its part of the registry, which contract/desk-calls.ts composes into `deskCalls`.

export const MemberSearchBy = v.picklist(['ANY', 'NAME', 'EMAIL', 'PHONE', 'MEMBER_ID', 'TICKET'], dm.searchByInvalid)
/**
 * ANY: an address (contains @) by e-mail, digits (hyphens ignored) by phone, else a member id, a
 * ticket number or a name. E-mail matches from the start (case-insensitive); a name anywhere in
 * 姓名 with spaces ignored, hiragana and katakana alike, full- and half-width alike (NFKC:
 * docs/product.md §10 "Finding members"); the others exactly. An empty query lists every member,
 * newest first. A cancelled member is listed without personal data (`cancelled`).
 */
export const DeskMembersRequest = strict({
  query: v.optional(v.pipe(v.string(dm.queryRequired), v.trim(), v.maxLength(SEARCH_MAX, dm.queryTooLong)), ''),
  by: v.optional(MemberSearchBy, 'ANY'),
  ...Paging,
})
export const DeskMemberRow = v.object({
  memberId: v.string(),
  /** '' for a cancelled member. */
  email: v.string(),
  /** 姓 名; （退会済み） for a cancelled member. */
  name: v.string(),
  /** '' for a cancelled member. */
  phoneNumber: v.string(),
  createdAt: v.number(),
  /** The member cancelled their account (docs/server.md "Records kept"): no personal data is shown. */
  cancelled: v.boolean(),
})
export const DeskMembersResponse = paged(DeskMemberRow)

export const RefundStatus = v.picklist(['PENDING', 'SUCCEEDED', 'FAILED'])
export const DeskRefund = v.object({
  id: v.number(),
  receiptNumber: v.string(),
  ticketNumber: v.string(),
  amount: v.number(),
  reason: v.string(),
  status: RefundStatus,
  createdAt: v.number(),
  actorUid: v.string(),
})
export type DeskRefund = v.InferOutput<typeof DeskRefund>
export const DeskPurchase = v.object({
  receiptNumber: v.string(),
  ticketNumber: v.string(),
  productType: ProductType,
  productName: v.string(),
  /** What was paid (yen). */
  amount: v.number(),
  amountBeforeCoupon: v.number(),
  couponCode: v.nullable(v.string()),
  purchaseTime: v.number(),
  /** Refunded so far (succeeded refunds). */
  amountRefunded: v.number(),
  /** What may still be refunded: paid − refunded − refunds in progress. */
  refundable: v.number(),
  refunds: v.array(DeskRefund),
})
export type DeskPurchase = v.InferOutput<typeof DeskPurchase>
export const DeskMemberCoupon = v.object({
  couponCode: v.string(),
  couponName: v.string(),
  expire: v.number(),
  claimedAt: v.number(),
  usedAt: v.nullable(v.number()),
  usedTicketNumber: v.nullable(v.string()),
})

export const DeskMemberRequest = strict({ memberId: v.pipe(v.string(dm.memberNotFound), v.nonEmpty(dm.memberNotFound), v.maxLength(UID_MAX, dm.memberNotFound)) })
export const DeskMemberResponse = v.object({
  member: v.object({
    memberId: v.string(),
    email: v.string(),
    memberLastname: v.string(),
    memberFirstname: v.string(),
    phoneNumber: v.string(),
    useFreeInterviewTime: v.nullable(v.string()),
    createdAt: v.number(),
  }),
  /** Every ticket of the member, every type, as the member's own calls show them. */
  tickets: v.array(Ticket),
  /** The online room's stays of each ONLINE ticket, by ticket number (as the bookings show them). */
  roomStays: v.record(v.string(), v.array(RoomStay)),
  /** Newest first. */
  purchases: v.array(DeskPurchase),
  coupons: v.array(DeskMemberCoupon),
  /** The latest 50 mails to the member; the rest through desk-mails. */
  mails: v.array(DeskMail),
})
export type DeskMemberResponse = v.InferOutput<typeof DeskMemberResponse>

/** A member's receipt opened for them on a call: one issue as the member's own view is, and audited. */
export const DeskReceiptRequest = strict({ receiptNumber: ReceiptNumber, viewId: ViewId })

export const memberCalls = {
  'desk-members': { method: 'GET', role: 'operator', request: DeskMembersRequest, response: DeskMembersResponse },
  'desk-member': { method: 'GET', role: 'operator', request: DeskMemberRequest, response: DeskMemberResponse },
  'desk-receipt': { method: 'POST', role: 'operator', request: DeskReceiptRequest, response: Receipt },
} as const satisfies StaffRegistry
