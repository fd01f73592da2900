// Spec rules of the refund chart (docs/product.md §3 Ticket `amountRefunded` / `refundReason`, §10
// operators refund a member's purchase; docs/server.md "Refunds"; call desk-refund): a refund is
// sent only from its confirmation, for the whole refundable rest or a typed whole number of yen
// from 1 up to that rest, with a reason; one idempotency key per refund, the same on every send of
// it (a double click, a retry), a new one only for another amount or reason (the internal note is
// sent as typed, trimmed, and is no part of the refund's identity). A 4xx is an answer
// and is not sent again unchanged; no answer, 402 and 409 may be. The page is told once, after the
// refund went through.
import type { AnyMachineSnapshot } from 'xstate'
import { PRICE_MAX } from '../../contract/desk/common'
import { REFUND_NOTE_MAX, REFUND_REASON_MAX } from '../../contract/desk/refunds'
import { refundMachine } from '../../machines/refund/refund-machine'
import { ApiError } from '../../src/api/api-error'
import { GATEWAY_STATUSES } from '../../contract/calls'
import type { ModelConfig } from './model'
import { actions, calls, expectCan, expectSent, httpStatus, isClient, same, type ChartSpec, type Observation, type SpecRules } from './observe'
import { around, boundary, textsAround } from './boundaries'

const REFUSED = '返金できる金額を超えています'
const PROVIDER = '決済サービスで返金できませんでした'
const STILL_RUNNING = '同じ返金を処理中です'

/** A typed amount as an operator may type it: full-width digits (an IME's) and thousands separators read. */
const typedYen = (text: string): number => {
  const plain = text.normalize('NFKC').replace(/[,\s]/g, '')
  return /^\d+$/.test(plain) ? Number(plain) : NaN
}
const toFullWidth = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0))

type Position = 'form' | 'confirm' | 'sending' | 'failed' | 'refunded' | 'closed'
const OPERATOR = ['mode.change', 'amount.change', 'reason.change', 'note.change', 'form.submit', 'modal.confirm', 'modal.cancel', 'refund.retry', 'form.edit', 'dialog.close']

/** What the desk must make of the trail: where the operator is, the draft, the key of the refund and the last failure. */
function replay(trail: Observation[]) {
  const { ticketNumber, refundable } = trail[0].context as { ticketNumber: string; refundable: number }
  const rest = Math.max(0, refundable)
  let position: Position = 'form'
  let mode: 'full' | 'partial' = 'full'
  let typed = ''
  let reason = ''
  let note = ''
  let key: string | null = null
  let keyedFor: string | null = null
  let retryable = false
  let submitted = false
  const amount = () => (mode === 'full' ? rest : typedYen(typed))
  const amountOk = () => Number.isInteger(amount()) && amount() >= 1 && amount() <= Math.min(rest, PRICE_MAX)
  const reasonOk = () => reason.trim().length >= 1 && reason.trim().length <= REFUND_REASON_MAX
  const noteOk = () => note.trim().length <= REFUND_NOTE_MAX
  const draft = () => JSON.stringify([amount(), reason.trim()])
  for (const o of trail) {
    const e = o.event
    const r = o.reply
    if (r?.call === 'refundPurchase') {
      if (r.ok) position = 'refunded'
      else {
        position = 'failed'
        const status = httpStatus(r.error)
        retryable = !isClient(status) || status === 402 || status === 409
      }
    } else if (position === 'form') {
      if (e.type === 'mode.change') mode = e.mode
      if (e.type === 'amount.change') typed = e.value
      if (e.type === 'reason.change') reason = e.value
      if (e.type === 'note.change') note = e.value
      if (e.type === 'dialog.close') position = 'closed'
      if (e.type === 'form.submit') {
        submitted = true
        if (amountOk() && reasonOk() && noteOk()) {
          position = 'confirm'
          // The same draft keeps its key (a second look at the form); another amount or reason is another refund.
          if (!(key && keyedFor === draft())) {
            key = e.key
            keyedFor = draft()
          }
        }
      }
    } else if (position === 'confirm') {
      if (e.type === 'modal.confirm') position = 'sending'
      if (e.type === 'modal.cancel') position = 'form'
    } else if (position === 'failed') {
      if (e.type === 'refund.retry' && retryable) position = 'sending'
      if (e.type === 'form.edit') position = 'form'
      if (e.type === 'dialog.close') position = 'closed'
    }
  }
  const request = { ticketNumber, amount: amount(), reason: reason.trim(), note: note.trim(), idempotencyKey: key ?? '' }
  return { position, request, rest, retryable, submitted, amountOk: amountOk(), reasonOk: reasonOk(), noteOk: noteOk() }
}

