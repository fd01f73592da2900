// Focused tests of the rating chart's payload, navigation and errors (product.md §4, §5, §8).
import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { ALREADY_RATED, ratingMachine, type RatingPayload } from '../../machines/rating/rating-machine'
import { serverErrors } from '../../server/domain/errors'
import { ApiError } from '../../src/api/api-error'
import { ticketFixture } from './reservation-fixtures'

const tips = [{ productId: 'TIP-500', price: 500, minutesToSupport: 0, showOnMypage: false, productType: 'TIP' as const, productName: 'チップ' }]

function start(ticketNumber: string | undefined, fakes: { ticket?: () => Promise<unknown>; post?: () => Promise<unknown> } = {}) {
  const effects = { goToError: vi.fn(), goToComplete: vi.fn(), goToTipPayment: vi.fn(), trackRating: vi.fn() }
  const post = vi.fn<(p: RatingPayload) => Promise<unknown>>(fakes.post ?? (async () => ({})))
  const actor = createActor(
    ratingMachine.provide({
      actors: {
        loadTicket: fromPromise(async () => (fakes.ticket ? fakes.ticket() : ticketFixture)) as never,
        loadTips: fromPromise(async () => tips) as never,
        postRating: fromPromise(({ input }) => post(input)),
      },
      actions: {
        goToError: (_, p) => effects.goToError(p.code),
        goToComplete: () => effects.goToComplete(),
        goToTipPayment: (_, p) => effects.goToTipPayment(p),
        trackRating: (_, p) => effects.trackRating(p),
      },
    }),
    { input: { ticketNumber } },
  ).start()
  return { actor, effects, post }
}

describe('rating chart', () => {
  it("knows the server's answer for a ticket already rated", () => {
    expect(ALREADY_RATED).toBe(serverErrors.alreadyRated)
  })
  it('without ticketNumber goes to error 404', () => {
    const { effects } = start(undefined)
    expect(effects.goToError).toHaveBeenCalledWith('404')
  })
  it.each([
    [new ApiError(400, 'x'), '400'],
    [new ApiError(400, 'ALREADY_RATED'), 'rating'],
    [new ApiError(500, 'x'), '500'],
  ])('ticket load failure %s → error %s', async (error, code) => {
    const { actor, effects } = start('S1', { ticket: () => Promise.reject(error) })
    await waitFor(actor, (s) => s.status === 'done')
    expect(effects.goToError).toHaveBeenCalledWith(code)
  })
  it('needs the overall score and a comment of at most 500 characters (trimmed)', async () => {
    const { actor } = start('S1')
    await waitFor(actor, (s) => s.matches('editing'))
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false)
    actor.send({ type: 'score.change', score: 5 })
    actor.send({ type: 'comment.change', value: ` ${'あ'.repeat(500)} ` })
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(true)
    actor.send({ type: 'comment.change', value: 'あ'.repeat(501) })
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false)
  })
  it('sends trimmed comment, sub-scores defaulting to 5, and goes to /rating-complete without a tip', async () => {
    const { actor, effects, post } = start('S1')
    await waitFor(actor, (s) => s.matches('editing'))
    actor.send({ type: 'score.change', score: 4 })
    actor.send({ type: 'detail.change', key: 'problemSolving', score: 3 })
    actor.send({ type: 'comment.change', value: '  ありがとう  ' })
    actor.send({ type: 'form.submit' })
    actor.send({ type: 'modal.confirm' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(post).toHaveBeenCalledWith({
      ticketNumber: 'S1', memberTotalScore: 4, ratingComment: 'ありがとう', tip: null,
      memberDetailScore: { friendliness: 5, smoothProgress: 5, problemSolving: 3, clearExplanation: 5 },
    })
    expect(effects.trackRating).toHaveBeenCalledWith({ ticketNumber: 'S1', score: 4, tip: false })
    expect(effects.goToComplete).toHaveBeenCalled()
  })
  it('with a tip goes to /buy with the tip product and the parent ticket', async () => {
    const { actor, effects, post } = start('S1')
    await waitFor(actor, (s) => s.matches('editing'))
    actor.send({ type: 'score.change', score: 5 })
    actor.send({ type: 'tip.select', productId: 'TIP-500' })
    actor.send({ type: 'form.submit' })
    actor.send({ type: 'modal.confirm' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(post.mock.calls[0][0].tip).toEqual({ productId: 'TIP-500', price: 500 })
    expect(effects.goToTipPayment).toHaveBeenCalledWith({ productId: 'TIP-500', parentTicketNumber: 'S1' })
  })
  it('a 4xx on post goes to error `rating`', async () => {
    const { actor, effects } = start('S1', { post: () => Promise.reject(new ApiError(400, 'already rated')) })
    await waitFor(actor, (s) => s.matches('editing'))
    actor.send({ type: 'score.change', score: 5 })
    actor.send({ type: 'form.submit' })
    actor.send({ type: 'modal.confirm' })
    await waitFor(actor, (s) => s.status === 'done')
    expect(effects.goToError).toHaveBeenCalledWith('rating')
  })
})
