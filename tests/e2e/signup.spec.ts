// Signup with mail confirmation: normal and landing-page variants, mail read from maildev.
import { signupText } from '../../src/text/account'
import { signupThanksText } from '../../src/text/auth'
import { emailInUse, fillPerson, newPerson, openLink, signupDriver as d } from './drivers/signup'
import type { FlowContext } from './drivers/flow-driver'

const ctx: FlowContext = { account: { email: '', password: '' }, startRoute: '/signup', vars: {} }
import { expect, linkIn, login, test, waitForMail } from './fixtures'

test('a new person signs up, confirms by mail, sees the thank-you modal and logs in', async ({ page }) => {
  const person = newPerson('normal')
  await page.goto('/login')
  await page.getByRole('link', { name: '新規会員登録はこちら' }).click()
  await page.waitForURL(/\/signup/)
  await d.states['form.editing'](page, ctx)
  // Submit stays blocked until every field is valid.
  await expect(page.getByRole('button', { name: signupText.submit })).toBeDisabled()
  await fillPerson(page, person)
  await expect(page.getByLabel(signupText.phone)).toHaveValue('09012345678')
  await d.events['survey.toggle'](page, { type: 'survey.toggle', answer: signupText.surveyOptions[1] }, ctx)
  await d.events['form.submit'](page, { type: 'form.submit' }, ctx)
  await d.states['form.toRegistrationTemp'](page, ctx)

  const mail = await waitForMail(person.email, (m) => m.subject.includes('会員登録のご確認'))
  await openLink(page, linkIn(mail))
  await d.states['form.toLoginThanks'](page, ctx)
  await page.getByRole('button', { name: signupThanksText.close }).click()
  await page.waitForURL((url) => url.pathname === '/login' && !url.search.includes('signup'))

  await login(page, person, '/')
  await expect(page).toHaveURL((url) => url.pathname === '/')
})

test('the confirmation link opened again, also in another browser, says "already registered" and offers login', async ({ page, browser, baseURL }) => {
  const person = newPerson('relink')
  await page.goto('/signup')
  await fillPerson(page, person)
  await d.events['form.submit'](page, { type: 'form.submit' }, ctx)
  await d.states['form.toRegistrationTemp'](page, ctx)
  const link = linkIn(await waitForMail(person.email, (m) => m.subject.includes('会員登録のご確認')))
  await openLink(page, link)
  await d.states['form.toLoginThanks'](page, ctx)

  // A reload of the link: the registration stands.
  await openLink(page, link)
  await d.states['form.alreadyRegistered'](page, ctx)
  // Another browser, nobody signed in: the token names the registration, so the same answer.
  const other = await browser.newContext({ baseURL })
  try {
    const otherPage = await other.newPage()
    await openLink(otherPage, link)
    await d.states['form.alreadyRegistered'](otherPage, ctx)
    await otherPage.getByRole('link', { name: 'ログイン画面へ' }).click()
    await login(otherPage, person, '/')
    await expect(otherPage).toHaveURL((url) => url.pathname === '/')
  } finally {
    await other.close()
  }
})

test('the same address cannot sign up twice', async ({ page }) => {
  const person = newPerson('twice')
  await page.goto('/signup')
  await fillPerson(page, person)
  await d.events['form.submit'](page, { type: 'form.submit' }, ctx)
  await d.states['form.toRegistrationTemp'](page, ctx)
  const mail = await waitForMail(person.email, (m) => m.subject.includes('会員登録のご確認'))
  await openLink(page, linkIn(mail))
  await d.states['form.toLoginThanks'](page, ctx)

  await page.goto('/signup')
  await fillPerson(page, person)
  await d.events['form.submit'](page, { type: 'form.submit' }, ctx)
  await emailInUse(page)
})

test('the landing-page variant hides header, footer and survey and keeps the query', async ({ page }) => {
  const person = newPerson('lp')
  await page.goto('/signup?display=lp&lpSource=campaign-a')
  await d.states['form.editing'](page, ctx)
  await expect(page.getByRole('banner')).toHaveCount(0)
  await expect(page.getByRole('contentinfo')).toHaveCount(0)
  await expect(page.getByText(signupText.survey)).toHaveCount(0)
  await fillPerson(page, person)
  await d.events['form.submit'](page, { type: 'form.submit' }, ctx)
  await d.states['form.toRegistrationTemp'](page, ctx)
  await expect(page).toHaveURL(/display=lp/)
  await expect(page).toHaveURL(/lpSource=campaign-a/)

  const mail = await waitForMail(person.email, (m) => m.subject.includes('会員登録のご確認'))
  await openLink(page, linkIn(mail))
  await d.states['form.toLoginThanks'](page, ctx)
  await page.getByRole('button', { name: signupThanksText.close }).click()
  await login(page, person, '/')
  await expect(page).toHaveURL((url) => url.pathname === '/')
})

test('a bad confirmation link shows error signup', async ({ page }) => {
  await page.goto('/registeration-complete?token=not-a-token')
  await d.states['form.toLinkError'](page, ctx)
})

test('generate, show and copy the password', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('/signup')
  await d.events['password.generate'](page, { type: 'password.generate' }, ctx)
  const password = page.getByLabel(signupText.password, { exact: true })
  await expect(password).toHaveValue(/^[1-9]\d{5}$/)
  await expect(password).toHaveAttribute('type', 'text')
  await d.events['password.toggleVisibility'](page, { type: 'password.toggleVisibility' }, ctx)
  await expect(password).toHaveAttribute('type', 'password')
  await d.events['password.copy'](page, { type: 'password.copy' }, ctx)
  await expect(page.getByRole('status').filter({ hasText: signupText.copied })).toBeVisible()
  // product.md §9: the tooltip resets after 2 s.
  await expect(page.getByRole('status').filter({ hasText: signupText.copied })).toHaveCount(0, { timeout: 4000 })
})