const TAGS: Record<Position, string[]> = {
  form: ['editing'],
  confirm: ['confirmOpen'],
  sending: ['confirmOpen', 'sending'],
  failed: ['failed'],
  refunded: ['done'],
  closed: ['closed'],
}

const allowed = (now: ReturnType<typeof replay>): string[] => {
  if (now.position === 'form') return ['mode.change', 'amount.change', 'reason.change', 'note.change', 'form.submit', 'dialog.close']
  if (now.position === 'confirm') return ['modal.confirm', 'modal.cancel']
  // While the refund is sent nothing is taken: a double click sends once.
  if (now.position === 'failed') return ['form.edit', 'dialog.close', ...(now.retryable ? ['refund.retry'] : [])]
  return []
}

export const rules: SpecRules = {
  afterStep({ event, before, after, trail }) {
    const v: string[] = []
    const was = before ? replay(trail.slice(0, -1)) : null
    const now = replay(trail)
    const r = after.reply
    const sends = (was?.position === 'confirm' && event.type === 'modal.confirm') || (was?.position === 'failed' && event.type === 'refund.retry' && was.retryable)
    if (!r) v.push(...expectSent(after, sends ? [{ call: 'refundPurchase', input: now.request }] : [], sends ? `${event.type} refunds what the confirmation showed, with the refund's key` : `${event.type} sends nothing`))
    else if (after.sent.length) v.push(`an answer sends nothing, sent ${JSON.stringify(after.sent)}`)
    // A retry is the very same request: the provider must see the same key.
    if (event.type === 'refund.retry' && sends) {
      const previous = trail.slice(0, -1).flatMap((o) => calls(o, 'refundPurchase')).pop()
      if (!same(previous?.input, calls(after, 'refundPurchase')[0]?.input)) v.push(`a retry must repeat the request, was ${JSON.stringify(previous?.input)}`)
    }
    // Two refunds of another amount or reason never share a key.
    const sent = trail.flatMap((o) => calls(o, 'refundPurchase').map((s) => s.input as typeof now.request))
    for (const s of calls(after, 'refundPurchase').map((c) => c.input as typeof now.request)) {
      const other = sent.find((p) => p.idempotencyKey === s.idempotencyKey && (p.amount !== s.amount || p.reason !== s.reason))
      if (other) v.push(`key ${s.idempotencyKey} is used for ${JSON.stringify(other)} and ${JSON.stringify(s)}`)
      if (!(s.amount >= 1 && s.amount <= now.rest)) v.push(`refunded ${s.amount} of ${now.rest} still refundable`)
    }
    const told = actions(after, 'notifyRefunded').map((d) => d.params)
    const refunded = r?.call === 'refundPurchase' && r.ok
    if (!same(told, refunded ? [{ ticketNumber: now.request.ticketNumber, amount: now.request.amount }] : [])) v.push(refunded ? `a refund tells the page once, did ${JSON.stringify(after.did)}` : `the page was told of a refund on ${event.type}`)
    const ended = now.position === 'refunded' || now.position === 'closed'
    if (after.done !== ended) v.push(ended ? `the dialog is ${now.position} but goes on` : 'the dialog ended before a refund or a close')
    // What the dialog shows (refund-view reads these tags): the form, the confirmation (also while
    // it is sent), the failure, 返金しました — or nothing, closed without a refund.
    const shows = TAGS[now.position]
    if (!same(after.tags, shows)) v.push(`the dialog must show ${JSON.stringify(shows)}, shows ${JSON.stringify(after.tags)}`)
    if (!after.done) v.push(...expectCan(after, allowed(now), OPERATOR, `while ${now.position}`))
    // The dialog: field messages once 確認 was pressed, on each field the server would refuse.
    if (now.position === 'form') {
      if (after.context.submitted !== now.submitted) v.push(now.submitted ? 'the form was submitted: its messages must show' : 'messages shown before 確認 was pressed')
      const errors = after.context.errors as Record<string, string>
      if (!!errors.amount === now.amountOk) v.push(now.amountOk ? `${now.request.amount} yen may be refunded, the form says ${errors.amount}` : `${now.request.amount} yen cannot be refunded (${now.rest} left), the form says nothing`)
      if (!!errors.reason === now.reasonOk) v.push(now.reasonOk ? `the reason is fine, the form says ${errors.reason}` : 'the reason is missing or too long, the form says nothing')
      if (!!errors.note === now.noteOk) v.push(now.noteOk ? `the note is fine, the form says ${errors.note}` : 'the note is too long, the form says nothing')
    }
    // Refunded: the dialog holds the server's answer (the refunded total), and no earlier failure.
    if (r && refunded && (!same(after.context.result, r.output) || after.context.failure !== null)) v.push(`refunded: the dialog must hold ${JSON.stringify(r.output)} and no failure, holds ${JSON.stringify([after.context.result, after.context.failure])}`)
    if (r?.call === 'refundPurchase' && !r.ok) {
      const status = httpStatus(r.error)
      const unanswered = !(r.error instanceof ApiError) || (GATEWAY_STATUSES as readonly number[]).includes(status)
      const want = { message: r.error instanceof Error ? r.error.message : '', retryable: now.retryable, unanswered }
      if (!same(after.context.failure, want)) v.push(`the failure shown must be ${JSON.stringify(want)}, is ${JSON.stringify(after.context.failure)}`)
    }
    return v
  },
}

