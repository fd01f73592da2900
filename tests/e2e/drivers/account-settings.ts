import { expect, type Page } from '@playwright/test'
import { cancelAccountText, cancelCompleteText, emailChangeText, passwordChangeText, settingsText } from '../../../src/text/account'
import { linkIn, waitForMail } from '../fixtures'
import { openSignedIn, type FlowContext, type FlowDriver } from './flow-driver'
import { expectAt } from './page-checks'

// Playwright side of the /settings charts (machines/profile-, cancel-account-, email-change-,
// password-change-machine.ts): an action per chart event, an assertion per chart state. Screens
// that are a flag of a state rather than a state of their own (saved, unused tickets, rejected)
// are the named checks below the drivers.

const open = (route: string) => async (page: Page, ctx: FlowContext) => openSignedIn(page, ctx, ctx.startRoute || route)

const profileLabel = { memberLastname: settingsText.lastname, memberFirstname: settingsText.firstname, phoneNumber: settingsText.phone } as const

/** The error page every chart's `toError` hands over to: /error with the failed call's status. */
const errorPage = async (page: Page) => expect(page).toHaveURL((url) => url.pathname === '/error' && url.searchParams.has('code'))

export const profileDriver: FlowDriver = {
  flow: 'profile',
  entryRoute: '/settings',
  start: open('/settings'),
  events: {
    'field.change': async (page, e) => page.getByLabel(profileLabel[e.field as keyof typeof profileLabel], { exact: true }).fill(String(e.value)),
    'form.submit': async (page) => page.getByRole('button', { name: settingsText.save }).click(),
  },
  states: {
    // The loaded form (not its skeleton): the member's names in editable fields.
    editing: async (page) => {
      await expectAt(page, '/settings')
      await expect(page.locator('form[aria-busy="false"]')).toBeVisible()
      await expect(page.getByLabel(settingsText.lastname, { exact: true })).toBeEditable()
      await expect(page.getByRole('button', { name: settingsText.save })).not.toHaveAttribute('data-loading')
    },
    toError: errorPage,
  },
}

/** `editing` after a save: the saved notice. */
export const profileSaved = async (page: Page) => expect(page.getByRole('status').filter({ hasText: settingsText.saved })).toBeVisible()

export const cancelAccountDriver: FlowDriver = {
  flow: 'cancelAccount',
  entryRoute: '/settings',
  start: open('/settings'),
  events: {
    'consent.toggle': async (page, e) => page.getByText(cancelAccountText[e.consent as 'ticketsForfeited' | 'dataDeleted']).click(),
    'form.submit': async (page) => page.getByRole('button', { name: cancelAccountText.submit, exact: true }).click(),
    'modal.confirm': async (page) => page.getByRole('alertdialog').getByRole('button', { name: cancelAccountText.confirmSubmit }).click(),
    'modal.cancel': async (page) => page.getByRole('alertdialog').getByRole('button', { name: cancelAccountText.confirmCancel }).click(),
  },
  states: {
    editing: async (page) => {
      await expectAt(page, '/settings')
      await expect(page.getByRole('alertdialog')).toHaveCount(0)
      await expect(page.getByRole('button', { name: cancelAccountText.submit, exact: true })).toBeVisible()
    },
    // The last question: 「本当に退会しますか？」 with a cancel and a destructive confirm.
    confirming: async (page) => {
      const dialog = page.getByRole('alertdialog')
      await expect(dialog).toBeVisible()
      await expect(dialog.getByText(cancelAccountText.confirmTitle)).toBeVisible()
      await expect(dialog.getByRole('button', { name: cancelAccountText.confirmSubmit })).toBeEnabled()
    },
    // The membership ended: signed out, on the 「退会しました」 page with its way to /login.
    toCancelComplete: async (page) => {
      await expectAt(page, '/cancel-complete')
      await expect(page.getByRole('heading', { name: cancelCompleteText.title })).toBeVisible()
      await expect(page.getByRole('link', { name: cancelCompleteText.login })).toBeVisible()
    },
    toError: errorPage,
  },
}

/** `editing` after a refused cancellation: the unused-tickets message. */
export const cancelRefusedForTickets = async (page: Page) => expect(page.getByRole('alert').filter({ hasText: cancelAccountText.unusedTickets })).toBeVisible()

