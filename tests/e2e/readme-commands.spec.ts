import type { Browser, Page } from '@playwright/test'
import { signupText } from '../../src/text/account'
import { menuText } from '../../src/text/menu'
import { scheduleText } from '../../src/text/schedule'
import { checkoutComplete, payOnSandbox } from './drivers/checkout'
import { changeComplete, findOtherConsultantCell, reservationChangeDriver } from './drivers/reservation-change'
import { fillPerson, newPerson, openLink, signupDriver } from './drivers/signup'
import { DEMO, expect, linkIn, login, test, waitForMail } from './fixtures'
import { privatePaths, runReadmeCommand, type RunningCommand } from './support/command'

// The README's commands, run as a person runs them (`npm start`, `npm run dev` in the
// project folder, on free ports and fresh data). Under the old `npm start` (the Vite dev server
// watching the project), every database write full-reloaded every open page, and the dev server
// served the database and the server's source.

// Each command starts its own emulator, mail catcher and server: minutes, not seconds, on 2 cores.
test.describe.configure({ mode: 'serial', timeout: 240_000 })

/** Points the shared fixtures (baseURL, maildev, mailed links) at a command's stack for this file. */
function useStack(stack: RunningCommand) {
  const saved = { web: process.env.MYPAGE_WEB_URL, api: process.env.MYPAGE_API_URL, mail: process.env.MYPAGE_MAILDEV_URL }
  process.env.MYPAGE_WEB_URL = stack.appUrl
  process.env.MYPAGE_API_URL = stack.appUrl
  process.env.MYPAGE_MAILDEV_URL = stack.maildevUrl
  return () => Object.assign(process.env, { MYPAGE_WEB_URL: saved.web, MYPAGE_API_URL: saved.api, MYPAGE_MAILDEV_URL: saved.mail })
}

/**
 * A visitor's page with half a signup form typed, watched for reloads: a full reload makes a new
 * document (the marker is gone) and a new main-frame navigation.
 */
async function halfFilledSignup(browser: Browser, appUrl: string) {
  const context = await browser.newContext({ baseURL: appUrl })
  const page = await context.newPage()
  await page.goto('/signup')
  await page.getByLabel(signupText.lastname, { exact: true }).fill('佐藤')
  await page.getByLabel(signupText.firstname, { exact: true }).fill('一郎')
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true))
  let navigations = 0
  page.on('framenavigated', (frame) => { if (frame === page.mainFrame()) navigations++ })
  return {
    page,
    assertUntouched: async () => {
      expect(navigations, 'the open page navigated or reloaded').toBe(0)
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
      await expect(page.getByLabel(signupText.lastname, { exact: true })).toHaveValue('佐藤')
      await expect(page.getByLabel(signupText.firstname, { exact: true })).toHaveValue('一郎')
      await context.close()
    },
  }
}

async function expectPrivatePathsHidden(appUrl: string) {
  for (const p of privatePaths) {
    const res = await fetch(`${appUrl}${p}`)
    const body = await res.text()
    expect.soft(res.status, `${p} must not be served`).toBe(404)
    expect.soft(body).not.toMatch(/PGlite|drizzle|"name": "mypage"|repositoryformatversion|ref: refs/)
  }
}

test.describe('npm start', () => {
  let stack: RunningCommand
  let restore: () => void
  test.beforeAll(async () => {
    // A whole stack from nothing (build, emulator, mail catcher, server): far beyond the 60 s default.
    test.setTimeout(240_000)
    stack = await runReadmeCommand(['start'], /mypage is running/)
    restore = useStack(stack)
  })
  test.afterAll(async () => {
    restore?.()
    await stack?.stop()
  })

  test('prints the app, the mail catcher and the demo login, and serves the built app with its headers', async () => {
    expect(stack.output()).toContain(`App            ${stack.appUrl}`)
    expect(stack.output()).toContain('demo@example.com / demo1234')
    const res = await fetch(`${stack.appUrl}/login`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    const html = await res.text()
    // The production build: hashed assets, no dev-server client, no source module. /login starts
    // on its own entry (decision 102) and prefetches the app's.
    expect(html).toMatch(/src="\/assets\/login-[\w-]+\.js"/)
    expect(html).toMatch(/href="\/assets\/index-[\w-]+\.js"/)
    expect(html).not.toContain('/@vite/client')
    expect(html).not.toContain('/src/main.tsx')
    expect(html).not.toContain('/src/login-main.tsx')
    expect((await fetch(`${stack.appUrl}/api/health`)).status).toBe(200)
    await expectPrivatePathsHidden(stack.appUrl)
  })

  test('an open page keeps its half-filled form while others sign up, pay and change a reservation', async ({ browser, page }) => {
    const visitor = await halfFilledSignup(browser, stack.appUrl)

    // Someone else signs up and confirms by mail (two writes: the request and the link).
    const person = newPerson('start')
    await page.goto('/signup')
    await fillPerson(page, person)
    await page.getByRole('button', { name: signupText.submit }).click()
    await signupDriver.states['form.toRegistrationTemp'](page, { account: { email: '', password: '' }, startRoute: '/', vars: {} })
    await openLink(page, linkIn(await waitForMail(person.email, (m) => m.subject.includes('会員登録のご確認'))))
    await signupDriver.states['form.toLoginThanks'](page, { account: { email: '', password: '' }, startRoute: '/', vars: {} })

    // The demo member buys a 30-minute ticket with the sandbox card…
    await login(page, DEMO, '/support/menu')
    await page.getByRole('link', { name: `30分サポートチケット：${menuText.buy}` }).click()
    await page.waitForURL(/\/support\/staff\?productId=SUPPORT-30/)
    await expect(page.getByText(scheduleText.gridCaption).or(page.getByText(scheduleText.nobodyAvailable))).toBeVisible({ timeout: 20_000 })
    await page.getByRole('button', { name: (await findOtherConsultantCell(page, '')).cellName, exact: true }).click()
    await page.waitForURL(/\/buy\?productId=SUPPORT-30/)
    await payOnSandbox(page)
    await checkoutComplete(page, 'SUPPORT')

    // …and moves a reservation.
    await changeReservation(page)

    await visitor.assertUntouched()
  })
})

async function changeReservation(page: Page) {
  await page.goto('/')
  const link = page.getByRole('link', { name: '予約を変更する' }).first()
  await expect(link).toBeVisible({ timeout: 20_000 })
  await link.click()
  await page.waitForURL(/\/support\/reservation-date-change\?ticketNumber=/)
  const ctx = { account: { email: '', password: '' }, startRoute: '/', vars: {} }
  await reservationChangeDriver.states['choosing.idle'](page, ctx)
  await page.getByRole('button', { name: (await findOtherConsultantCell(page, '')).cellName, exact: true }).click()
  await reservationChangeDriver.events['modal.confirm'](page, { type: 'modal.confirm' }, ctx)
  await changeComplete(page)
}

test.describe('npm run dev', () => {
  let stack: RunningCommand
  test.beforeAll(async () => {
    test.setTimeout(240_000)
    stack = await runReadmeCommand(['run', 'dev'], /mypage \(development\) is running/)
  })
  test.afterAll(async () => {
    await stack?.stop()
  })

  // What it watches is asserted in tests/unit/dev-server.test.ts (Vite's watcher, in-process).
  test('serves only the app: never the database, the server, the repository or the manifest', async () => {
    expect((await fetch(`${stack.appUrl}/login`)).status).toBe(200)
    expect((await fetch(`${stack.appUrl}/src/main.tsx`)).status).toBe(200)
    await expectPrivatePathsHidden(stack.appUrl)
  })
})
