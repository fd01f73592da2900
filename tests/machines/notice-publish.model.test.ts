// Generated-path tests of the operator's notice publish chart (window, confirm, withdraw).
import { ApiError } from '../../src/api/api-error'
import { noticePublishMachine } from '../../machines/notice-publish/notice-publish-machine'
import { describeModel } from './model'

const values = { kind: 'CAMPAIGN', content: '年末キャンペーン', publishFrom: '2026-12-01T09:00', publishUntil: '2026-12-31T23:59' }
const events = {
  'field.change': [
    { field: 'content', value: '年末年始の営業のお知らせ' },
    { field: 'content', value: '' },
    { field: 'publishUntil', value: '2026-01-01T00:00' },
  ],
  'form.submit': [{}],
  'notice.withdraw': [{}],
  'modal.confirm': [{}],
  'modal.cancel': [{}],
  'load.retry': [{}],
}
const outcomes = {
  loadNotice: { done: [{ values, status: 'SCHEDULED', version: 1 }, { values, status: 'WITHDRAWN', version: 3 }], error: [new ApiError(500, 'down')] },
  saveNotice: { done: [{ noticeId: 1 }], error: [new ApiError(400, '掲載終了は開始より後にしてください')] },
  withdrawNotice: { done: [{}], error: [new ApiError(500, 'down')] },
}
const serialize = (s: { value: unknown; context: { values: unknown; status: unknown } }) => JSON.stringify([s.value, s.context.values, s.context.status])

describeModel(
  [
    { machine: noticePublishMachine, input: { noticeId: null }, events, outcomes, serialize, limit: 20000 },
    { machine: noticePublishMachine, input: { noticeId: 1 }, events, outcomes, serialize, limit: 20000 },
  ],
  undefined,
  { transientStates: ['noticePublish.start'] },
)
