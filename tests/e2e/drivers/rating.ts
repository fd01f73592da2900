import { expect, type Page } from '@playwright/test'
import { ratingCompleteText, ratingText as t } from '../../../src/text/rating'

/** Playwright side of machines/rating-machine.ts: an action per event, an assertion per state. */
export const ratingDriver = {
  events: {
    'score.change': async (page: Page, score: number) => page.getByLabel(`${t.overall} ${t.star(score)}`).check({ force: true }),
    'detail.change': async (page: Page, key: keyof typeof t.detail, score: number) =>
      page.getByLabel(`${t.detail[key]} ${t.star(score)}`).check({ force: true }),
    'comment.change': async (page: Page, value: string) => page.getByLabel(t.comment).fill(value),
    /** `null` chooses no tip; otherwise the tip shown with this price label (e.g. `500円`). */
    'tip.select': async (page: Page, label: string | null) => page.getByLabel(label ?? t.noTip, { exact: true }).check({ force: true }),
    'form.submit': async (page: Page) => page.getByRole('button', { name: t.submit }).click(),
    'modal.confirm': async (page: Page) => page.getByRole('alertdialog').getByRole('button', { name: t.confirm }).click(),
    'modal.cancel': async (page: Page) => page.getByRole('alertdialog').getByRole('button', { name: t.cancel }).click(),
  },
  states: {
    editing: async (page: Page) => expect(page.getByRole('heading', { name: t.title })).toBeVisible(),
    confirming: async (page: Page) => expect(page.getByRole('alertdialog')).toContainText(t.confirmBody),
    complete: async (page: Page) => {
      await page.waitForURL(/\/rating-complete$/)
      await expect(page.getByRole('heading', { name: ratingCompleteText.title })).toBeVisible()
    },
    tipPayment: async (page: Page, productId: RegExp | string, parentTicketNumber: string) => {
      await page.waitForURL((url) => url.pathname === '/buy' && !!url.searchParams.get('productId')?.match(productId) && url.searchParams.get('parentTicketNumber') === parentTicketNumber)
    },
  },
}
