import { expect, type Page } from '@playwright/test'
import { signupText, registrationTempText } from '../../../src/text/account'
import { signupThanksText } from '../../../src/text/auth'

/** A person's details for the signup form. */
export type SignupDetails = { lastname: string; firstname: string; phone: string; email: string; password: string }

export const newPerson = (tag: string): SignupDetails => ({
  lastname: '山田',
  firstname: '花子',
  // Full-width digits: the form normalises them (spec §5 phone).
  phone: '０９０１２３４５６７８',
  email: `signup-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`,
  password: 'hanako12',
})

/** The signup chart's events as a person's actions, and its states as what the person sees. */
export const signupDriver = {
  events: {
    'field.change': async (page: Page, p: SignupDetails) => {
      await page.getByLabel(signupText.lastname, { exact: true }).fill(p.lastname)
      await page.getByLabel(signupText.firstname, { exact: true }).fill(p.firstname)
      await page.getByLabel(signupText.phone).fill(p.phone)
      const [local, domain] = p.email.split('@')
      await page.getByLabel(signupText.emailLocal).fill(local)
      await page.getByLabel(signupText.emailDomain).fill(domain)
      await page.getByLabel(signupText.password, { exact: true }).fill(p.password)
    },
    'survey.toggle': async (page: Page, answer: string) => page.getByText(answer, { exact: true }).click(),
    'password.toggleVisibility': async (page: Page) => page.getByRole('button', { name: /パスワードを(表示|隠す)/ }).click(),
    'password.generate': async (page: Page) => page.getByRole('button', { name: signupText.generatePassword }).click(),
    'password.copy': async (page: Page) => page.getByRole('button', { name: signupText.copyPassword }).click(),
    'form.submit': async (page: Page) => page.getByRole('button', { name: signupText.submit }).click(),
    'link.open': async (page: Page, link: string) => page.goto(link),
  },
  states: {
    editing: async (page: Page) => expect(page.getByRole('button', { name: signupText.submit })).toBeVisible(),
    submitted: async (page: Page) => {
      await page.waitForURL(/\/registeration-temp/)
      await expect(page.getByRole('heading', { name: registrationTempText.title })).toBeVisible()
    },
    emailInUse: async (page: Page) => expect(page.getByRole('alert')).toContainText(signupText.emailInUse),
    confirmed: async (page: Page) => {
      await page.waitForURL(/\/login\?signup=success/)
      await expect(page.getByRole('dialog')).toContainText(signupThanksText.title)
    },
    rejected: async (page: Page) => page.waitForURL(/\/error\?code=signup/),
  },
}
