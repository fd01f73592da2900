import { expect, type Page } from '@playwright/test'
import { cancelAccountText, emailChangeText, passwordChangeText, settingsText } from '../../../src/text/account'
import { loginAndOpen, type FlowDriver } from './flow-driver'

// Playwright side of the /settings charts (machines/profile-, cancel-account-, email-change-,
// password-change-machine.ts): an action per chart event, an assertion per chart state. Screens
// that are a flag of a state rather than a state of their own (saved, unused tickets, rejected)
// are the named checks below the drivers.

const open = (route: string) => async (page: Page, ctx: Parameters<FlowDriver['start']>[1]) => loginAndOpen(page, ctx, ctx.startRoute || route)

const profileLabel = { memberLastname: settingsText.lastname, memberFirstname: settingsText.firstname, phoneNumber: settingsText.phone } as const

/** The error page every chart's `failed` hands over to. */
const errorPage = async (page: Page) => expect(page).toHaveURL(/\/error\?code=/)

export const profileDriver: FlowDriver = {
  flow: 'profile',
  entryRoute: '/settings',
  start: open('/settings'),
  events: {
    'field.change': async (page, e) => page.getByLabel(profileLabel[e.field as keyof typeof profileLabel], { exact: true }).fill(String(e.value)),
    'form.submit': async (page) => page.getByRole('button', { name: settingsText.save }).click(),
  },
  states: {
    editing: async (page) => {
      await expect(page.getByLabel(settingsText.lastname, { exact: true })).toBeVisible()
      await expect(page.getByLabel(settingsText.lastname, { exact: true })).toBeEditable()
    },
    failed: errorPage,
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
    'form.submit': async (page) => page.getByRole('button', { name: cancelAccountText.submit }).click(),
  },
  states: {
    editing: async (page) => expect(page.getByRole('button', { name: cancelAccountText.submit })).toBeVisible(),
    done: async (page) => page.waitForURL((url) => url.pathname === '/login'),
    failed: errorPage,
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
    /** The mailed link: `link` (path data, the whole URL) or the chart's `token`. */
    'link.open': async (page, e) => {
      await page.goto(typeof e.link === 'string' ? e.link : `/settings/email-change-complete?token=${encodeURIComponent(String(e.token ?? ''))}`)
    },
  },
  states: {
    editing: async (page) => expect(page.getByRole('heading', { name: emailChangeText.title })).toBeVisible(),
    requested: async (page) => {
      await page.waitForURL(/\/settings\/email-change-request-complete/)
      await expect(page.getByRole('heading', { name: emailChangeText.requestCompleteTitle })).toBeVisible()
    },
    confirmed: async (page) => expect(page.getByRole('heading', { name: emailChangeText.completeTitle })).toBeVisible(),
    alreadyChanged: async (page) => expect(page.getByRole('heading', { name: emailChangeText.alreadyTitle })).toBeVisible(),
    rejected: async (page) => page.waitForURL(/\/error\?code=emailchange/),
    failed: errorPage,
  },
}

/** `editing` after a refused request (the address is taken): the rejection message. */
export const emailRequestRejected = async (page: Page) => expect(page.getByRole('alert')).toContainText(emailChangeText.rejected)

const passwordLabel = { newPassword: passwordChangeText.newPassword, newPasswordConfirm: passwordChangeText.newPasswordConfirm } as const

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
    editing: async (page) => expect(page.getByRole('heading', { name: passwordChangeText.title })).toBeVisible(),
    done: async (page) => {
      await page.waitForURL(/\/settings\/password-change-complete/)
      await expect(page.getByRole('heading', { name: passwordChangeText.completeTitle })).toBeVisible()
    },
    failed: errorPage,
  },
}