export const emailChangeDriver: FlowDriver = {
  flow: 'emailChange',
  entryRoute: '/settings/email-change-request',
  start: open('/settings/email-change-request'),
  events: {
    'field.change': async (page, e) => page.getByLabel(emailChangeText.email).fill(String(e.value)),
    'form.submit': async (page) => page.getByRole('button', { name: emailChangeText.submit }).click(),
    /**
     * The mailed link: `link` (path data, the whole URL) or the chart's `token`. `token: '{mailed}'`
     * opens the link of a change requested in this run, asking for one first (a new address) when
     * the path made none: a link exists only after a request.
     */
    'link.open': async (page, e, ctx) => {
      if (e.token === '{mailed}') {
        ctx.vars.requestedEmail ??= await requestChange(page)
        const mail = await waitForMail(ctx.vars.requestedEmail, (m) => m.subject.includes('メールアドレス変更'))
        await page.goto(linkIn(mail))
        return
      }
      await page.goto(typeof e.link === 'string' ? e.link : `/settings/email-change-complete?token=${encodeURIComponent(String(e.token ?? ''))}`)
    },
  },
  states: {
    editing: async (page) => {
      await expectAt(page, '/settings/email-change-request')
      await expect(page.getByRole('heading', { name: emailChangeText.title })).toBeVisible()
      await expect(page.getByRole('button', { name: emailChangeText.submit })).not.toHaveAttribute('data-loading')
    },
    toRequestComplete: async (page) => {
      await expectAt(page, '/settings/email-change-request-complete')
      await expect(page.getByRole('heading', { name: emailChangeText.requestCompleteTitle })).toBeVisible()
    },
    confirmed: async (page) => {
      await expectAt(page, '/settings/email-change-complete')
      await expect(page.getByRole('heading', { name: emailChangeText.completeTitle })).toBeVisible()
    },
    alreadyChanged: async (page) => {
      await expectAt(page, '/settings/email-change-complete')
      await expect(page.getByRole('heading', { name: emailChangeText.alreadyTitle })).toBeVisible()
    },
    toLinkError: async (page) => expectAt(page, '/error', { code: 'emailchange' }),
    toError: errorPage,
  },
}

/** Asks for a change to a new address on the request page (signed in); returns the address. */
async function requestChange(page: Page): Promise<string> {
  const address = `changed-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
  if (new URL(page.url()).pathname !== '/settings/email-change-request') await page.goto('/settings/email-change-request')
  await page.getByLabel(emailChangeText.email).fill(address)
  await page.getByRole('button', { name: emailChangeText.submit }).click()
  await expectAt(page, '/settings/email-change-request-complete')
  return address
}

/** `editing` after a refused request (the address is taken): the rejection message. */
export const emailRequestRejected = async (page: Page) => expect(page.getByRole('alert')).toContainText(emailChangeText.rejected)

const passwordLabel = { currentPassword: passwordChangeText.currentPassword, newPassword: passwordChangeText.newPassword, newPasswordConfirm: passwordChangeText.newPasswordConfirm } as const

export const passwordChangeDriver: FlowDriver = {
  flow: 'passwordChange',
  entryRoute: '/settings/password-change',
  start: open('/settings/password-change'),
  events: {
    'field.change': async (page, e) => page.getByLabel(passwordLabel[e.field as keyof typeof passwordLabel], { exact: true }).fill(String(e.value)),
    'field.blur': async (page, e) => page.getByLabel(passwordLabel[e.field as keyof typeof passwordLabel], { exact: true }).blur(),
    'form.submit': async (page) => page.getByRole('button', { name: passwordChangeText.submit }).click(),
  },
  states: {
    editing: async (page) => {
      await expectAt(page, '/settings/password-change')
      await expect(page.getByRole('heading', { name: passwordChangeText.title })).toBeVisible()
      await expect(page.getByRole('button', { name: passwordChangeText.submit })).not.toHaveAttribute('data-loading')
    },
    // Changed and signed out (product.md §4): the complete page.
    toComplete: async (page) => {
      await expectAt(page, '/settings/password-change-complete')
      await expect(page.getByRole('heading', { name: passwordChangeText.completeTitle })).toBeVisible()
    },
    toError: errorPage,
  },
}
