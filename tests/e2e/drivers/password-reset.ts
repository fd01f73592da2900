import { expect, type Page } from '@playwright/test'
import { passwordResetText as t } from '../../../src/text/account'

export const passwordResetDriver = {
  events: {
    'field.change': async (page: Page, values: { email?: string; authCode?: string; newPassword?: string; newPasswordConfirm?: string }) => {
      if (values.authCode !== undefined) await page.getByLabel(t.authCode).fill(values.authCode)
      if (values.email !== undefined) await page.getByLabel(t.email).fill(values.email)
      if (values.newPassword !== undefined) await page.getByLabel(t.newPassword, { exact: true }).fill(values.newPassword)
      if (values.newPasswordConfirm !== undefined) await page.getByLabel(t.newPasswordConfirm, { exact: true }).fill(values.newPasswordConfirm)
    },
    'form.submit': async (page: Page) => page.getByRole('button', { name: new RegExp(`${t.requestSubmit}|${t.resetSubmit}`) }).click(),
    'code.open': async (page: Page, email: string) => page.goto(`/password-reset?email=${encodeURIComponent(email)}`),
  },
  states: {
    requesting: async (page: Page) => expect(page.getByRole('heading', { name: t.requestTitle })).toBeVisible(),
    requestRejected: async (page: Page) => expect(page.getByRole('alert')).toContainText(t.memberNotFound),
    resetting: async (page: Page) => {
      await page.waitForURL(/\/password-reset\?/)
      await expect(page.getByRole('heading', { name: t.resetTitle })).toBeVisible()
    },
    resetRejected: async (page: Page) => expect(page.getByRole('alert')).toContainText(t.resetFailed),
    done: async (page: Page) => {
      await page.waitForURL(/\/password-reset-complete/)
      await expect(page.getByRole('heading', { name: t.completeTitle })).toBeVisible()
    },
  },
}
