import type { SnapshotFrom } from 'xstate'
import { refundRemaining, refundRequestOf, type refundMachine } from './refund-machine'
import type { RefundErrors } from './refund-rules'

type Snapshot = SnapshotFrom<typeof refundMachine>

const noErrors: RefundErrors = {}

/** The refund dialog's steps: the form, the confirmation (also while it is sent), a failure, the result. */
type RefundStep = 'editing' | 'confirming' | 'failed' | 'done'

/**
 * What the desk's refund dialog shows, asked of the refund chart (docs/decisions.md 45): tags and
 * context, never state names.
 */
export const refundView = {
  step: (s: Snapshot): RefundStep => (s.hasTag('done') ? 'done' : s.hasTag('failed') ? 'failed' : s.hasTag('confirmOpen') ? 'confirming' : 'editing'),
  /** The refund is being sent: the dialog cannot be closed or left. */
  isRefunding: (s: Snapshot) => s.hasTag('sending'),
  /** The operator closed the dialog without refunding. */
  isClosed: (s: Snapshot) => s.hasTag('closed'),
  /** Closing is a step of the chart (from the form or a failure), not only of the dialog. */
  canClose: (s: Snapshot) => s.can({ type: 'dialog.close' }),
  canRetry: (s: Snapshot) => s.can({ type: 'refund.retry' }),
  /** The field errors, once the operator has pressed 確認. */
  errors: (s: Snapshot) => (s.context.submitted ? s.context.errors : noErrors),
  /** What may still be refunded. */
  refundable: (s: Snapshot) => refundRemaining(s.context),
  /**
   * The purchase's refunded total and what is still refundable: the server's answer once refunded,
   * null before (the dialog shows the figures it opened with).
   */
  after: (s: Snapshot): { amountRefunded: number; refundable: number } | null => {
    const r = s.context.result
    if (!r) return null
    return { amountRefunded: r.amountRefunded, refundable: r.refundable ?? Math.max(0, refundRemaining(s.context) - refundRequestOf(s.context).amount) }
  },
  /** What the confirm button sends (amount and reason, shown in the confirmation). */
  request: (s: Snapshot) => refundRequestOf(s.context),
}
