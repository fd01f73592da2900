import type { FlowDocs } from '../shared/flow-docs'

/** What the purchase-list chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: 'お支払い履歴',
  purpose: 'Shows the member’s payments for the past 3 months or a chosen year, 20 at a time, loading more on request.',
  routes: ['/purchase-list'],
  events: {
    'period.change': 'The member picked another period in the year filter (past 3 months, or a year from 2023 to this year).',
    'more.load': 'The member asked to see older payments (only offered while the server reports more).',
  },
}
