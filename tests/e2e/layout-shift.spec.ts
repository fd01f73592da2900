import type { Page } from '@playwright/test'
import { cancelCompleteText, passwordResetText, registrationTempText, settingsText, signupText } from '../../src/text/account'
import { loginText } from '../../src/text/auth'
import { errorPageText } from '../../src/text/error'
import { homeText } from '../../src/text/home'
import { menuText } from '../../src/text/menu'
import { ratingText } from '../../src/text/rating'
import { ticketSection } from './drivers/home'
import { layoutShifts, recordShifts, sawSpinner, withPhoneLatency } from './drivers/layout-shift'
import { purchaseRows } from './drivers/purchase-list'
import { createMember, expect, signedInTest, test } from './fixtures'

// The member pages load without anything moving, at a phone's, a small tablet's
// (the header's member ID) and a laptop's width. Each load is a direct one in a new tab of a
// context signed in as the worker's shared member (fixtures.ts signedInTest: nothing here changes
// it), with a phone's latency, so the page spinner is painted first (asserted) and the page
// replaces it. The footer was painted in view under the spinner or a skeleton smaller
// than the page and pushed out (CLS 0.10 to 0.46); the header's nav moved when the login state
// arrived.

const viewports = [
  { width: 412, height: 823 },
  { width: 700, height: 900 },
  { width: 1280, height: 800 },
]

type PageCase = {
  path: string
  /** The URL to open; the rating page's comes from the home's rate button. */
  url?: (page: Page) => Promise<string>
  /** The page has arrived, its data in. */
  loaded: (page: Page) => Promise<void>
}

const pages: PageCase[] = [
  {
    path: '/support/menu',
    loaded: (page) => expect(page.getByRole('link', { name: new RegExp(menuText.buy) }).first()).toBeVisible(),
  },
  {
    path: '/rating',
    url: async (page) => {
      await page.goto('/')
      return (await ticketSection(page).getByRole('link', { name: homeText.tickets.rate }).getAttribute('href'))!
    },
    loaded: (page) => expect(page.getByRole('button', { name: ratingText.submit })).toBeVisible(),
  },
  {
    path: '/purchase-list',
    loaded: (page) => expect(purchaseRows(page).first()).toBeVisible(),
  },
  {
    path: '/settings',
    loaded: async (page) => {
      await expect(page.getByLabel(settingsText.lastname, { exact: true })).toBeEditable()
      await expect(page.getByTestId('member-id')).toBeVisible()
    },
  },
]

for (const { path, url, loaded } of pages) {
  signedInTest(`${path} does not shift while it loads (CLS)`, async ({ page }) => {
    const target = url ? await url(page) : path
    const seen: Record<string, { sawSpinner: boolean; shifts: unknown[] }> = {}
    for (const viewport of viewports) {
      const tab = await page.context().newPage()
      await tab.setViewportSize(viewport)
      await tab.addInitScript(recordShifts)
      await withPhoneLatency(tab)
      await tab.goto(target)
      await loaded(tab)
      // Images and late calls may finish after the content: they must not move anything either.
      await tab.waitForLoadState('networkidle')
      seen[`${viewport.width}x${viewport.height}`] = { sawSpinner: await sawSpinner(tab), shifts: await layoutShifts(tab) }
      await tab.close()
    }
    const still = { sawSpinner: true, shifts: [] }
    expect(seen).toEqual(Object.fromEntries(viewports.map((v) => [`${v.width}x${v.height}`, still])))
  })
}

// The public pages are painted from HTML prerendered at build time (scripts/vite/prerender.ts),
// with their CSS in <head>, and React hydrates that HTML: no mismatch, nothing moves. The member
// pages' HTML is their frame and spinner, which the tests above load.

const publicPages: { url: string; title: string }[] = [
  { url: '/login', title: loginText.title },
  { url: '/login?redirect=%2Fsettings', title: loginText.title },
  { url: '/signup', title: signupText.title },
  { url: '/signup?display=lp&lpSource=ad', title: signupText.title },
  { url: '/registeration-temp', title: registrationTempText.title },
  { url: '/registeration-temp?display=lp', title: registrationTempText.title },
  { url: '/password-reset-request', title: passwordResetText.requestTitle },
  { url: '/password-reset?email=someone%40example.com', title: passwordResetText.resetTitle },
  { url: '/password-reset-complete', title: passwordResetText.completeTitle },
  { url: '/error', title: errorPageText['404'].title },
  { url: '/cancel-complete', title: cancelCompleteText.title },
]

