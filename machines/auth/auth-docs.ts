import type { FlowDocs } from '../shared/flow-docs'

/** What the auth chart means in business words: the generated diagram (docs/flows) and the live flow panel read it. */
export const flowDocs: FlowDocs = {
  title: 'ログイン・ログアウト (auth)',
  purpose: 'Knows whether a member is signed in, logs a member in (captcha-checked login call, identity sign-in, member data) and out, and returns them to the page they asked for.',
  routes: ['/login', 'every page that needs login (redirects to /login?redirect=…)'],
  events: {
    'identity.changed': 'The identity provider reported who is signed in (a member, or nobody: also when it forces a sign-out for a disabled user or an expired token).',
    'form.change': 'The member typed into the e-mail or password field.',
    'form.submit': 'The member pressed ログイン (only with both fields filled).',
    'logout.request': 'The member chose ログアウト in the header or mobile menu: the confirmation opens.',
    'logout.confirm': 'The member confirmed the logout.',
    'logout.cancel': 'The member closed the logout confirmation.',
    'session.end': 'A page ended the session without navigating (/login?signup=success after registration).',
    'member.updated': 'The member saved new account details on /settings (names, phone).',
  },
}
