import type { FlowDocs } from '../shared/flow-docs'

/** What the signup chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: '新規会員登録（メール確認つき）',
  purpose: 'A new person enters their details, receives a confirmation mail and completes the registration from its link.',
  routes: ['/signup', '/registeration-temp', '/registeration-complete'],
  events: {
    'field.change': 'The person typed into a field (name, phone, e-mail local part or domain, password).',
    'field.blur': 'The person left a field; its error, if any, now shows.',
    'survey.toggle': 'The person ticked or unticked a how-you-heard answer.',
    'password.toggleVisibility': 'The person chose to show or hide the password.',
    'password.generate': 'The person asked for a generated 6-digit password.',
    'password.copy': 'The person copied the password to the clipboard.',
    'form.submit': 'The person sent the registration form.',
    'link.open': 'The person opened the confirmation link from the mail.',
  },
}
