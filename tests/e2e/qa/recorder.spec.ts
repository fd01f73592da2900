import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { localWebEnv } from '../../../scripts/stack/services'
import { loginText } from '../../../src/text/auth'
import { createMember, expect, test } from '../fixtures'
import { parsePathFile } from './path-file'
import { runPath } from './run-path'

// QA path recording (issue 7, docs/qa.md §2) in a real browser: the test build the stack serves
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
    // Redacted at recording (issue 14): the file never holds the password typed.
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

test('a production build contains no recorder, panel or live inspector', async () => {
  test.setTimeout(300_000)
  const outDir = mkdtempSync(path.join(tmpdir(), 'qa-prod-'))
  // The production build `npm start` serves (a production build names its configuration explicitly).
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    stdio: 'pipe', env: { ...process.env, ...localWebEnv('http://127.0.0.1:9099'), VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
  })
  const assets = path.join(outDir, 'assets')
  const js = readdirSync(assets).filter((f) => f.endsWith('.js'))
  expect(js.length).toBeGreaterThan(0)
  const bundle = js.map((f) => readFileSync(path.join(assets, f), 'utf8')).join('\n')
  // Unique strings of src/adapters/flow-recorder.ts, src/features/qa/recorder-panel.tsx, @statelyai/inspect
  // and the live flow panel (src/features/qa/flow-panel*.tsx).
  for (const marker of ['recorded in the app on', 'QA path recorder', 'download path file', 'qa-recorder', 'stately.ai', 'ライブフロー表示', 'qa-flow-panel', '今受け付ける出来事']) {
    expect(bundle, `production bundle contains "${marker}"`).not.toContain(marker)
  }
})
