import type { DeskCallInput } from '../../../contract/desk-calls'
import type { Receipt } from '../../../contract/receipt'
import type { AuditActor } from '../../infra/audit'
import type { Deps } from '../deps'
import { issueIn } from '../member/receipts'
import { audited } from './common'

/**
 * desk-receipt: the operator opens a member's receipt for them on a call (docs/product.md
 * "Receipts"). It is an issue like the member's own view (the next one says 再発行), and the audit
 * row says who issued it, in the same transaction.
 */
export function deskReceipt(deps: Deps, actor: AuditActor, input: DeskCallInput<'desk-receipt'>): Promise<Receipt> {
  return audited(deps, actor, async (tx, audit) => {
    const { receipt, memberId, counted } = await issueIn(tx, deps, input.receiptNumber, null, input.viewId)
    // The same page view asking again is the issue already recorded.
    if (counted) await audit({ action: 'receipt-issue', targetType: 'purchase', targetId: receipt.receiptNumber, after: { memberId, ticketNumber: receipt.ticketNumber, issueCount: receipt.issueCount } })
    return receipt
  })
}
