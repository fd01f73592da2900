import type { Page } from '@playwright/test'
import { sandboxTestCards } from '../../src/contract/calls'
import { buyText } from '../../src/text/checkout'
import { checkoutDriver as d } from './drivers/checkout'
import { createMember, expect, login, test } from './fixtures'

// Checkout on the sandbox provider (issue 4): 3-D Secure challenge, declined card, 429 retries,
// reload on the return page, saved card, coupon prompt.

/** `SUPPORT-YYYYMMDD-HH-00`, `days` ahead in Japan time. */
function slot(days: number, hour: number): string {
  const ymd = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date(Date.now() + days * 86_400_000))
    .replaceAll('-', '')
  return `SUPPORT-${ymd}-${String(hour).padStart(2, '0')}-00`
}

async function payWithNewCard(page: Page, number: string) {
  await d.states.ready(page)
  await d.events['card.change'](page, { number })
  await d.events['holderName.change'](page)
  await d.events['holderName.blur'](page)
  await d.events['pay.submit'](page)
}

async function purchaseRows(page: Page, productName: string) {
  await page.goto('/purchase-list')
  await expect(page.getByRole('table')).toBeVisible({ timeout: 20_000 })
  return page.getByRole('row').filter({ hasText: productName }).count()
}

test('an immediate reservation paid with the challenge card passes 3-D Secure and is bought once', async ({ page }) => {
  const member = await createMember('fresh')
  const reservationTime = slot(2, 14)
  await login(page, member, `/buy?productId=SUPPORT-60&reserveNow=true&staffId=STAFF-01&reservationTime=${reservationTime}&supportType=TEL`)
  await payWithNewCard(page, sandboxTestCards.challenge)
  await d.events['tds.approve'](page)
  await d.states.finishing(page)
  await d.states.done(page, 'SUPPORT')
  expect(await purchaseRows(page, '60分サポートチケット')).toBe(1)
})

test('the declined card shows the payment-problem message and the form stays usable', async ({ page }) => {
  const member = await createMember('fresh')
  await login(page, member, '/buy?productId=ADD-30')
  await payWithNewCard(page, sandboxTestCards.declined)
  await d.states.failed(page)
  await expect(page.getByLabel(buyText.holderName)).toBeEnabled()
})

test('the rate-limited card succeeds after two 429 answers', async ({ page }) => {
  const member = await createMember('fresh')
  await login(page, member, '/buy?productId=ADD-30')
  const answers: number[] = []
  page.on('response', (r) => { if (r.url().endsWith('/api/charge')) answers.push(r.status()) })
  await payWithNewCard(page, sandboxTestCards.rateLimitedTwice)
  await d.states.done(page, 'ADD')
  expect(answers).toEqual([429, 429, 200])
})

test('a 3-D Secure failure shows the payment-problem message', async ({ page }) => {
  const member = await createMember('fresh')
  await login(page, member, '/buy?productId=ADD-30')
  await payWithNewCard(page, sandboxTestCards.challenge)
  await d.events['tds.fail'](page)
  await d.states.failed(page)
})

test('reloading the return page does not charge twice', async ({ page }) => {
  const member = await createMember('fresh')
  await login(page, member, '/buy?productId=ADD-30')
  await payWithNewCard(page, sandboxTestCards.challenge)
  await page.waitForURL(/\/sandbox\/3ds\//)
  // Hold the first charge answer back and reload the return page while it is pending.
  let held = false
  await page.route('**/api/charge', async (route) => {
    if (!held) { held = true; await new Promise((r) => setTimeout(r, 1500)) }
    await route.continue()
  })
  await page.getByRole('button', { name: '承認' }).click()
  await page.waitForURL(/\/buy\?.*sandbox_token=/)
  await page.reload()
  await d.states.done(page, 'ADD')
  await page.unroute('**/api/charge')
  expect(await purchaseRows(page, '30分延長チケット')).toBe(1)
})

test('a saved card pays without the 3-D Secure page', async ({ page }) => {
  const member = await createMember('fresh')
  await login(page, member, '/buy?productId=ADD-30')
  await payWithNewCard(page, sandboxTestCards.approved)
  await d.states.done(page, 'ADD')
  const visited: string[] = []
  page.on('framenavigated', (f) => visited.push(f.url()))
  await page.goto('/buy?productId=ADD-30')
  await d.states.ready(page)
  await expect(page.getByText(buyText.savedCardLast4('4242'))).toBeVisible()
  await d.events['pay.submit'](page)
  await d.states.done(page, 'ADD')
  expect(visited.some((u) => u.includes('/sandbox/3ds/'))).toBe(false)
})

test('a fitting coupon prompts before paying and lowers the price', async ({ page }) => {
  const member = await createMember('demo')
  await login(page, member, '/')
  await page.evaluate((reservationTime) => sessionStorage.setItem('mypage.purchaseState', JSON.stringify({
    productId: 'SUPPORT-60', slotType: 'noAssign', staffId: null, staffNickname: null, reservationTime, minutesToSupport: 60,
  })), slot(3, 15))
  await page.goto('/buy?productId=SUPPORT-60')
  await d.states.ready(page)
  await expect(page.getByTestId('checkout-price')).toHaveText(buyText.yen(5500))
  await d.events['card.change'](page, { number: sandboxTestCards.approved })
  await d.events['holderName.change'](page)
  await d.events['pay.submit'](page)
  await d.states.couponPrompt(page)
  await d.events['prompt.useCoupon'](page)
  await page.getByRole('region', { name: buyText.couponTitle }).getByRole('button', { name: buyText.couponUse }).first().click()
  await expect(page.getByText(buyText.couponApplied)).toBeVisible()
  await expect(page.getByTestId('checkout-price')).not.toHaveText(buyText.yen(5500))
  await d.events['pay.submit'](page)
  await d.states.done(page, 'SUPPORT')
  await expect(page).toHaveURL(/couponCode=/)
})