// The refundable rest's boundary values (the server's bound too): nothing, one yen, exactly the
// rest and one yen over, and the reason at its cap and one over — generated from the input and
// the contract's caps.
const REST = 5000
const boundaryEvents = (rest: number): ModelConfig['events'] => ({
  'mode.change': [{ mode: 'partial' }],
  'amount.change': boundary(...[...around(0), ...around(rest)].filter((n) => n >= 0).map((n) => ({ value: String(n) }))),
  'reason.change': [{ value: '返品' }, ...boundary(...textsAround(REFUND_REASON_MAX).map((value) => ({ value })), { value: ` ${'あ'.repeat(REFUND_REASON_MAX)} ` })],
  'note.change': boundary(...textsAround(REFUND_NOTE_MAX).map((value) => ({ value })), { value: ` ${'あ'.repeat(REFUND_NOTE_MAX)} ` }),
  'form.submit': [{ key: 'key-1' }],
  'modal.confirm': [{}],
  'modal.cancel': [{}],
  'refund.retry': [{}],
  'form.edit': [{}],
  'dialog.close': [{}],
})
const events: ModelConfig['events'] = {
  'mode.change': [{ mode: 'full' }, { mode: 'partial' }],
  'amount.change': [{ value: '' }, { value: toFullWidth('1,000') }],
  'reason.change': [{ value: '' }, { value: ' 二重決済のため ' }],
  // The internal note: a change of it alone is the same refund (the same key).
  'note.change': [{ value: ' 社内：カード会社に確認済み ' }],
  'form.submit': [{ key: 'key-1' }, { key: 'key-2' }],
  'modal.confirm': [{}],
  'modal.cancel': [{}],
  'refund.retry': [{}],
  'form.edit': [{}],
  'dialog.close': [{}],
}
const outcomes: ModelConfig['outcomes'] = {
  refundPurchase: {
    done: [{ amountRefunded: 1000 }],
    error: [new ApiError(400, REFUSED), new ApiError(402, PROVIDER), new ApiError(409, STILL_RUNNING), new ApiError(503, 'unavailable'), new TypeError('Failed to fetch')],
  },
}
const serialize = (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.draft, s.context.key, s.context.failure, s.context.submitted])
// The load balancer's statuses (GATEWAY_STATUSES: the refund may have happened) and their
// neighbours (an ordinary failure), as boundary values of the refund's answer.
const gatewayAround = boundary(...[Math.min(...GATEWAY_STATUSES) - 1, ...GATEWAY_STATUSES, Math.max(...GATEWAY_STATUSES) + 1].map((status) => new ApiError(status, 'gateway')))
const boundarySerialize = (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.draft.mode, s.context.draft.amount, s.context.draft.reason.length, s.context.draft.note.length, s.context.submitted])

export const spec: ChartSpec = {
  configs: [
    { machine: refundMachine, input: { ticketNumber: 'SUPPORT-1', refundable: REST }, events, outcomes, serialize, limit: 20000 },
    { machine: refundMachine, input: { ticketNumber: 'SUPPORT-2', refundable: REST }, events: boundaryEvents(REST), outcomes: { refundPurchase: { done: [{ amountRefunded: REST }], error: [new ApiError(400, REFUSED), ...gatewayAround] } }, serialize: boundarySerialize },
    // Nothing left to refund: neither a full nor a partial refund can be confirmed.
    { machine: refundMachine, input: { ticketNumber: 'SUPPORT-3', refundable: 0 }, events: boundaryEvents(0), outcomes, serialize: boundarySerialize },
  ],
  rules,
}
