import type { Page } from '@playwright/test'
import { expect } from '../fixtures'
import { homeText } from '../../../src/text/home'

// Playwright driver of machines/coupon-claim-machine.ts: one action per event, one check per state.

export const couponClaimDriver = {
  events: {
    'link.open': async (page: Page, couponCode: string | null) => {
      await page.goto(couponCode === null ? '/get-coupon' : `/get-coupon?couponCode=${encodeURIComponent(couponCode)}`)
    },
  },
  states: {
    missingCode: async (page: Page) => expect(page).toHaveURL(/\/error\?code=404$/),
    signedOut: async (page: Page) => expect(page).toHaveURL(/\/login\?redirect=/),
    done: async (page: Page) => {
      await expect(page).toHaveURL((url) => url.pathname === '/')
      await expect(page.getByRole('heading', { name: homeText.coupons.title })).toBeVisible()
    },
    failed: async (page: Page) => expect(page).toHaveURL(/\/error\?code=getCoupon$/),
  },
}
