import { expect, type Page } from '@playwright/test'
import { passwordResetText as t } from '../../../src/text/account'
import type { FlowDriver } from './flow-driver'

const label = { email: t.email, authCode: t.authCode, newPassword: t.newPassword, newPasswordConfirm: t.newPasswordConfirm } as const
const field = (page: Page, name: unknown) => page.getByLabel(label[name as keyof typeof label], { exact: true })

/**
 * Playwright side of machines/password-reset/password-reset-machine.ts: the request page (/password-reset-request)
 * and the code page (/password-reset?email=…). No login: the account's address is typed as
 * `${email}`; the mailed code is the path's own data.
 */
export const passwordResetDriver: FlowDriver = {
  flow: 'passwordReset',
  entryRoute: '/password-reset-request',
  start: async (page, ctx) => {
    await page.goto(ctx.startRoute)
  },
  events: {
    'field.change': async (page, e) => field(page, e.field).fill(String(e.value)),
    'field.blur': async (page, e) => field(page, e.field).blur(),
    'form.submit': async (page) => page.getByRole('button', { name: new RegExp(`${t.requestSubmit}|${t.resetSubmit}`) }).click(),
    'code.open': async (page, e) => {
      await page.goto(`/password-reset?email=${encodeURIComponent(String(e.email))}`)
    },
  },
  states: {
    'requesting.editing': async (page) => expect(page.getByRole('heading', { name: t.requestTitle })).toBeVisible(),
    'resetting.editing': async (page) => {
      await page.waitForURL(/\/password-reset\?/)
      await expect(page.getByRole('heading', { name: t.resetTitle })).toBeVisible()
    },
    done: async (page) => {
      await page.waitForURL(/\/password-reset-complete/)
      await expect(page.getByRole('heading', { name: t.completeTitle })).toBeVisible()
    },
    failed: async (page) => expect(page).toHaveURL(/\/error\?code=/),
  },
}

/** `requesting.editing` after a refused request: メンバーが見つかりません. */
export const resetRequestRejected = async (page: Page) => expect(page.getByRole('alert')).toContainText(t.memberNotFound)
/** `resetting.editing` after a refused code. */
export const resetRejected = async (page: Page) => expect(page.getByRole('alert')).toContainText(t.resetFailed)
