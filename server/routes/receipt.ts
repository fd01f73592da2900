import type { PartialHandlers } from '../http/handler'
import { changeAddressee, issueReceipt } from '../services/member/receipts'

// The receipt flow (machines/receipt): a receipt of the member's own payment, and its addressee.

export const receiptHandlers: PartialHandlers<'receipt' | 'receipt-addressee'> = {
  async receipt({ input, deps, me }) {
    return issueReceipt(deps, me(), input)
  },
  async 'receipt-addressee'({ input, deps, me }) {
    return changeAddressee(deps, me(), input)
  },
}
