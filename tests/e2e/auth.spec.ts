import { loginText, logoutText } from '../../src/text/auth'
import { errorPageText } from '../../src/text/error'
import { headerText } from '../../src/text/layout'
import { createMember, DEMO, expect, test } from './fixtures'

// The auth flow end to end, against the real stack: Auth Emulator + API + SPA.

test('an anonymous visit to a member page logs in and returns to the same path and query', async ({ page }) => {
  await page.goto('/purchase-list?year=2025')
  await expect(page).toHaveURL(/\/login\?redirect=/)
  await page.getByLabel(loginText.emailLabel).fill(`  ${DEMO.email} `)
  await page.getByLabel(loginText.passwordLabel, { exact: true }).fill(DEMO.password)
  await page.getByRole('button', { name: loginText.submit }).click()
  await expect(page).toHaveURL((url) => url.pathname === '/purchase-list' && url.search === '?year=2025')
  await expect(page.getByRole('button', { name: headerText.logout })).toBeVisible()
  // /login opened again, on its own start (src/login-main.tsx): the kept session leaves it for home.
  await page.goto('/login')
  await expect(page).toHaveURL((url) => url.pathname === '/')
})

test("/login's own start loads the identity SDK for a visitor only once the form is touched, and the app's chunks for the next page", async ({ page }) => {
  const sdk: string[] = []
  page.on('request', (request) => {
    if (/\/assets\/firebase-sdk-[^/]*\.js$/.test(request.url())) sdk.push(request.url())
  })
  await page.goto('/login')
  await page.waitForFunction(() => performance.getEntriesByName('mypage:interactive').length > 0)
  // Once idle: the app's start is fetched for the page after the login; the SDK was not asked for.
  await expect.poll(() => page.evaluate(() => document.querySelectorAll('link[rel="prefetch"]').length)).toBeGreaterThan(10)
  expect(sdk).toEqual([])
  await page.getByLabel(loginText.emailLabel).focus()
  await expect.poll(() => sdk.length).toBe(1)
})

test('a wrong password shows ログインに失敗しました; the button is disabled while the request is in flight', async ({ page }) => {
  const member = await createMember('fresh')
  // Hold the product's login call so the busy state can be seen.
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/login', async (route) => {
    await held
    await route.continue()
  })

  await page.goto('/login')
  const button = page.getByRole('button', { name: loginText.submit })
  await expect(button).toBeDisabled()
  await page.getByLabel(loginText.emailLabel).fill(member.email)
  await expect(button).toBeDisabled()
  await page.getByLabel(loginText.passwordLabel, { exact: true }).fill('wrong-password')
  await expect(button).toBeEnabled()
  await button.click()

  const busyButton = page.locator('button[type="submit"]')
  await expect(busyButton).toBeDisabled()
  release()
  await expect(page.getByRole('alert')).toHaveText(loginText.failed)
  await expect(busyButton).toBeEnabled()
  await expect(page).toHaveURL(/\/login/)
})

test('logout asks for confirmation and lands on /login', async ({ page }) => {
  const member = await createMember('demo')
  await page.goto('/')
  await expect(page).toHaveURL(/\/login/)
  await page.getByLabel(loginText.emailLabel).fill(member.email)
  await page.getByLabel(loginText.passwordLabel, { exact: true }).fill(member.password)
  await page.getByRole('button', { name: loginText.submit }).click()
  await expect(page).toHaveURL((url) => url.pathname === '/')

  const nav = page.getByRole('navigation', { name: headerText.mainNav })
  await nav.getByRole('button', { name: headerText.logout }).click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText(logoutText.body)
  await dialog.getByRole('button', { name: logoutText.cancel }).click()
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL((url) => url.pathname === '/')

  await nav.getByRole('button', { name: headerText.logout }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: logoutText.confirm }).click()
  await expect(page).toHaveURL((url) => url.pathname === '/login')
  // Signed out for real: a member page sends us back to /login.
  await page.goto('/settings')
  await expect(page).toHaveURL(/\/login\?redirect=/)
})

test('an unknown path shows the 404 error text', async ({ page }) => {
  await page.goto('/no-such-page')
  await expect(page).toHaveURL(/\/error\?code=404/)
  await expect(page.getByText(errorPageText['404'].body)).toBeVisible()
  await expect(page.getByRole('link', { name: 'ホームへ戻る' })).toBeVisible()
})

test('/error?code=RESERVATION_TIMEOUT shows its text', async ({ page }) => {
  await page.goto('/error?code=RESERVATION_TIMEOUT')
  await expect(page.getByText(errorPageText.RESERVATION_TIMEOUT.body)).toBeVisible()
})
