/**
 * What an operator may refund (docs/product.md §3 Ticket `amountRefunded`, `refundReason`): a whole
 * number of yen, at least 1 and never more than what is left of the payment, with a reason. The
 * server applies the same bounds under a lock; these keep the confirm button honest.
 */

export const REFUND_REASON_MAX = 200

export type RefundMode = 'full' | 'partial'
export type RefundDraft = { mode: RefundMode; amount: string; reason: string }
export type RefundErrorCode = 'amountRequired' | 'amountNotWhole' | 'amountTooLarge' | 'nothingLeft' | 'reasonRequired' | 'reasonTooLong'
export type RefundErrors = Partial<Record<'amount' | 'reason', RefundErrorCode>>

/** Full-width digits are what a Japanese IME types: read them as digits. */
const halfWidth = (s: string) => s.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/[,，\s]/g, '')

/** The yen a draft asks for: everything left for a full refund, the typed amount otherwise (NaN when unreadable). */
export function refundAmount(draft: RefundDraft, remaining: number): number {
  if (draft.mode === 'full') return remaining
  const text = halfWidth(draft.amount)
  return /^\d+$/.test(text) ? Number(text) : NaN
}

export function refundErrors(draft: RefundDraft, remaining: number): RefundErrors {
  const errors: RefundErrors = {}
  const amount = refundAmount(draft, remaining)
  if (remaining <= 0) errors.amount = 'nothingLeft'
  else if (draft.mode === 'partial' && halfWidth(draft.amount) === '') errors.amount = 'amountRequired'
  else if (!Number.isInteger(amount) || amount < 1) errors.amount = 'amountNotWhole'
  else if (amount > remaining) errors.amount = 'amountTooLarge'
  const reason = draft.reason.trim()
  if (!reason) errors.reason = 'reasonRequired'
  else if (reason.length > REFUND_REASON_MAX) errors.reason = 'reasonTooLong'
  return errors
}