/** Like recordShifts, with what moved and from where to where (a shift here names its cause). */
const recordShiftRects = `
  window.__shifts = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__shifts.push({
        value: e.value,
        moved: (e.sources || []).map((s) => (s.node && s.node.outerHTML ? s.node.outerHTML.slice(0, 120) : null) + ' ' + JSON.stringify(s.previousRect) + ' → ' + JSON.stringify(s.currentRect)),
      })
    }
  }).observe({ type: 'layout-shift', buffered: true })
`

const hydrationProblem = /hydrat|did not match|Minified React error #(418|419|42[0-5])/i

test('public pages come as HTML with their CSS and no inline script; member pages as their frame and spinner', async ({ page }) => {
  for (const { url, title } of publicPages) {
    const res = await page.request.get(url)
    expect(res.status(), url).toBe(200)
    const html = await res.text()
    const head = html.slice(0, html.indexOf('<body'))
    expect(html, url).toContain('<div id="root" data-prerendered="page">')
    expect(html, url).toContain(`>${title}</h1>`)
    // Chakra's global styles (tokens, preflight) and the page's own rules, extracted at build.
    expect(head, url).toMatch(/<style data-emotion="css-global /)
    expect(head, url).toMatch(/<style data-emotion="css [^"]+">/)
    // The CSP allows no inline script (server/http/security-headers.ts).
    expect(html, url).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/)
    expect(res.headers()['content-security-policy'], url).not.toMatch(/script-src[^;]*'unsafe-inline'/)
  }
  for (const url of ['/', '/support/menu', '/settings']) {
    const html = await (await page.request.get(url)).text()
    expect(html, url).toContain('<div id="root" data-prerendered="shell">')
    expect(html, url).toContain('role="status"')
  }
  // With a query the page's HTML was not made for, the app as before.
  expect(await (await page.request.get('/login?signup=success')).text()).not.toContain('data-prerendered')
})

test('public pages paint before any JavaScript runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  for (const { url, title } of publicPages) {
    await page.goto(url)
    await expect(page.getByRole('heading', { level: 1 }), url).toHaveText(title)
  }
  await page.goto('/login')
  await expect(page.getByRole('button', { name: loginText.submit })).toBeVisible()
  await context.close()
})

test('public pages hydrate without a mismatch and without moving', async ({ page }) => {
  const seen: Record<string, { problems: string[]; shifts: unknown[] }> = {}
  for (const { url, title } of publicPages) {
    const tab = await page.context().newPage()
    await tab.setViewportSize(viewports[0])
    const messages: string[] = []
    tab.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') messages.push(m.text())
    })
    tab.on('pageerror', (e) => messages.push(e.message))
    await tab.addInitScript(recordShiftRects)
    await withPhoneLatency(tab)
    await tab.goto(url)
    await tab.waitForFunction(() => performance.getEntriesByName('mypage:interactive').length > 0)
    await tab.waitForLoadState('networkidle')
    await expect(tab.getByRole('heading', { level: 1 }), url).toHaveText(title)
    seen[url] = { problems: messages.filter((m) => hydrationProblem.test(m)), shifts: await layoutShifts(tab) }
    await tab.close()
  }
  expect(seen).toEqual(Object.fromEntries(publicPages.map(({ url }) => [url, { problems: [], shifts: [] }])))
})

test('a member on the prerendered login form while its scripts are slow is logged in once it is live', async ({ page }) => {
  const member = await createMember('demo')
  // The page's scripts arrive late: the HTML's fields are read-only until the form is live, so
  // nothing typed is lost (src/prerender/early-input.ts).
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((r) => setTimeout(r, 300))
    await route.continue()
  })
  await page.goto('/login', { waitUntil: 'commit' })
  await expect(page.getByLabel(loginText.emailLabel)).not.toBeEditable()
  await page.getByLabel(loginText.emailLabel).fill(member.email)
  await page.getByLabel(loginText.passwordLabel, { exact: true }).fill(member.password)
  await page.getByRole('button', { name: loginText.submit }).click()
  await page.waitForURL((u) => !u.pathname.startsWith('/login'))
})
