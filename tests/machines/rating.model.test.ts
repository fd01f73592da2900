// Generated-path tests of the rating chart (issue 5): every transition, replayed live. Two entries
// (with and without ticketNumber) share one coverage check.
import { describe, expect, it } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { ratingMachine } from '../../machines/rating-machine'
import { ApiError } from '../../src/api/api-error'
import { coverageReport, replay, type ModelConfig, generatePaths } from './model'
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
  loadTicket: { done: [{ ...ticketFixture, supportStatus: 'COMPLETED' }], error: [new ApiError(400, 'already rated'), new ApiError(500, 'boom')] },
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
const generated = configs.map((config) => ({ config, ...generatePaths(config) }))

describe('rating chart, generated paths', () => {
  for (const { config, paths } of generated) {
    const entry = JSON.stringify(config.input)
    for (const path of paths) {
      const steps = path.steps.slice(1).map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\.\d+\.[^.]+\./, '$1:')).join(' → ')
      it(`${entry}: reaches ${JSON.stringify(path.state.value)} via ${steps || 'start'}`, async () => {
        await replay(config, path)
      })
    }
  }
  it('visits 100% of transitions over its two entries', () => {
    const union = { states: new Set<string>(), transitions: new Set<unknown>() }
    for (const { coverage } of generated) {
      coverage.states.forEach((s) => union.states.add(s))
      coverage.transitions.forEach((t) => union.transitions.add(t))
    }
    const report = coverageReport(configs[0], union)
    console.log(`[coverage] ${report.machine}: states ${report.states}, transitions ${report.transitions}`)
    expect(report.uncovered, 'transitions no generated path takes').toEqual([])
  })
})
