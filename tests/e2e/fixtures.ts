import { test as base, expect, type BrowserContext, type Page } from '@playwright/test'
import { localWebEnv } from '../../scripts/stack/services'

export { expect }

export type Credentials = { email: string; password: string; memberId: string }

export const DEMO = { email: 'demo@example.com', password: 'demo1234' } as const

const env = (name: string) => {
  const value = process.env[name]
  if (!value) throw new Error(`${name} is not set: run through playwright.config.ts (global setup starts the stack)`)
  return value
}

/** The web app's identity API key on the local stacks. */
const WEB_API_KEY = localWebEnv('').VITE_FIREBASE_API_KEY

export const apiUrl = () => env('MYPAGE_API_URL')
export const maildevUrl = () => env('MYPAGE_MAILDEV_URL')

/**
 * A new member of its own for one test (server test route, ENABLE_TEST_ROUTES=1), so tests that
 * book, pay or cancel never share state. 'demo' copies the demo member's tickets, coupons and
 * purchases; 'fresh' is a first-time member holding only the free interview ticket.
 */
export async function createMember(fixture: 'demo' | 'fresh' = 'demo'): Promise<Credentials> {
  const res = await fetch(`${apiUrl()}/api/__test/member`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fixture }),
  })
  if (!res.ok) throw new Error(`creating a test member failed: ${res.status} ${await res.text()}`)
  return res.json() as Promise<Credentials>
}

/** Logs in through the real /login page, as a member would. */
export async function login(page: Page, creds: { email: string; password: string }, path = '/') {
  await page.goto(path)
  await page.waitForURL(/\/login/)
  await page.getByLabel('メールアドレス').fill(creds.email)
  await page.getByLabel('パスワード', { exact: true }).fill(creds.password)
  await page.getByRole('button', { name: 'ログイン' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
}

/**
 * Starts `page` signed in at `path` without the /login page: the identity provider's REST sign-in
 * (the Auth Emulator), its session put where the SDK looks for a returning member's session on
 * start, then `path` opened. For tests whose subject comes after the login (a purchase, a booking,
 * a setting): the login page itself is the auth, signup and password-reset specs', and this saves
 * a page load and a form per test. Against a stack without a known emulator it logs in through the
 * page.
 */
export async function signIn(page: Page, creds: { email: string; password: string }, path = '/') {
  const host = process.env.MYPAGE_AUTH_EMULATOR_HOST
  if (!host) return login(page, creds, path)
  const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${WEB_API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: creds.email, password: creds.password, returnSecureToken: true }),
  })
  if (!res.ok) throw new Error(`signing in ${creds.email} failed: ${res.status} ${await res.text()}`)
  const r = (await res.json()) as { localId: string; email: string; idToken: string; refreshToken: string; expiresIn: string }
  const now = Date.now()
  // The SDK's own form of a signed-in user (what it keeps between visits); it reloads the account
  // from the provider on start, so the flags left out here come back as they are.
  const user = {
    uid: r.localId, email: r.email, emailVerified: false, isAnonymous: false,
    providerData: [{ providerId: 'password', uid: r.email, email: r.email, displayName: null, phoneNumber: null, photoURL: null }],
    stsTokenManager: { refreshToken: r.refreshToken, accessToken: r.idToken, expirationTime: now + Number(r.expiresIn) * 1000 },
    createdAt: String(now), lastLoginAt: String(now), apiKey: WEB_API_KEY, appName: '[DEFAULT]',
  }
  // Once per tab: a later navigation (after a logout) must not sign the member in again.
  await page.addInitScript(({ key, value }) => {
    if (sessionStorage.getItem('e2e-signed-in')) return
    sessionStorage.setItem('e2e-signed-in', '1')
    localStorage.setItem(key, value)
  }, { key: `firebase:authUser:${WEB_API_KEY}:[DEFAULT]`, value: JSON.stringify(user) })
  await page.goto(path)
}

export type Mail = { id: string; subject: string; text: string; html: string; to: { address: string }[] }

/** Waits for the newest mail to `address` in maildev (REST API) and returns it. */
export async function waitForMail(address: string, match?: (mail: Mail) => boolean, timeoutMs = 15_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const mails = (await (await fetch(`${maildevUrl()}/email`)).json()) as Mail[]
    const found = mails.filter((m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()) && (!match || match(m)))
    if (found.length) return found[found.length - 1]
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`no mail to ${address} within ${timeoutMs} ms`)
}

/** The first link in a mail's text that starts with the app's origin. */
export function linkIn(mail: Mail): string {
  const origin = env('MYPAGE_WEB_URL')
  const found = `${mail.text}\n${mail.html}`.match(new RegExp(`${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^\\s"'<>]*`))
  if (!found) throw new Error(`no app link in mail "${mail.subject}"`)
  return found[0].replace(/&amp;/g, '&')
}

export const test = base.extend({
  // Playwright needs the object pattern to see that this fixture depends on nothing.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => { await use(env('MYPAGE_WEB_URL')) },
  page: async ({ page }, use) => {
    // The sandbox payment port never needs Stripe's script; keep the closed network quiet.
    await page.route('https://js.stripe.com/**', (route) => route.abort())
    await use(page)
  },
})

/**
 * `test` whose page starts signed in as a member the worker's tests share: a copy of the demo
 * member's data, signed in once per worker through the real /login page; each test's context
 * starts from that sign-in's storage (the identity provider keeps its session in IndexedDB). For
 * tests that read a member's pages and change nothing of the member's (no purchase, booking,
 * coupon, rating or setting): they need neither a member nor a login of their own. Logging in
 * itself is the auth and signup specs' and the generated auth paths'.
 */
export const signedInTest = test.extend<object, { signedInState: Awaited<ReturnType<BrowserContext['storageState']>> }>({
  signedInState: [
    async ({ browser }, use) => {
      const member = await createMember('demo')
      const context = await browser.newContext({ baseURL: env('MYPAGE_WEB_URL') })
      const page = await context.newPage()
      await login(page, member, '/')
      const state = await context.storageState({ indexedDB: true })
      await context.close()
      await use(state)
    },
    { scope: 'worker' },
  ],
  storageState: async ({ signedInState }, use) => { await use(signedInState) },
})
