import type { FlowDocs } from '../shared/flow-docs'

/** What the password-change chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: 'パスワード変更',
  purpose: 'A signed-in member sets a new password, is signed out and logs in again with it.',
  routes: ['/settings/password-change', '/settings/password-change-complete'],
  events: {
    'field.change': 'The member typed the new password or its confirmation.',
    'field.blur': 'The member left a field; its error, if any, now shows.',
    'form.submit': 'The member sent the new password.',
  },
}
