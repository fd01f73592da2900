import { DeskRefundRequest } from '../../contract/desk/refunds'
import { deskMessages as dm } from '../../contract/desk-messages'
import { formErrors } from '../shared/form-errors'
import { typedWholeNumber } from '../shared/jst-input'

/**
 * What an operator may refund (docs/product.md §3 Ticket `amountRefunded`, `refundReason`): the
 * request schema the server validates with (whole yen, a reason), and never more than what is
 * still refundable. The server applies the same bound under a lock, also against a refund sent
 * at the same moment; this one keeps the confirm button honest.
 */

export type RefundMode = 'full' | 'partial'
/** `reason`: the member-facing reason (mailed to them as typed); `note`: an internal note, kept in the audit trail only. */
export type RefundDraft = { mode: RefundMode; amount: string; reason: string; note: string }
export type RefundErrors = Partial<Record<'amount' | 'reason' | 'note', string>>

/** The yen a draft asks for: everything refundable for a full refund, the typed amount otherwise. */
export const refundAmount = (draft: RefundDraft, refundable: number): number => (draft.mode === 'full' ? refundable : typedWholeNumber(draft.amount))

const yen = (n: number) => `${n.toLocaleString('ja-JP')}円`

export function refundErrors(draft: RefundDraft, refundable: number): RefundErrors {
  const amount = refundAmount(draft, refundable)
  // The key is not the operator's to type: a well-formed stand-in lets the schema judge the rest.
  const all = formErrors<string>(DeskRefundRequest, { ticketNumber: 'T', amount, reason: draft.reason, note: draft.note, idempotencyKey: 'xxxxxxxx' })
  const errors: RefundErrors = { ...(all.amount ? { amount: all.amount } : {}), ...(all.reason ? { reason: all.reason } : {}), ...(all.note ? { note: all.note } : {}) }
  if (!errors.amount && amount > refundable) errors.amount = `${dm.refundExceeds}${yen(refundable)}`
  return errors
}
