import { expect, type Page } from '@playwright/test'
import { cancelAccountText, emailChangeText, passwordChangeText, settingsText } from '../../../src/text/account'

/** Drivers of the /settings charts: profile, cancel account, e-mail change, password change. */
export const profileDriver = {
  events: {
    'field.change': async (page: Page, field: 'lastname' | 'firstname' | 'phone', value: string) =>
      page.getByLabel(settingsText[field], { exact: true }).fill(value),
    'form.submit': async (page: Page) => page.getByRole('button', { name: settingsText.save }).click(),
  },
  states: {
    editing: async (page: Page) => expect(page.getByLabel(settingsText.lastname, { exact: true })).toBeVisible(),
    saved: async (page: Page) => expect(page.getByRole('status').filter({ hasText: settingsText.saved })).toBeVisible(),
  },
}

export const cancelAccountDriver = {
  events: {
    'consent.toggle': async (page: Page, consent: 'ticketsForfeited' | 'dataDeleted') => page.getByText(cancelAccountText[consent]).click(),
    'form.submit': async (page: Page) => page.getByRole('button', { name: cancelAccountText.submit }).click(),
  },
  states: {
    editing: async (page: Page) => expect(page.getByRole('button', { name: cancelAccountText.submit })).toBeVisible(),
    unusedTickets: async (page: Page) => expect(page.getByRole('alert').filter({ hasText: cancelAccountText.unusedTickets })).toBeVisible(),
    done: async (page: Page) => page.waitForURL((url) => url.pathname === '/login'),
  },
}

export const emailChangeDriver = {
  events: {
    'field.change': async (page: Page, email: string) => page.getByLabel(emailChangeText.email).fill(email),
    'form.submit': async (page: Page) => page.getByRole('button', { name: emailChangeText.submit }).click(),
    'link.open': async (page: Page, link: string) => page.goto(link),
  },
  states: {
    editing: async (page: Page) => expect(page.getByRole('heading', { name: emailChangeText.title })).toBeVisible(),
    requested: async (page: Page) => {
      await page.waitForURL(/\/settings\/email-change-request-complete/)
      await expect(page.getByRole('heading', { name: emailChangeText.requestCompleteTitle })).toBeVisible()
    },
    rejected: async (page: Page) => expect(page.getByRole('alert')).toContainText(emailChangeText.rejected),
    confirmed: async (page: Page) => expect(page.getByRole('heading', { name: emailChangeText.completeTitle })).toBeVisible(),
  },
}

export const passwordChangeDriver = {
  events: {
    'field.change': async (page: Page, password: string, confirm = password) => {
      await page.getByLabel(passwordChangeText.newPassword, { exact: true }).fill(password)
      await page.getByLabel(passwordChangeText.newPasswordConfirm, { exact: true }).fill(confirm)
    },
    'form.submit': async (page: Page) => page.getByRole('button', { name: passwordChangeText.submit }).click(),
  },
  states: {
    editing: async (page: Page) => expect(page.getByRole('heading', { name: passwordChangeText.title })).toBeVisible(),
    done: async (page: Page) => {
      await page.waitForURL(/\/settings\/password-change-complete/)
      await expect(page.getByRole('heading', { name: passwordChangeText.completeTitle })).toBeVisible()
    },
  },
}
