import type { FlowDocs } from '../shared/flow-docs'

/** What the cancel-account chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: '退会',
  purpose: 'A member cancels the membership after agreeing that unused tickets are forfeited and all data is deleted.',
  routes: ['/settings'],
  events: {
    'consent.toggle': 'The member ticked or unticked one of the two cancellation agreements.',
    'form.submit': 'The member confirmed the cancellation.',
  },
}
