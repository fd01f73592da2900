import { expect, type Page } from '@playwright/test'
import { registrationCompleteText, signupText, registrationTempText } from '../../../src/text/account'
import { signupThanksText } from '../../../src/text/auth'
import { linkIn, waitForMail } from '../fixtures'
import type { FlowDriver } from './flow-driver'
import { expectAt, expectStableDialog } from './page-checks'

/** A person's details for the signup form. */
export type SignupDetails = { lastname: string; firstname: string; phone: string; email: string; password: string }

export const newPerson = (tag: string): SignupDetails => ({
  lastname: '山田',
  firstname: '花子',
  // Full-width digits: the form normalises them (product.md §5 phone).
  phone: '０９０１２３４５６７８',
  email: `signup-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`,
  password: 'hanako12',
})

/** The chart's field names → the form's labels. */
const labels = {
  memberLastname: signupText.lastname,
  memberFirstname: signupText.firstname,
  phoneNumber: signupText.phone,
  emailLocal: signupText.emailLocal,
  emailDomain: signupText.emailDomain,
  password: signupText.password,
} as const

/** The `field.change` events that type a whole person, in the form's order. */
export const personEvents = (p: SignupDetails) => {
  const [local, domain] = p.email.split('@')
  return [
    { type: 'field.change', field: 'memberLastname', value: p.lastname },
    { type: 'field.change', field: 'memberFirstname', value: p.firstname },
    { type: 'field.change', field: 'phoneNumber', value: p.phone },
    { type: 'field.change', field: 'emailLocal', value: local },
    { type: 'field.change', field: 'emailDomain', value: domain },
    { type: 'field.change', field: 'password', value: p.password },
  ]
}

/**
 * The signup chart's events as a person's actions, and its states as what the person sees.
 * `link.open` with `token: '{mailed}'` opens the link of the confirmation mail sent to the address
 * typed earlier in the run.
 */
export const signupDriver: FlowDriver = {
  flow: 'signup',
  entryRoute: '/signup',
  start: async (page, ctx) => {
    await page.goto(ctx.startRoute)
  },
  events: {
    'field.change': async (page, e, ctx) => {
      const field = e.field as keyof typeof labels
      await page.getByLabel(labels[field], { exact: true }).fill(String(e.value))
      if (field === 'emailLocal' || field === 'emailDomain') ctx.vars[field] = String(e.value)
    },
    'field.blur': async (page, e) => page.getByLabel(labels[e.field as keyof typeof labels], { exact: true }).blur(),
    'survey.toggle': async (page, e) => page.getByText(String(e.answer), { exact: true }).click(),
    'password.toggleVisibility': async (page) => page.getByRole('button', { name: /パスワードを(表示|隠す)/ }).click(),
    'password.generate': async (page) => page.getByRole('button', { name: signupText.generatePassword }).click(),
    'password.copy': async (page) => page.getByRole('button', { name: signupText.copyPassword }).click(),
    'form.submit': async (page) => page.getByRole('button', { name: signupText.submit }).click(),
    'link.open': async (page, e, ctx) => {
      let token = String(e.token)
      if (token === '{mailed}') {
        const mail = await waitForMail(`${ctx.vars.emailLocal}@${ctx.vars.emailDomain}`, (m) => m.subject.includes('会員登録のご確認'))
        token = new URL(linkIn(mail)).searchParams.get('token') ?? ''
      }
      await page.goto(`/registeration-complete?token=${encodeURIComponent(token)}`)
    },
  },
  states: {
    // The form, settled: no request in flight (the button is not showing its spinner).
    'form.editing': async (page) => {
      await expectAt(page, '/signup')
      await expect(page.getByRole('button', { name: signupText.submit })).toBeVisible()
      await expect(page.getByRole('button', { name: signupText.submit })).not.toHaveAttribute('data-loading')
    },
    // The confirmation mail is sent: /registeration-temp (the signup query kept).
    'form.toRegistrationTemp': async (page) => {
      await expectAt(page, '/registeration-temp')
      await expect(page.getByRole('heading', { name: registrationTempText.title })).toBeVisible()
    },
    // Registered: /login?signup=success with the thank-you dialog open and settled.
    'form.toLoginThanks': async (page) => {
      await expectAt(page, '/login', { signup: 'success' })
      const dialog = page.getByRole('dialog')
      await expectStableDialog(dialog)
      await expect(dialog).toContainText(signupThanksText.title)
    },
    // The link opened again: the registration stands, with a way to log in.
    'form.alreadyRegistered': async (page) => {
      await expectAt(page, '/registeration-complete')
      await expect(page.getByRole('heading', { name: registrationCompleteText.alreadyTitle })).toBeVisible()
      await expect(page.getByRole('link', { name: 'ログイン画面へ' })).toBeVisible()
    },
    'form.toLinkError': async (page) => expectAt(page, '/error', { code: 'signup' }),
    'form.toError': async (page) => expectAt(page, '/error', { code: '400' }),
  },
}

/** What `form.editing` shows after the server refused the address. */
export const emailInUse = async (page: Page) => expect(page.getByRole('alert')).toContainText(signupText.emailInUse)

/** Types a whole person through the driver. */
export async function fillPerson(page: Page, p: SignupDetails) {
  const ctx = { account: { email: '', password: '' }, startRoute: '/signup', vars: {} }
  for (const e of personEvents(p)) await signupDriver.events['field.change'](page, e, ctx)
}

/** Opens a mailed confirmation link through the driver. */
export const openLink = (page: Page, link: string) =>
  signupDriver.events['link.open'](page, { type: 'link.open', token: new URL(link).searchParams.get('token') ?? '' }, { account: { email: '', password: '' }, startRoute: '/', vars: {} })
