import type { FlowDocs } from '../shared/flow-docs'

/** What the email-change chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: 'メールアドレス変更',
  purpose: 'A member asks to change the e-mail address and confirms the new one through the mailed link.',
  routes: ['/settings/email-change-request', '/settings/email-change-request-complete', '/settings/email-change-complete'],
  events: {
    'field.change': 'The member typed the new e-mail address.',
    'form.submit': 'The member asked for the change; a confirmation link is mailed to the new address.',
    'link.open': 'The member opened the confirmation link from the mail.',
  },
}
