// The refund chart's promise to the payment provider: one key per refund, the same key on every
// send of it (double click, retry after no answer), a new key only for a changed amount or reason.
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { REFUND_NOTE_MAX } from '../../contract/desk/refunds'
import { refundMachine, type RefundRequest } from '../../machines/refund/refund-machine'

function start(answers: Array<() => Promise<{ amountRefunded: number }>>) {
  const sent: RefundRequest[] = []
  const actor = createActor(
    refundMachine.provide({
      actors: { refundPurchase: fromPromise(async ({ input }: { input: RefundRequest }) => { sent.push(input); return (answers.shift() ?? (() => Promise.reject(new Error('unexpected send'))))() }) },
    }),
    { input: { ticketNumber: 'SUPPORT-1', refundable: 4000 } },
  ).start()
  return { actor, sent }
}

describe('refund chart', () => {
  it('sends once for a double click and again with the same key after no answer', async () => {
    const { actor, sent } = start([() => Promise.reject(new TypeError('Failed to fetch')), () => Promise.resolve({ amountRefunded: 2500 })])
    actor.send({ type: 'mode.change', mode: 'partial' })
    actor.send({ type: 'amount.change', value: '１５００' })
    actor.send({ type: 'reason.change', value: ' 二重決済 ' })
    actor.send({ type: 'form.submit', key: 'k1' })
    actor.send({ type: 'modal.confirm' })
    actor.send({ type: 'modal.confirm' })
    await waitFor(actor, (s) => s.matches('failed'))
    expect(sent).toEqual([{ ticketNumber: 'SUPPORT-1', amount: 1500, reason: '二重決済', note: '', idempotencyKey: 'k1' }])
    actor.send({ type: 'refund.retry' })
    await waitFor(actor, (s) => s.matches('done'))
    expect(sent.map((r) => r.idempotencyKey)).toEqual(['k1', 'k1'])
  })

  it('keeps the key when the same draft is confirmed again, takes a new one for another amount', async () => {
    const { actor } = start([])
    actor.send({ type: 'reason.change', value: '返品' })
    actor.send({ type: 'form.submit', key: 'k1' })
    actor.send({ type: 'modal.cancel' })
    actor.send({ type: 'form.submit', key: 'k2' })
    expect(actor.getSnapshot().context.key).toBe('k1')
    actor.send({ type: 'modal.cancel' })
    actor.send({ type: 'mode.change', mode: 'partial' })
    actor.send({ type: 'amount.change', value: '100' })
    actor.send({ type: 'form.submit', key: 'k3' })
    expect(actor.getSnapshot().context.key).toBe('k3')
  })

  // docs/product.md "Refunds": the reason is mailed to the member; the internal note goes to the
  // audit trail only, and is no part of the refund's identity — a refund that got no answer, sent
  // again with only its note changed, is the same refund (the same key), never a second one.
  it('sends the internal note beside the reason; a changed note keeps the key of the refund', async () => {
    const { actor, sent } = start([() => Promise.reject(new TypeError('Failed to fetch')), () => Promise.resolve({ amountRefunded: 4000 })])
    actor.send({ type: 'reason.change', value: 'ご要望によるキャンセル' })
    actor.send({ type: 'note.change', value: ' カード会社に確認済み ' })
    actor.send({ type: 'form.submit', key: 'k1' })
    actor.send({ type: 'modal.cancel' })
    actor.send({ type: 'note.change', value: ' カード会社に確認済み（山田） ' })
    actor.send({ type: 'form.submit', key: 'k2' })
    expect(actor.getSnapshot().context.key).toBe('k1')
    actor.send({ type: 'modal.confirm' })
    await waitFor(actor, (s) => s.matches('failed'))
    actor.send({ type: 'form.edit' })
    actor.send({ type: 'note.change', value: '' })
    actor.send({ type: 'form.submit', key: 'k3' })
    actor.send({ type: 'modal.confirm' })
    await waitFor(actor, (s) => s.matches('done'))
    expect(sent).toEqual([
      { ticketNumber: 'SUPPORT-1', amount: 4000, reason: 'ご要望によるキャンセル', note: 'カード会社に確認済み（山田）', idempotencyKey: 'k1' },
      { ticketNumber: 'SUPPORT-1', amount: 4000, reason: 'ご要望によるキャンセル', note: '', idempotencyKey: 'k1' },
    ])
  })

  it('refuses a note over REFUND_NOTE_MAX characters in Japanese', () => {
    const { actor } = start([])
    actor.send({ type: 'reason.change', value: '返品' })
    actor.send({ type: 'note.change', value: 'あ'.repeat(REFUND_NOTE_MAX + 1) })
    actor.send({ type: 'form.submit', key: 'k1' })
    expect(actor.getSnapshot().value).toBe('choosing')
    expect(actor.getSnapshot().context.errors.note).toBe('社内メモは500文字以内で入力してください')
    actor.send({ type: 'note.change', value: 'あ'.repeat(REFUND_NOTE_MAX) })
    actor.send({ type: 'form.submit', key: 'k1' })
    expect(actor.getSnapshot().value).toBe('confirming')
  })

  it('refuses more than is left, and a 4xx answer cannot be re-sent unchanged', async () => {
    const { actor, sent } = start([() => Promise.reject(Object.assign(new Error('返金できる金額を超えています'), { status: 400 }))])
    actor.send({ type: 'mode.change', mode: 'partial' })
    actor.send({ type: 'amount.change', value: '4001' })
    actor.send({ type: 'reason.change', value: '返品' })
    actor.send({ type: 'form.submit', key: 'k1' })
    expect(actor.getSnapshot().value).toBe('choosing')
    expect(actor.getSnapshot().context.errors.amount).toBe('返金額が返金可能な残額を超えています。返金可能額：4,000円')
    actor.send({ type: 'amount.change', value: '4000' })
    actor.send({ type: 'form.submit', key: 'k1' })
    actor.send({ type: 'modal.confirm' })
    await waitFor(actor, (s) => s.matches('failed'))
    expect(actor.getSnapshot().context.failure).toEqual({ message: '返金できる金額を超えています', retryable: false, unanswered: false })
    actor.send({ type: 'refund.retry' })
    expect(actor.getSnapshot().value).toBe('failed')
    expect(sent).toHaveLength(1)
  })
})
