import { loginText } from '../../src/text/auth'
import { DEMO, expect, test } from './fixtures'

// The live flow panel (docs/flows/README.md) in the test build, offline: every request
// that does not go to this machine is refused, and `?flows` still draws the auth chart from its
// machine object with the current state highlighted and the events it takes now, then follows the
// member as they log in.

test('?flows opens the live flow panel offline: the auth chart, its current state and the events it takes', async ({ page }) => {
  await page.route((url) => !['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname), (route) => route.abort())
  await page.goto('/login?flows')
  const panel = page.getByRole('region', { name: 'ライブフロー表示' })
  await expect(panel).toBeVisible()
  const auth = panel.getByRole('region', { name: /（auth）$/ })
  await expect(auth.getByRole('heading')).toContainText('ログイン・ログアウト')

  // Signed out, on the login form: that state and its parent are highlighted, nothing else.
  const current = auth.locator('[aria-current="true"]')
  await expect(current).toHaveCount(2)
  await expect(auth.locator('[data-state="signedOut"]')).toHaveAttribute('aria-current', 'true')
  await expect(auth.locator('[data-state="signedOut.idle"]')).toHaveAttribute('aria-current', 'true')
  await expect(auth.locator('[data-state="signedIn"]')).not.toHaveAttribute('aria-current', 'true')
  await expect(auth.getByTestId('current-state')).toHaveText('ログイン画面')
  await expect(auth.getByRole('list', { name: '今受け付ける出来事' })).toContainText('ログインを押す')

  // It follows the member: after logging in, the chart rests in signedIn.active.
  await page.getByLabel(loginText.emailLabel, { exact: true }).fill(DEMO.email)
  await page.getByLabel(loginText.passwordLabel, { exact: true }).fill(DEMO.password)
  await page.getByRole('button', { name: loginText.submit }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  await expect(auth.locator('[data-state="signedIn.active"]')).toHaveAttribute('aria-current', 'true')
  await expect(auth.getByRole('list', { name: '今受け付ける出来事' })).toContainText('ログアウトを選ぶ')
})
