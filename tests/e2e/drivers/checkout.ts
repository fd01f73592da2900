import { expect, type Page } from '@playwright/test'
import { buyCompleteText, buyText } from '../../../src/text/checkout'

/** Drivers of the checkout chart (machines/checkout-machine.ts): event → action, state → assertion. */
export const checkoutDriver = {
  events: {
    'card.change': async (page: Page, card: { number: string; expiry?: string; cvc?: string }) => {
      await page.getByLabel(buyText.cardNumber).fill(card.number)
      await page.getByLabel(buyText.cardExpiry).fill(card.expiry ?? '12/34')
      await page.getByLabel(buyText.cardCvc).fill(card.cvc ?? '123')
    },
    'holderName.change': async (page: Page, name = 'TARO YAMADA') => page.getByLabel(buyText.holderName).fill(name),
    'holderName.blur': async (page: Page) => page.getByLabel(buyText.holderName).blur(),
    'saveCard.toggle': async (page: Page) => page.getByText(buyText.saveCard).click(),
    'savedCard.toggle': async (page: Page, use: boolean) => page.getByRole('button', { name: use ? buyText.useSavedCard : buyText.changeCard }).click(),
    'coupon.select': async (page: Page, couponName: string) =>
      page.getByRole('region', { name: buyText.couponTitle }).locator('div', { hasText: couponName }).getByRole('button', { name: buyText.couponUse }).first().click(),
    'pay.submit': async (page: Page) => page.getByRole('button', { name: buyText.pay }).click(),
    'prompt.useCoupon': async (page: Page) => page.getByRole('alertdialog').getByRole('button', { name: buyText.promptUse }).click(),
    'prompt.skip': async (page: Page) => page.getByRole('alertdialog').getByRole('button', { name: buyText.promptSkip }).click(),
    /** The sandbox's 3-D Secure page (server/routes/sandbox-3ds.ts). */
    'tds.approve': async (page: Page) => {
      await page.waitForURL(/\/sandbox\/3ds\//)
      await page.getByRole('button', { name: '承認' }).click()
    },
    'tds.fail': async (page: Page) => {
      await page.waitForURL(/\/sandbox\/3ds\//)
      await page.getByRole('button', { name: '失敗' }).click()
    },
  },
  states: {
    ready: async (page: Page) => expect(page.getByRole('button', { name: buyText.pay })).toBeVisible({ timeout: 20_000 }),
    couponPrompt: async (page: Page) => expect(page.getByRole('alertdialog').getByText(buyText.promptTitle)).toBeVisible(),
    finishing: async (page: Page) => expect(page.getByRole('alertdialog').getByText(buyText.processingTitle)).toBeVisible(),
    failed: async (page: Page) => expect(page.getByRole('alert').filter({ hasText: buyText.paymentProblem })).toBeVisible({ timeout: 20_000 }),
    done: async (page: Page, type: 'SUPPORT' | 'ADD' | 'TIP' | 'INTERVIEW') => {
      await page.waitForURL(new RegExp(`/buy-complete\\?.*type=${type}`), { timeout: 30_000 })
      await expect(page.getByRole('heading', { name: buyCompleteText.types[type].title })).toBeVisible()
    },
  },
}
