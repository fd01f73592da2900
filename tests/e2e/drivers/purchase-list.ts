import type { Page } from '@playwright/test'
import { expect } from '../fixtures'
import { purchaseListText as t } from '../../../src/text/purchase-list'

// Playwright driver of machines/purchase-list-machine.ts: one action per event, one check per state.

export const purchaseTable = (page: Page) => page.getByRole('table', { name: t.title })
export const purchaseRows = (page: Page) => purchaseTable(page).locator('tbody tr')

export const purchaseListDriver = {
  events: {
    'period.change': async (page: Page, period: string) => {
      await page.getByLabel(t.period).selectOption(period)
    },
    'more.load': async (page: Page) => {
      await page.getByRole('button', { name: t.more }).click()
    },
  },
  states: {
    loading: async (page: Page) => expect(page.getByRole('status')).toBeVisible(),
    ready: async (page: Page) => expect(purchaseTable(page).or(page.getByText(t.empty))).toBeVisible(),
    loadingMore: async (page: Page) => expect(page.getByRole('button', { name: t.loadingMore })).toBeVisible(),
    failed: async (page: Page) => expect(page).toHaveURL(/\/error\?code=/),
  },
}
