import * as v from 'valibot'
import { ID_MAX, noControlChars } from '../fields'
import { deskMessages as dm } from '../desk-messages'
import type { StaffRegistry } from '../staff-calls'
import { int, PRICE_MAX, strict, text } from './common'
import { DeskPurchase, DeskRefund } from './members'

// The operator's desk, refunds (docs/product.md §3 Ticket amountRefunded, refundReason; §4 card label 返金):
// its schemas and its part of the registry, which contract/desk-calls.ts composes into `deskCalls`.

export const REFUND_REASON_MAX = 200
/** The refund's internal note: kept in the audit trail only, never shown or mailed to the member. */
export const REFUND_NOTE_MAX = 500

/**
 * A refund of the purchase of `ticketNumber` (one purchase per ticket), in full or in part.
 * `idempotencyKey`: one per refund the operator means (a double click, a retry after no answer:
 * the same key, the same refund, once). The same key with another amount or reason is 409.
 */
export const DeskRefundRequest = strict({
  ticketNumber: v.pipe(v.string(dm.purchaseNotFound), v.nonEmpty(dm.purchaseNotFound), v.maxLength(ID_MAX, dm.purchaseNotFound)),
  amount: int(1, PRICE_MAX, dm.amountInvalid),
  /** The member-facing reason: on the member's ticket and in the refund mail to them, word for word. */
  reason: text(REFUND_REASON_MAX, dm.reasonRequired, dm.reasonTooLong),
  /** An internal note (optional): in the refund's audit row only; no part of the refund's identity (the key's fingerprint). */
  note: v.optional(v.pipe(v.string(dm.noteTooLong), v.trim(), v.maxLength(REFUND_NOTE_MAX, dm.noteTooLong), noControlChars), ''),
  idempotencyKey: v.pipe(v.string(dm.idempotencyKeyInvalid), v.regex(/^[A-Za-z0-9_-]{8,64}$/, dm.idempotencyKeyInvalid)),
})
export type DeskRefundRequest = v.InferOutput<typeof DeskRefundRequest>
export const DeskRefundResponse = v.object({
  refund: DeskRefund,
  /** The purchase after the refund (amountRefunded: the total so far). */
  purchase: DeskPurchase,
  /** The same key was answered before: nothing new happened. */
  replayed: v.boolean(),
})

export const refundCalls = {
  'desk-refund': { method: 'POST', role: 'operator', request: DeskRefundRequest, response: DeskRefundResponse },
} as const satisfies StaffRegistry
