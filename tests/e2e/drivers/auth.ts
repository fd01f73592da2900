import { expect } from '@playwright/test'
import { loginText, logoutText } from '../../../src/text/auth'
import { headerText } from '../../../src/text/layout'
import type { FlowDriver } from './flow-driver'

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
    'signedOut.idle': async (page) => {
      await expect(page).toHaveURL(/\/login/)
      await expect(page.getByRole('button', { name: loginText.submit })).toBeVisible()
    },
    'signedIn.active': async (page) => {
      await expect(page.getByRole('navigation', { name: headerText.mainNav }).getByRole('button', { name: headerText.logout })).toBeVisible()
      await expect(page.getByRole('alertdialog')).toBeHidden()
    },
    'signedIn.confirmingLogout': async (page) => expect(page.getByRole('alertdialog')).toContainText(logoutText.body),
  },
}
