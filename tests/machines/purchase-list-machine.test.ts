import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { ApiError } from '../../src/api/api-error'
import { purchaseListMachine, type FetchPageInput, type PurchasePage } from '../../machines/purchase-list/purchase-list-machine'

const row = (n: number) => ({ purchaseTime: 1_700_000_000 - n, amount: 300, amountBeforeCoupon: 300, couponCode: null, receiptNumber: `R${n}`, productType: 'TIP' as const, ticketNumber: `T${n}`, productName: 'チップ 300円' })
const key = (n: number) => ({ memberId: 'MB1', ticketNumber: `T${n}`, purchaseTime: 1_700_000_000 - n })

function start(pages: Array<PurchasePage | Error>, input: { period?: string } = {}) {
  const calls: FetchPageInput[] = []
  const goToError = vi.fn()
  const actor = createActor(
    purchaseListMachine.provide({
      actors: {
        fetchPage: fromPromise<PurchasePage, FetchPageInput>(async ({ input }) => {
          calls.push(input)
          const next = pages.shift()
          if (!next) throw new Error('no page')
          if (next instanceof Error) throw next
          return next
        }),
      },
      actions: { goToError: (_, params) => goToError(params) },
    }),
    { input },
  ).start()
  return { actor, calls, goToError }
}

describe('purchase list paging chart', () => {
  it('starts with the past 3 months and appends the next page by lastEvaluatedKey', async () => {
    const { actor, calls } = start([
      { ticketList: [row(1), row(2)], lastEvaluatedKey: key(2) },
      { ticketList: [row(3)], lastEvaluatedKey: null },
    ])
    await waitFor(actor, (s) => s.matches('ready'))
    expect(calls[0]).toEqual({ period: 'LAST_3_MONTHS', key: null })
    expect(actor.getSnapshot().can({ type: 'more.load' })).toBe(true)
    actor.send({ type: 'more.load' })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(calls[1]).toEqual({ period: 'LAST_3_MONTHS', key: key(2) })
    expect(actor.getSnapshot().context.rows.map((r) => r.receiptNumber)).toEqual(['R1', 'R2', 'R3'])
    // The last page: nothing more to load.
    expect(actor.getSnapshot().can({ type: 'more.load' })).toBe(false)
  })

  it('a period change starts over with that year', async () => {
    const { actor, calls } = start([
      { ticketList: [row(1)], lastEvaluatedKey: key(1) },
      { ticketList: [], lastEvaluatedKey: null },
    ])
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'period.change', period: '2024' })
    expect(actor.getSnapshot().context.rows).toEqual([])
    await waitFor(actor, (s) => s.matches('ready'))
    expect(calls[1]).toEqual({ period: '2024', key: null })
    expect(actor.getSnapshot().context.lastEvaluatedKey).toBeNull()
  })

  it('takes its first period from the input', async () => {
    const { actor, calls } = start([{ ticketList: [], lastEvaluatedKey: null }], { period: '2023' })
    await waitFor(actor, (s) => s.matches('ready'))
    expect(calls[0].period).toBe('2023')
  })

  it('product.md §8: a load failure goes to the error page with its status', async () => {
    const { actor, goToError } = start([new ApiError(503, 'down')])
    await waitFor(actor, (s) => s.matches('toError'))
    expect(goToError).toHaveBeenCalledWith({ code: 503 })
  })

  it('a failure without a status is a system error (500)', async () => {
    const { actor, goToError } = start([{ ticketList: [row(1)], lastEvaluatedKey: key(1) }, new Error('network')])
    await waitFor(actor, (s) => s.matches('ready'))
    actor.send({ type: 'more.load' })
    await waitFor(actor, (s) => s.matches('toError'))
    expect(goToError).toHaveBeenCalledWith({ code: 500 })
  })
})
