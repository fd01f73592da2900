import type { Page } from '@playwright/test'
import { bookingSummaryText } from '../../src/text/booking-summary'
import { buyText } from '../../src/text/checkout'
import { menuText } from '../../src/text/menu'
import { scheduleText, stepsText } from '../../src/text/schedule'
import { checkoutDriver as pay, payOnSandbox } from './drivers/checkout'
import { findOtherConsultantCell } from './drivers/reservation-change'
import { createMember, expect, login, signIn, test } from './fixtures'

// The /support/staff → /buy handoff (session key `mypage.purchaseState`) as a
// member walks it: menu → 60-minute ticket → a named consultant's open cell → /buy shows that
// time and consultant → back keeps the choice → pay on the sandbox → the reservation on home.

// Finding a named consultant's open cell may walk several days and bands on a busy machine.
test.describe.configure({ timeout: 90_000 })

type Picked = { cellName: string; ymd: string; time: string; nickname: string }

/** /support/menu → the 60-minute ticket → /support/staff → an open cell of a named consultant. */
async function pickConsultantSlot(page: Page): Promise<Picked> {
  await signIn(page, await createMember('demo'), '/support/menu')
  await page.getByRole('link', { name: `60分サポートチケット：${menuText.buy}` }).click()
  await page.waitForURL(/\/support\/staff\?productId=SUPPORT-60/)
  // The helper reads the day list at once: let the first schedule arrive first.
  await expect(page.getByText(scheduleText.gridCaption).or(page.getByText(scheduleText.nobodyAvailable))).toBeVisible({ timeout: 20_000 })
  const { cellName, ymd } = await findOtherConsultantCell(page, '')
  const [, time, nickname] = /^(\d{2}:\d{2}) (.+) 予約可能$/.exec(cellName)!
  await page.getByRole('button', { name: cellName, exact: true }).click()
  await page.waitForURL(/\/buy\?productId=SUPPORT-60/)
  return { cellName, ymd, time, nickname }
}

/** `20261123` + `10:30` → `2026年11月23日 10:30` (the order summary's wording). */
const summaryTime = (ymd: string, time: string) => `${Number(ymd.slice(0, 4))}年${Number(ymd.slice(4, 6))}月${Number(ymd.slice(6, 8))}日 ${time}`

async function expectSummary(page: Page, picked: Picked) {
  await pay.states.ready(page)
  const summary = page.getByRole('region', { name: buyText.summaryTitle })
  await expect(summary).toContainText('60分サポートチケット')
  await expect(summary).toContainText(summaryTime(picked.ymd, picked.time))
  await expect(summary).toContainText(picked.nickname)
}

/** Sandbox card 4242… (approved, frictionless 3-D Secure); the demo member's coupon is declined. */

test('the chosen consultant and time reach /buy, and coming back shows them selected', async ({ page }) => {
  const picked = await pickConsultantSlot(page)
  await expectSummary(page, picked)

  // Back (browser back button): the grid reopens on the saved day with the saved cell selected.
  await page.goBack()
  await page.waitForURL(/\/support\/staff\?productId=SUPPORT-60/)
  await expect(page.getByLabel(scheduleText.dateSelectLabel)).toHaveValue(picked.ymd)
  await expect(page.getByRole('button', { name: picked.cellName, exact: true })).toHaveAttribute('aria-pressed', 'true')
  // Choosing it again goes on to /buy with the same slot.
  await page.getByRole('button', { name: picked.cellName, exact: true }).click()
  await page.waitForURL(/\/buy\?productId=SUPPORT-60/)
  await expectSummary(page, picked)
})

test('STAFF_DENY at payment returns to the grid with a toast and the choice kept', async ({ page }) => {
  const picked = await pickConsultantSlot(page)
  await pay.states.ready(page)
  // The consultant was taken between choosing and paying: the server's answer, simulated.
  await page.route('**/api/charge', (route) => route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ message: 'STAFF_DENY' }) }))
  await payOnSandbox(page)
  await page.waitForURL(/\/support\/staff\?productId=SUPPORT-60/, { timeout: 30_000 })
  await expect(page.getByText(buyText.staffDenyToast)).toBeVisible()
  await expect(page.getByLabel(scheduleText.dateSelectLabel)).toHaveValue(picked.ymd)
  await expect(page.getByRole('button', { name: picked.cellName, exact: true })).toHaveAttribute('aria-pressed', 'true')
})

