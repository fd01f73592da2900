import type { Page } from '@playwright/test'
import { expect } from '../fixtures'
import { purchaseListText as t } from '../../../src/text/purchase-list'
import { loginAndOpen, type FlowDriver } from './flow-driver'

// Playwright side of machines/purchase-list/purchase-list-machine.ts: one action per event, one check per state.

export const purchaseTable = (page: Page) => page.getByRole('table', { name: t.title })
export const purchaseRows = (page: Page) => purchaseTable(page).locator('tbody tr')

export const purchaseListDriver: FlowDriver = {
  flow: 'purchaseList',
  entryRoute: '/purchase-list',
  start: async (page, ctx) => loginAndOpen(page, ctx, ctx.startRoute),
  events: {
    /** `period`: the year select's option value (`'2023'`…). */
    'period.change': async (page, e) => {
      await page.getByLabel(t.period).selectOption(String(e.period))
    },
    'more.load': async (page) => page.getByRole('button', { name: t.more }).click(),
  },
  states: {
    loading: async (page) => expect(page.getByRole('status')).toBeVisible(),
    ready: async (page) => expect(purchaseTable(page).or(page.getByText(t.empty))).toBeVisible(),
    loadingMore: async (page) => expect(page.getByRole('button', { name: t.loadingMore })).toBeVisible(),
    toError: async (page) => expect(page).toHaveURL(/\/error\?code=/),
  },
}
