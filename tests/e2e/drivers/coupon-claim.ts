import { expect } from '@playwright/test'
import { couponText } from '../../../src/text/coupon'
import { homeText } from '../../../src/text/home'
import { openSignedIn, type FlowDriver } from './flow-driver'

// Playwright driver of machines/coupon-claim/coupon-claim-machine.ts: one action per event, one check per state.
// The chart starts when /get-coupon opens, so the run starts signed in on home and the link is the
// first event; `signedIn: false` opens the link in a signed-out tab (the caller has not logged in).

export const couponClaimDriver: FlowDriver = {
  flow: 'couponClaim',
  entryRoute: '/',
  start: async (page, ctx) => openSignedIn(page, ctx, ctx.startRoute),
  events: {
    'link.open': async (page, event) => {
      const code = event.couponCode as string | null
      await page.goto(code === null ? '/get-coupon' : `/get-coupon?couponCode=${encodeURIComponent(code)}`)
    },
  },
  states: {
    toNotFound: async (page) => expect(page).toHaveURL(/\/error\?code=404$/),
    toLogin: async (page) => expect(page).toHaveURL(/\/login\?redirect=/),
    // Home says the coupon was added (and lists it).
    toHome: async (page) => {
      await expect(page).toHaveURL((url) => url.pathname === '/')
      await expect(page.getByText(couponText.claimedToast, { exact: true })).toBeVisible()
      await expect(page.getByRole('heading', { name: homeText.coupons.title })).toBeVisible()
    },
    toClaimError: async (page) => expect(page).toHaveURL(/\/error\?code=getCoupon$/),
    // The member holds it already (a reopened link): success, not the error page.
    alreadyHeld: async (page) => {
      await expect(page.getByRole('heading', { name: couponText.alreadyHeldTitle })).toBeVisible()
      await expect(page).toHaveURL(/\/get-coupon\?couponCode=/)
    },
  },
}