test('a saved slot taken meanwhile is not selected and a toast says so', async ({ page }) => {
  await signIn(page, await createMember('demo'), '/')
  // The handoff of an earlier visit: no preference at 10:30, three days ahead.
  const ymd = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date(Date.now() + 3 * 86_400_000))
    .replaceAll('-', '')
  await page.evaluate((reservationTime) => sessionStorage.setItem('mypage.purchaseState', JSON.stringify({
    productId: 'SUPPORT-60', slotType: 'noAssign', staffId: null, staffNickname: null, reservationTime, minutesToSupport: 60,
  })), `SUPPORT-${ymd}-10-30`)
  // Close 10:30 on that day for everyone, as a booking in between would.
  await page.route(/\/api\/reservation-schedule/, async (route) => {
    const response = await route.fetch()
    const body = await response.json()
    for (const key of Object.keys(body.noAssignSchedules ?? {})) if (key.replace('#', '-') === '10-30') body.noAssignSchedules[key] = false
    await route.fulfill({ response, json: body })
  })
  await page.goto('/support/staff?productId=SUPPORT-60')
  await expect(page.getByText(scheduleText.savedSlotGone)).toBeVisible({ timeout: 20_000 })
  await expect(page.getByRole('table').getByRole('button', { pressed: true })).toHaveCount(0)
  await expect(page.getByText(scheduleText.gridCaption).or(page.getByText(scheduleText.nobodyAvailable))).toBeVisible()
  // Told once: the gone slot is forgotten, so a later purchase from the menu (a fresh page, no
  // toast left over) neither repeats the toast nor reopens that day.
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('mypage.purchaseState'))).toBeNull()
  await page.unroute(/\/api\/reservation-schedule/)
  await page.goto('/support/menu')
  await page.getByRole('link', { name: `60分サポートチケット：${menuText.buy}` }).click()
  await page.waitForURL(/\/support\/staff\?productId=SUPPORT-60/)
  await expect(page.getByText(scheduleText.gridCaption).or(page.getByText(scheduleText.nobodyAvailable))).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText(scheduleText.savedSlotGone)).toHaveCount(0)
  await expect(page.getByLabel(scheduleText.dateSelectLabel)).not.toHaveValue(ymd)
})

test('paying on the sandbox books the chosen slot and home shows the new reservation', async ({ page }) => {
  const picked = await pickConsultantSlot(page)
  await expectSummary(page, picked)
  // product.md §2 step breadcrumb on /buy: payment is the current step.
  await expect(page.getByRole('navigation', { name: stepsText.label }).locator('[aria-current="step"]')).toHaveText(stepsText.buy)
  await payOnSandbox(page)
  await pay.states.toComplete(page, 'SUPPORT')
  const y = Number(picked.ymd.slice(0, 4)), m = Number(picked.ymd.slice(4, 6)), d = Number(picked.ymd.slice(6, 8))
  // The thank-you page says what was booked: date and time (Japan time), consultant, method.
  const booked = page.getByRole('region', { name: bookingSummaryText.title })
  await expect(booked).toContainText(`${y}年${m}月${d}日`)
  await expect(booked).toContainText(`${picked.time}${bookingSummaryText.japanTime}`)
  await expect(booked).toContainText(picked.nickname)
  await page.goto('/')
  const card = page.locator('article').filter({ hasText: `${y}年${m}月${d}日` }).filter({ hasText: picked.time }).filter({ hasText: picked.nickname })
  await expect(card.first()).toBeVisible({ timeout: 20_000 })
  await expect(card.first()).toContainText('サポート予約済み')
})

test('/buy for a SUPPORT ticket without a chosen slot sends to the menu with the toast', async ({ page }) => {
  await login(page, await createMember('demo'), '/buy?productId=SUPPORT-60')
  await page.waitForURL(/\/support\/menu$/)
  await expect(page.getByText(menuText.selectMenuToast)).toBeVisible()
  await expect(page.getByRole('heading', { name: menuText.title, level: 1 })).toBeVisible()
})
