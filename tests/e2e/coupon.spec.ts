import { errorPageText } from '../../src/text/error'
import { couponClaimDriver } from './drivers/coupon-claim'
import { couponSection } from './drivers/home'
import { createMember, expect, login, test } from './fixtures'
import type { FlowContext } from './drivers/flow-driver'

// The coupon driver needs no run context in these hand-written steps.
const ctx: FlowContext = { account: { email: '', password: '' }, startRoute: '/', vars: {} }

// Coupon claim from a link (product.md §4 /get-coupon), against the real stack.

test('claim a coupon from a link while logged out: login, back, coupon on home', async ({ page }) => {
  const member = await createMember('demo')
  await couponClaimDriver.events['link.open'](page, { type: 'link.open', couponCode: 'CAMPAIGN2000', signedIn: false }, ctx)
  await couponClaimDriver.states.toLogin(page, ctx)
  // Log in on the login page the guard sent us to; it returns to /get-coupon, which claims.
  await login(page, member, '/get-coupon?couponCode=CAMPAIGN2000')
  await couponClaimDriver.states.toHome(page, ctx)
  await expect(couponSection(page).getByRole('listitem', { name: 'キャンペーン2,000円OFFクーポン' })).toBeVisible()

  // The same link again: the member holds it, which is a success, not error getCoupon.
  await couponClaimDriver.events['link.open'](page, { type: 'link.open', couponCode: 'CAMPAIGN2000', signedIn: true }, ctx)
  await couponClaimDriver.states.alreadyHeld(page, ctx)
  await expect(page.getByText(errorPageText.getCoupon.body)).toHaveCount(0)
})

test('a link without a code goes to error 404', async ({ page }) => {
  const member = await createMember('fresh')
  await login(page, member, '/')
  await couponClaimDriver.events['link.open'](page, { type: 'link.open', couponCode: null, signedIn: true }, ctx)
  await couponClaimDriver.states.toNotFound(page, ctx)
})

test('an expired coupon cannot be claimed', async ({ page }) => {
  const member = await createMember('fresh')
  await login(page, member, '/')
  await couponClaimDriver.events['link.open'](page, { type: 'link.open', couponCode: 'CAMPAIGN-ENDED', signedIn: true }, ctx)
  await couponClaimDriver.states.toClaimError(page, ctx)
})
