// Generated-path tests of the rating chart (issue 5): every transition, replayed live. Two entries
// (with and without ticketNumber) share one coverage check.
import type { AnyMachineSnapshot } from 'xstate'
import { ratingMachine } from '../../machines/rating/rating-machine'
import { ApiError } from '../../src/api/api-error'
import { describeModel, type ModelConfig } from './model'
import { ticketFixture } from './reservation-fixtures'

const tips = [{ productId: 'TIP-500', price: 500, minutesToSupport: 0, showOnMypage: false, productType: 'TIP' as const, productName: 'チップ' }]
const events: ModelConfig['events'] = {
  'score.change': [{ score: 4 }, { score: 0 }],
  'detail.change': [{ key: 'friendliness', score: 3 }, { key: 'clearExplanation', score: 9 }],
  'comment.change': [{ value: '  とても助かりました  ' }, { value: 'あ'.repeat(501) }],
  'tip.select': [{ productId: 'TIP-500' }, { productId: null }, { productId: 'TIP-UNKNOWN' }],
  'form.submit': [{}],
  'modal.confirm': [{}],
  'modal.cancel': [{}],
}
const outcomes: ModelConfig['outcomes'] = {
  loadTicket: { done: [{ ...ticketFixture, supportStatus: 'COMPLETED' }], error: [new ApiError(400, 'ALREADY_RATED'), new ApiError(400, 'RATING_NOT_AVAILABLE'), new ApiError(500, 'boom')] },
  loadTips: { done: [tips], error: [new ApiError(503, 'down')] },
  postRating: { done: [{}], error: [new ApiError(400, 'already rated'), new ApiError(500, 'boom')] },
}
// What changes what can happen next: overall given, comment too long, tip chosen.
const serialize = (s: AnyMachineSnapshot) =>
  JSON.stringify([s.value, s.context.memberTotalScore !== null, s.context.comment.trim().length > 500, s.context.tipProductId !== null])

const configs: ModelConfig[] = [
  { machine: ratingMachine, input: { ticketNumber: 'S0000003' }, events, outcomes, serialize },
  { machine: ratingMachine, input: {}, events, outcomes, serialize },
]
describeModel(configs)
