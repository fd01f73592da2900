import { expect, type Page } from '@playwright/test'
import { passwordResetText as t } from '../../../src/text/account'
import { apiUrl, waitForMail } from '../fixtures'
import type { FlowDriver } from './flow-driver'
import { expectAt } from './page-checks'

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
    // `{mailedCode}`: the code of the mail the request step sent to the run's account.
    'field.change': async (page, e, ctx) => field(page, e.field).fill(e.value === '{mailedCode}' ? await mailedCode(ctx.account.email) : String(e.value)),
    'field.blur': async (page, e) => field(page, e.field).blur(),
    'form.submit': async (page) => page.getByRole('button', { name: new RegExp(`${t.requestSubmit}|${t.resetSubmit}`) }).click(),
    // The member opens the code page from the mail: a mail exists only after a request, so one is
    // made for the address first (through the API, as the request page would).
    'code.open': async (page, e) => {
      await fetch(`${apiUrl()}/api/password-reset-request`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: e.email }) })
      await page.goto(`/password-reset?email=${encodeURIComponent(String(e.email))}`)
    },
  },
  states: {
    'requesting.editing': async (page) => {
      await expectAt(page, '/password-reset-request')
      await expect(page.getByRole('heading', { name: t.requestTitle })).toBeVisible()
      await expect(field(page, 'email')).toBeEditable()
      // Settled: no request in flight (the button is not showing its spinner).
      await expect(page.getByRole('button', { name: t.requestSubmit })).not.toHaveAttribute('data-loading')
    },
    // The code page, its e-mail prefilled (product.md §4: the code page on 200).
    'resetting.editing': async (page) => {
      await expectAt(page, '/password-reset')
      await expect(page.getByRole('heading', { name: t.resetTitle })).toBeVisible()
      await expect(field(page, 'authCode')).toBeEditable()
      await expect(page.getByRole('button', { name: t.resetSubmit })).not.toHaveAttribute('data-loading')
    },
    toComplete: async (page) => {
      await expectAt(page, '/password-reset-complete')
      await expect(page.getByRole('heading', { name: t.completeTitle })).toBeVisible()
    },
    toError: async (page) => expect(page).toHaveURL((url) => url.pathname === '/error' && url.searchParams.has('code')),
  },
}

/**
 * The auth code mailed to `email` by the last request (`${mailedCode}` in a path: the request
 * step before it sent it).
 */
export async function mailedCode(email: string): Promise<string> {
  const mail = await waitForMail(email, (m) => m.subject.includes('認証コード'))
  const code = /認証コード: (\d{6})/.exec(mail.text)?.[1]
  if (!code) throw new Error(`no auth code in the mail to ${email}`)
  return code
}

/** `requesting.editing` after a refused request: メンバーが見つかりません. */
export const resetRequestRejected = async (page: Page) => expect(page.getByRole('alert')).toContainText(t.memberNotFound)
/** `resetting.editing` after a refused code. */
export const resetRejected = async (page: Page) => expect(page.getByRole('alert')).toContainText(t.resetFailed)
