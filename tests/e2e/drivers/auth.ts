import { expect } from '@playwright/test'
import { loginText, logoutText } from '../../../src/text/auth'
import { headerText } from '../../../src/text/layout'
import type { FlowDriver } from './flow-driver'
import { expectAt, expectStableDialog } from './page-checks'

/** Playwright side of machines/auth/auth-machine.ts: the login page, the header's logout and its dialog. */
export const authDriver: FlowDriver = {
  flow: 'auth',
  entryRoute: '/login',
  // The account is used by the path's own form events (`${email}`, `${password}`), not here.
  start: async (page, ctx) => {
    await page.goto(ctx.startRoute)
  },
  events: {
    'form.change': async (page, event) => {
      const label = event.field === 'email' ? loginText.emailLabel : loginText.passwordLabel
      await page.getByLabel(label, { exact: true }).fill(String(event.value))
    },
    'form.submit': async (page) => page.getByRole('button', { name: loginText.submit }).click(),
    'logout.request': async (page) =>
      page.getByRole('navigation', { name: headerText.mainNav }).getByRole('button', { name: headerText.logout }).click(),
    'logout.confirm': async (page) => page.getByRole('alertdialog').getByRole('button', { name: logoutText.confirm }).click(),
    'logout.cancel': async (page) => page.getByRole('alertdialog').getByRole('button', { name: logoutText.cancel }).click(),
  },
  states: {
    // Signed out: on /login itself (the logout and the first visit both land there), the form ready.
    'signedOut.idle': async (page) => {
      await expectAt(page, '/login')
      await expect(page.getByRole('button', { name: loginText.submit })).toBeVisible()
    },
    // Signed in: away from /login, the header offers ログアウト and no dialog is open (nor closing).
    'signedIn.active': async (page) => {
      await expect(page).toHaveURL((url) => url.pathname !== '/login')
      await expect(page.getByRole('navigation', { name: headerText.mainNav }).getByRole('button', { name: headerText.logout })).toBeVisible()
      await expect(page.getByRole('alertdialog')).toHaveCount(0)
    },
    // The logout question, open and settled (a dialog still animating in or out is not this state).
    'signedIn.confirmingLogout': async (page) => {
      const dialog = page.getByRole('alertdialog')
      await expectStableDialog(dialog)
      await expect(dialog).toContainText(logoutText.body)
    },
  },
}
