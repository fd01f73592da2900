// Spec rules of the payment history chart (product.md §2 /purchase-list, §7 purchase-list, §8): the
// list loads for the period (last 3 months by default), "load more" asks for the next page with
// the last key and appends it, a new period starts again from its first page, and any failed load
// goes to /error?code={status}.
import { purchaseListMachine } from '../../machines/purchase-list/purchase-list-machine'
import { ApiError } from '../../src/api/api-error'
import { expectCan, expectGoes, expectSent, leavingEnds, statusCode, type ChartSpec, type Observation, type SpecRules } from './observe'

type Page = { ticketList: unknown[]; lastEvaluatedKey: unknown }
const key = { memberId: 'MB1', ticketNumber: 'S1', purchaseTime: 1_700_000_000 }
const row = (n: string) => ({ ticketNumber: n, productName: 'サポート', price: 3000 })

/** What the page holds by the spec, replayed from the trail: period, rows, next key, loading. */
function page(trail: Observation[]) {
  let period = 'LAST_3_MONTHS'
  let rows: unknown[] = []
  let next: unknown = null
  let loading: 'first' | 'more' | null = 'first'
  for (const o of trail) {
    if (o.event.type === 'period.change') {
      period = o.event.period
      rows = []
      next = null
      loading = 'first'
    } else if (o.event.type === 'more.load' && loading === null && next !== null) loading = 'more'
    else if (o.reply?.call === 'fetchPage' && o.reply.ok) {
      const p = o.reply.output as Page
      rows = loading === 'more' ? [...rows, ...p.ticketList] : p.ticketList
      next = p.lastEvaluatedKey
      loading = null
    }
  }
  return { period, rows, next, loading }
}

export const rules: SpecRules = {
  invariant: (o) => leavingEnds(o),
  afterStep({ event, before, after, trail }) {
    const v: string[] = []
    const now = page(trail)
    const was = page(trail.slice(0, -1))
    const r = after.reply
    if (event.type === 'xstate.init') v.push(...expectSent(after, [{ call: 'fetchPage', input: { period: 'LAST_3_MONTHS', key: null } }], 'the first page of the last 3 months'))
    else if (event.type === 'period.change') v.push(...expectSent(after, [{ call: 'fetchPage', input: { period: now.period, key: null } }], `the first page of ${now.period}`))
    else if (event.type === 'more.load') {
      if (was.loading === null && was.next !== null) v.push(...expectSent(after, [{ call: 'fetchPage', input: { period: now.period, key: was.next } }], 'the next page'))
      else v.push(...expectSent(after, [], was.loading ? 'load more while loading' : 'load more with no next page'))
    } else if (r?.call === 'fetchPage') {
      if (!r.ok) v.push(...expectGoes(after, [{ action: 'goToError', params: { code: Number(statusCode(after)) } }], `a failed load (error ${statusCode(after)})`))
      else v.push(...expectSent(after, [], 'a page arrived'), ...expectGoes(after, [], 'a page arrived'))
    }
    if (!after.done) {
      if (JSON.stringify(after.context.rows) !== JSON.stringify(now.rows)) v.push(`the list must show ${JSON.stringify(now.rows)}, shows ${JSON.stringify(after.context.rows)}`)
      // "Load more" works only with a next page and nothing loading; a period can always be chosen.
      v.push(...expectCan(after, ['period.change', ...(now.loading === null && now.next !== null ? ['more.load'] : [])], ['period.change', 'more.load'], 'on the list'))
    }
    void before
    return v
  },
}

export const spec: ChartSpec = {
  configs: [
    {
      machine: purchaseListMachine,
      input: {},
      events: { 'period.change': [{ period: '2024' }], 'more.load': [{}] },
      outcomes: {
        fetchPage: {
          done: [{ ticketList: [row('S1')], lastEvaluatedKey: key }, { ticketList: [row('S2')], lastEvaluatedKey: null }],
          error: [new ApiError(500, 'boom'), new ApiError(403, 'denied')],
        },
      },
      serialize: (s) => JSON.stringify([s.value, s.context.period, s.context.lastEvaluatedKey !== null, s.context.rows.length > 1]),
    },
  ],
  rules,
}
