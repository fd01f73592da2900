import type { Page } from '@playwright/test'
import { settingsText } from '../../src/text/account'
import { homeText } from '../../src/text/home'
import { menuText } from '../../src/text/menu'
import { ratingText } from '../../src/text/rating'
import { ticketSection } from './drivers/home'
import { layoutShifts, recordShifts, sawSpinner, withPhoneLatency } from './drivers/layout-shift'
import { purchaseRows } from './drivers/purchase-list'
import { createMember, expect, login, test } from './fixtures'

// Issue 8 (CLS): the member pages load without anything moving, at a phone's, a small tablet's
// (the header's member ID) and a laptop's width. Each load is a direct one in a new tab of the
// signed-in context, with a phone's latency, so the page spinner is painted first (asserted) and
// the page replaces it. The footer was painted in view under the spinner or a skeleton smaller
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
  url?: (home: Page) => Promise<string>
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
    url: async (home) => (await ticketSection(home).getByRole('link', { name: homeText.tickets.rate }).getAttribute('href'))!,
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
  test(`${path} does not shift while it loads (issue 8, CLS)`, async ({ page }) => {
    const member = await createMember('demo')
    await login(page, member, '/')
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
