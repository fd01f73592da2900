import { readFileSync } from 'node:fs'
import { loginText } from '../../../src/text/auth'
import { createMember, expect, test } from '../fixtures'
import { parsePathFile } from './path-file'
import { runPath } from './run-path'

// QA path recording (docs/qa.md §2) in a real browser: the test build the stack serves
// has the recorder panel; Alt+Shift+R opens it, a login clicked through the page becomes the auth
// flow's recording, and the downloaded file is a valid path file that replays. A production build
// carries neither the recorder nor the live inspector.

test('Alt+Shift+R records a login and downloads a path file that replays', async ({ page, browser }) => {
  const member = await createMember('fresh')
  await page.goto('/login')
  await expect(page.getByRole('button', { name: loginText.submit })).toBeVisible()
  const panel = page.getByRole('region', { name: 'QA path recorder' })
  await expect(panel).toHaveCount(0)
  await page.keyboard.press('Alt+Shift+KeyR')
  await expect(panel).toBeVisible()
  // A QA tester reads the panel before typing; the auth chart rests in `unknown` until the identity
  // SDK (on /login, loaded at the first touch of the page: here the shortcut) answers, and a step
  // typed then would be recorded in that passing state.
  await expect.poll(() => page.evaluate(() => (window as unknown as { __qaFlowState: (f: string) => { state: string | null } | null }).__qaFlowState('auth')?.state)).toBe('signedOut.idle')

  await page.getByLabel(loginText.emailLabel, { exact: true }).fill(member.email)
  await page.getByLabel(loginText.passwordLabel, { exact: true }).fill(member.password)
  await page.getByRole('button', { name: loginText.submit }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))

  // The panel refreshes every second: the auth flow rests signed in after its three steps.
  const auth = panel.getByRole('listitem').filter({ hasText: /^auth · \/login · 3 steps → signedIn\.active/ })
  await expect(auth).toBeVisible()
  await panel.getByLabel('account').selectOption('fresh')
  const [download] = await Promise.all([page.waitForEvent('download'), auth.getByRole('button', { name: 'download path file' }).click()])
  expect(download.suggestedFilename()).toMatch(/^auth-\d\d\.json$/)
  const text = readFileSync((await download.path())!, 'utf8')

  const file = parsePathFile(text, download.suggestedFilename())
  expect(file.flow).toBe('auth')
  expect(file.startRoute).toBe('/login')
  expect(file.account).toBe('fresh')
  expect(file.steps).toEqual([
    { event: { type: 'form.change', field: 'email', value: member.email }, expectedState: 'signedOut.idle' },
    // Redacted at recording: the file never holds the password typed.
    { event: { type: 'form.change', field: 'password', value: '${password}' }, expectedState: 'signedOut.idle' },
    { event: { type: 'form.submit', redirectTo: '/' }, expectedState: 'signedIn.active' },
  ])

  expect(text).not.toContain(member.password)

  // As docs/qa.md says: with the e-mail swapped for `${email}` (the password already is
  // `${password}`), the recording replays through the auth driver as a new member.
  const replayable = parsePathFile(text.replaceAll(member.email, '${email}'))
  const context = await browser.newContext()
  await runPath(await context.newPage(), replayable)
  await context.close()
})

// That a production build holds none of this is checked on the production bundle itself, with its
// secrets scan: tests/unit/bundle-secrets.test.ts.
