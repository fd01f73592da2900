import type { Page } from '@playwright/test'
import { expect } from '../fixtures'
import { purchaseListText as t } from '../../../src/text/purchase-list'
import { openSignedIn, type FlowDriver } from './flow-driver'

// Playwright side of machines/purchase-list/purchase-list-machine.ts: one action per event, one check per state.
// A state is recognised once it is stable: `ready` only when no load is running (no spinner, no
// 読み込み中… button), so a check made right after an event never accepts the page it left.

export const purchaseTable = (page: Page) => page.getByRole('table', { name: t.title })
export const purchaseRows = (page: Page) => purchaseTable(page).locator('tbody tr')
const spinner = (page: Page) => page.getByRole('status', { name: t.loadingMore })
const loadingMoreButton = (page: Page) => page.getByRole('button', { name: t.loadingMore })

export const purchaseListDriver: FlowDriver = {
  flow: 'purchaseList',
  entryRoute: '/purchase-list',
  start: async (page, ctx) => {
    await openSignedIn(page, ctx, ctx.startRoute)
    await expect(page).toHaveURL((url) => url.pathname === '/purchase-list')
  },
  events: {
    /** `period`: the year select's option value (`'2023'`…, `LAST_3_MONTHS`). */
    'period.change': async (page, e) => {
      await page.getByLabel(t.period).selectOption(String(e.period))
    },
    'more.load': async (page) => {
      const before = await purchaseRows(page).count()
      await page.getByRole('button', { name: t.more }).click()
      // Done once the next page is appended (or the load failed and the page left).
      await expect.poll(async () => page.url().includes('/error') || (await purchaseRows(page).count()) > before).toBe(true)
    },
  },
  states: {
    loading: async (page) => expect(spinner(page)).toBeVisible(),
    ready: async (page) => {
      await expect(page).toHaveURL((url) => url.pathname === '/purchase-list')
      await expect(spinner(page)).toHaveCount(0)
      await expect(loadingMoreButton(page)).toHaveCount(0)
      await expect(purchaseTable(page).or(page.getByText(t.empty))).toBeVisible()
    },
    loadingMore: async (page) => expect(loadingMoreButton(page)).toBeVisible(),
    toError: async (page) => expect(page, 'expected the member on /error').toHaveURL((url) => url.pathname === '/error' && url.searchParams.has('code')),
  },
}
