// Spec rules of the receipt chart (docs/product.md "Receipts", decision 87): the receipt is issued
// by loading it; the addressee may be changed only while the receipt says it may (once), starting
// from what the receipt shows; saving sends the trimmed text typed, 1 to ADDRESSEE_MAX characters;
// a refusal (4xx) stays on the form with the server's message; any other failure, and a receipt that
// cannot be read (another member's: 404), goes to /error?code={status}.
import * as v from 'valibot'
import { ADDRESSEE_MAX, AddresseeField, receiptMessages, type Receipt } from '../../contract/receipt'
import { receiptMachine } from '../../machines/receipt/receipt-machine'
import { ApiError } from '../../src/api/api-error'
import { boundary, textsAround } from './boundaries'
import { expectCan, expectGoes, expectSent, httpStatus, isClient, leavingEnds, same, statusCode, type ChartSpec, type Observation, type SpecRules } from './observe'

const RECEIPT_NUMBER = 'R0000000000001'
const base: Receipt = {
  receiptNumber: RECEIPT_NUMBER, ticketNumber: 'S0000000000001',
  issuer: { name: '発行者', address: '住所', registrationNumber: 'T1234567890123' },
  addressee: 'テスト 会員 様', addresseeEditable: true,
  purchaseTime: 1749517200, productType: 'SUPPORT', productName: '60分サポートチケット',
  amountBeforeCoupon: 5500, couponName: null, couponDiscount: 0, amountPaid: 5500, refunds: [], total: 5500, taxRate: 10, tax: 500,
  issueCount: 1, firstIssuedAt: 1749517200, reissued: false,
}
const locked: Receipt = { ...base, addressee: '株式会社サンプル 御中', addresseeEditable: false, issueCount: 2, reissued: true }
const saved: Receipt = { ...base, addressee: '株式会社サンプル 御中', addresseeEditable: false }

type Phase = 'loading' | 'shown' | 'editing' | 'saving'
const valid = (draft: string) => v.is(AddresseeField, draft)

/** The page by the spec, from the trail's events and answers. */
function page(trail: Observation[]) {
  let phase: Phase = 'loading'
  let receipt: Receipt | null = null
  let draft = ''
  let refusal: string | null = null
  let savedNow = false
  for (const o of trail) {
    const e = o.event
    const r = o.reply
    if (r?.call === 'loadReceipt' && r.ok) { receipt = r.output as Receipt; phase = 'shown' }
    else if (phase === 'shown' && e.type === 'addressee.edit' && receipt?.addresseeEditable) { phase = 'editing'; draft = receipt.addressee; refusal = null; savedNow = false }
    else if (phase === 'editing' && e.type === 'addressee.change') { draft = e.value as string; refusal = null }
    else if (phase === 'editing' && e.type === 'addressee.cancel') phase = 'shown'
    else if (phase === 'editing' && e.type === 'addressee.submit' && valid(draft)) phase = 'saving'
    else if (r?.call === 'saveAddressee') {
      if (r.ok) { receipt = r.output as Receipt; phase = 'shown'; savedNow = true }
      else if (isClient(httpStatus(r.error))) { phase = 'editing'; refusal = (r.error as Error).message }
    }
  }
  return { phase, receipt, draft, refusal, saved: savedNow }
}

const EVENTS = ['addressee.edit', 'addressee.change', 'addressee.submit', 'addressee.cancel']

export const rules: SpecRules = {
  invariant: (o) => leavingEnds(o),
  afterStep({ event, after, trail }) {
    const out: string[] = []
    const was = page(trail.slice(0, -1))
    const now = page(trail)
    const r = after.reply
    if (event.type === 'xstate.init') out.push(...expectSent(after, [{ call: 'loadReceipt', input: { receiptNumber: RECEIPT_NUMBER } }], 'the receipt is issued and loaded'))
    else if (event.type === 'addressee.submit') {
      if (now.phase === 'saving' && was.phase === 'editing') out.push(...expectSent(after, [{ call: 'saveAddressee', input: { receiptNumber: RECEIPT_NUMBER, addressee: was.draft.trim() } }], 'saving sends the addressee typed, trimmed'))
      else out.push(...expectSent(after, [], 'an invalid addressee, or one being saved, sends nothing'))
    } else if (EVENTS.includes(event.type)) out.push(...expectSent(after, [], event.type), ...expectGoes(after, [], event.type))
    else if (r && !r.ok) {
      if (r.call === 'saveAddressee' && isClient(httpStatus(r.error))) out.push(...expectGoes(after, [], 'a refused addressee stays on the form'))
      else out.push(...expectGoes(after, [{ action: 'goToError', params: { code: statusCode(after) } }], `a failed ${r.call} (error ${httpStatus(r.error)})`))
    } else if (r?.ok) out.push(...expectSent(after, [], `after ${r.call}`), ...expectGoes(after, [], `after ${r.call}`))
    if (!after.done) {
      const c = after.context as { receipt: Receipt | null; draft: string; refusal: string | null; saved: boolean }
      if (!same(c.receipt, now.receipt)) out.push(`the page must show the receipt ${JSON.stringify(now.receipt?.addressee)}, shows ${JSON.stringify(c.receipt?.addressee)}`)
      if (now.phase === 'editing' && c.draft !== now.draft) out.push(`the addressee field must read ${JSON.stringify(now.draft)}, reads ${JSON.stringify(c.draft)}`)
      if (c.refusal !== now.refusal) out.push(`the refusal shown must be ${JSON.stringify(now.refusal)}, is ${JSON.stringify(c.refusal)}`)
      if (c.saved !== now.saved) out.push(`the saved note must ${now.saved ? '' : 'not '}show`)
      const allowed =
        now.phase === 'shown' ? (now.receipt?.addresseeEditable ? ['addressee.edit'] : [])
        : now.phase === 'editing' ? ['addressee.change', 'addressee.cancel', ...(valid(now.draft) ? ['addressee.submit'] : [])]
        : []
      out.push(...expectCan(after, allowed, EVENTS, `while ${now.phase}`))
    }
    return out
  },
}

export const spec: ChartSpec = {
  configs: [
    {
      machine: receiptMachine,
      input: { receiptNumber: RECEIPT_NUMBER },
      events: {
        'addressee.edit': [{}],
        'addressee.change': [{ value: '  ' }, { value: ' 株式会社サンプル 御中 ' }, ...boundary(...textsAround(ADDRESSEE_MAX).map((value) => ({ value })))],
        'addressee.submit': [{}],
        'addressee.cancel': [{}],
      },
      outcomes: {
        loadReceipt: { done: [base, locked], error: [new ApiError(404, 'Not Found'), new ApiError(500, 'down')] },
        saveAddressee: { done: [saved], error: [new ApiError(409, receiptMessages.addresseeAlreadyChanged), new ApiError(500, 'down')] },
      },
      serialize: (s) => JSON.stringify([s.value, s.context.receipt?.addresseeEditable, s.context.draft.trim() === '' ? 'empty' : s.context.draft.trim().length > ADDRESSEE_MAX ? 'long' : 'ok', s.context.refusal !== null, s.context.saved]),
    },
  ],
  rules,
}
