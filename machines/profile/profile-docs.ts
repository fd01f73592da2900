import type { FlowDocs } from '../shared/flow-docs'

/** What the profile chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: 'お客様情報の変更',
  purpose: 'A member reviews the account info and corrects the name or phone number.',
  routes: ['/settings'],
  events: {
    'field.change': 'The member edited the last name, first name or phone number.',
    'form.submit': 'The member saved the changes.',
  },
}
