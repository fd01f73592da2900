import type { FlowDocs } from '../shared/flow-docs'

/** What the password-reset chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: 'パスワード再設定',
  purpose: 'A member who forgot the password receives an auth code by mail and sets a new password with it.',
  routes: ['/password-reset-request', '/password-reset', '/password-reset-complete'],
  events: {
    'field.change': 'The member typed into a field (e-mail, auth code, new password, confirmation).',
    'field.blur': 'The member left a field of the code page; its error, if any, now shows.',
    'form.submit': 'The member sent the page: asks for the code, or sets the new password.',
    'code.open': 'The member opened the code page (after the request, or directly from the mail).',
  },
}
