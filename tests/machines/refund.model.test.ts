// Generated-path tests of the operator's refund chart: every state and transition, replayed live.
import { ApiError } from '../../src/api/api-error'
import { refundMachine } from '../../machines/refund/refund-machine'
import { describeModel } from './model'

const events = {
  'mode.change': [{ mode: 'full' }, { mode: 'partial' }],
  'amount.change': [{ value: '' }, { value: '１,０００' }, { value: '9999' }],
  'reason.change': [{ value: '' }, { value: '二重決済のため' }],
  'form.submit': [{ key: 'key-1' }, { key: 'key-2' }],
  'modal.confirm': [{}],
  'modal.cancel': [{}],
  'refund.retry': [{}],
  'form.edit': [{}],
  'dialog.close': [{}],
}
const outcomes = {
  refundPurchase: { done: [{ amountRefunded: 1000 }], error: [new ApiError(400, '返金できる金額を超えています'), new ApiError(402, '決済サービスで返金できませんでした'), new TypeError('Failed to fetch')] },
}
const serialize = (s: { value: unknown; context: { draft: unknown; key: unknown; failure: unknown } }) => JSON.stringify([s.value, s.context.draft, s.context.key, s.context.failure])

describeModel([
  { machine: refundMachine, input: { ticketNumber: 'SUPPORT-1', refundable: 5000 }, events, outcomes, serialize, limit: 20000 },
  { machine: refundMachine, input: { ticketNumber: 'SUPPORT-2', refundable: 0 }, events, outcomes, serialize },
])
