import { errorPageText } from '../../src/text/error'
import { couponClaimDriver } from './drivers/coupon-claim'
import { couponSection } from './drivers/home'
import { createMember, expect, linkIn, login, signIn, test, waitForMail } from './fixtures'
import { fillPerson, newPerson, openLink, signupDriver } from './drivers/signup'
import { loginText, signupThanksText } from '../../src/text/auth'
import { couponText } from '../../src/text/coupon'
import { homeText } from '../../src/text/home'
import type { FlowContext } from './drivers/flow-driver'

// The coupon driver needs no run context in these hand-written steps.
const ctx: FlowContext = { account: { email: '', password: '' }, startRoute: '/', vars: {} }

// Coupon claim from a link (product.md §4 /get-coupon), against the real stack.

test('claim a coupon from a link while logged out: login, back, coupon on home', async ({ page }) => {
  const member = await createMember('demo')
  await couponClaimDriver.events['link.open'](page, { type: 'link.open', couponCode: 'CAMPAIGN2000', signedIn: false }, ctx)
  await couponClaimDriver.states.toLogin(page, ctx)
  // The login page says what becomes of the coupon, for members and for those signing up.
  await expect(page.getByText(loginText.couponTitle)).toBeVisible()
  await expect(page.getByText(loginText.couponBody)).toBeVisible()
  // Log in on the login page the guard sent us to; it returns to /get-coupon, which claims.
  await login(page, member, '/get-coupon?couponCode=CAMPAIGN2000')
  await couponClaimDriver.states.toHome(page, ctx)
  await expect(couponSection(page).getByRole('listitem', { name: 'キャンペーン2,000円OFFクーポン' })).toBeVisible()
  // Said once: a reload of home does not say it again.
  await page.reload()
  await expect(page.getByRole('heading', { name: homeText.coupons.title })).toBeVisible()
  await expect(page.getByText(couponText.claimedToast, { exact: true })).toHaveCount(0)

  // The same link again: the member holds it, which is a success, not error getCoupon.
  await couponClaimDriver.events['link.open'](page, { type: 'link.open', couponCode: 'CAMPAIGN2000', signedIn: true }, ctx)
  await couponClaimDriver.states.alreadyHeld(page, ctx)
  await expect(page.getByText(errorPageText.getCoupon.body)).toHaveCount(0)
})

test('a visitor who signs up instead of logging in keeps the coupon: the first login claims it', async ({ page }) => {
  const person = newPerson('coupon')
  await couponClaimDriver.events['link.open'](page, { type: 'link.open', couponCode: 'CAMPAIGN2000', signedIn: false }, ctx)
  await couponClaimDriver.states.toLogin(page, ctx)
  await page.getByRole('link', { name: loginText.signup }).click()
  await page.waitForURL((url) => url.pathname === '/signup' && url.searchParams.get('couponCode') === 'CAMPAIGN2000')
  await fillPerson(page, person)
  await signupDriver.events['form.submit'](page, { type: 'form.submit' }, ctx)
  await signupDriver.states['form.toRegistrationTemp'](page, ctx)
  await openLink(page, linkIn(await waitForMail(person.email, (m) => m.subject.includes('会員登録のご確認'))))
  await signupDriver.states['form.toLoginThanks'](page, ctx)
  await page.getByRole('button', { name: signupThanksText.close }).click()
  // Still on the way to the coupon, and the page says so.
  await page.waitForURL((url) => url.pathname === '/login' && !url.search.includes('signup') && url.search.includes('get-coupon'))
  await expect(page.getByText(loginText.couponTitle)).toBeVisible()
  await page.getByLabel(loginText.emailLabel).fill(person.email)
  await page.getByLabel(loginText.passwordLabel, { exact: true }).fill(person.password)
  await page.getByRole('button', { name: loginText.submit }).click()
  await couponClaimDriver.states.toHome(page, ctx)
  await expect(couponSection(page).getByRole('listitem', { name: 'キャンペーン2,000円OFFクーポン' })).toBeVisible()
})

test('a link without a code goes to error 404', async ({ page }) => {
  const member = await createMember('fresh')
  await signIn(page, member, '/')
  await couponClaimDriver.events['link.open'](page, { type: 'link.open', couponCode: null, signedIn: true }, ctx)
  await couponClaimDriver.states.toNotFound(page, ctx)
})

test('an expired coupon cannot be claimed', async ({ page }) => {
  const member = await createMember('fresh')
  await signIn(page, member, '/')
  await couponClaimDriver.events['link.open'](page, { type: 'link.open', couponCode: 'CAMPAIGN-ENDED', signedIn: true }, ctx)
  await couponClaimDriver.states.toClaimError(page, ctx)
})
