import { homeText } from '../../src/text/home'
import { headerText } from '../../src/text/layout'
import { calendarDays, cardsLabelled, changeButtons, couponSection, ticketCards, ticketSection } from './drivers/home'
import { layoutShifts, recordShifts, sawSpinner, withPhoneLatency } from './drivers/layout-shift'
import { createMember, expect, signedInTest, signIn, test } from './fixtures'

// Home as the demo member: ticket labels of product.md §4, buttons of product.md §6, the calendar.
// A copy of the demo member's data, shared by the worker's tests that only read it (fixtures.ts
// signedInTest).

signedInTest('home shows held tickets with the right labels and buttons', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { name: homeText.title, level: 1 })).toBeVisible()

  await expect(ticketCards(page).first()).toBeVisible()
  // Refunded tickets are hidden (product.md §4): no 'refunded' card at all.
  await expect(cardsLabelled(page, 'refunded')).toHaveCount(0)
  // The seeded UNSUPPORTED ticket three days ahead is 'support reserved'.
  await expect(cardsLabelled(page, 'reserved').first()).toBeVisible()
  // COMPLETED, UNSOLVED and UNSOLVED_COMPLETED (no refund) read 'support completed'.
  expect(await cardsLabelled(page, 'completed').count()).toBeGreaterThanOrEqual(4)
  // The expired UNSUPPORTED ticket.
  await expect(cardsLabelled(page, 'noContact').first()).toBeVisible()

  // Rate button for the completed, unrated ticket; 'rated' disabled for the rated one (product.md §6).
  const rate = ticketSection(page).getByRole('link', { name: homeText.tickets.rate })
  await expect(rate).toHaveCount(1)
  await expect(rate).toHaveAttribute('href', /^\/rating\?ticketNumber=S/)
  await expect(ticketSection(page).getByRole('button', { name: homeText.tickets.rated }).first()).toBeDisabled()

  // Coupons held by the demo member.
  await expect(couponSection(page).getByRole('listitem').first()).toBeVisible()
  await expect(couponSection(page).getByText(homeText.coupons.empty)).toHaveCount(0)
})

signedInTest('a reservation within 30 minutes shows no change button', async ({ page }) => {
  await page.goto('/')
  // Two UNSUPPORTED reservations are seeded: one in three days, one starting within 30 minutes.
  // Only the first may be changed (product.md §6 "more than 30 minutes before reservation").
  await expect(changeButtons(page)).toHaveCount(1)
  const changeable = ticketCards(page).filter({ has: page.getByRole('link', { name: homeText.tickets.change }) })
  await expect(changeable).toContainText('60分サポートチケット')
  await expect(changeButtons(page)).toHaveAttribute('href', /^\/support\/reservation-date-change\?ticketNumber=S/)
  const soon = ticketCards(page).filter({ hasText: '30分サポートチケット' }).filter({ has: page.getByText(homeText.labels.reserved, { exact: true }) })
  for (const card of await soon.all()) await expect(card.getByRole('link', { name: homeText.tickets.change })).toHaveCount(0)
})

signedInTest('the 3-week calendar marks a business holiday and a reservation day', async ({ page }) => {
  await page.goto('/')
  await expect(calendarDays(page)).toHaveCount(21)
  await expect(calendarDays(page).first()).toHaveAccessibleName(new RegExp(homeText.calendar.today))
  // Seeded: a holiday six days from today (JST).
  await expect(calendarDays(page).nth(6)).toHaveAccessibleName(new RegExp(homeText.calendar.holiday))
  // The changeable reservation is seeded three days ahead, or on a later day when a shared stack's
  // other members took every cell of that day: its day, as its card says it, is marked.
  const changeable = ticketCards(page).filter({ has: page.getByRole('link', { name: homeText.tickets.change }) })
  const [, y, m, d] = /(\d{4})年(\d{1,2})月(\d{1,2})日/.exec(await changeable.innerText())!
  const ymd = `${y}${m.padStart(2, '0')}${d.padStart(2, '0')}`
  await expect(calendarDays(page).and(page.locator(`[data-ymd="${ymd}"]`))).toHaveAccessibleName(new RegExp(homeText.calendar.reservation))
  // Nothing is booked the next two days: a day without a reservation is not marked.
  await expect(calendarDays(page).nth(2)).not.toHaveAccessibleName(new RegExp(homeText.calendar.reservation))
})

test('a first-time member sees the phone-consultation card and the empty coupon list', async ({ page }) => {
  const member = await createMember('fresh')
  await signIn(page, member, '/')
  await expect(ticketSection(page).getByRole('article', { name: homeText.phoneCard.title })).toBeVisible()
  await expect(couponSection(page).getByText(homeText.coupons.empty)).toBeVisible()
  await expect(calendarDays(page)).toHaveCount(21)
})

signedInTest('home does not shift while it loads on a phone (CLS)', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 })
  await page.addInitScript(recordShifts)
  // The page spinner is painted first (asserted below) and the home replaces it.
  await withPhoneLatency(page)
  await page.goto('/')
  await expect(couponSection(page)).toBeVisible()
  // Images may finish after the sections: they must not move anything either.
  await page.waitForLoadState('networkidle')
  expect(await sawSpinner(page)).toBe(true)
  // The footer was painted under the short spinner and pushed out by the home: CLS 0.463.
  expect(await layoutShifts(page)).toEqual([])
})

/**
 * The chunks `/` fetches to hand the page to the app (its `<template id="app-prefetch">`, decision
 * 103), held until `release`: the page then stays the home its own start drew.
 */
async function holdHandOver(page: import('@playwright/test').Page) {
  const html = await (await page.request.get('/')).text()
  const template = /<template id="app-prefetch">([\s\S]*?)<\/template>/.exec(html)
  expect(template, "the home's hand-over chunks").toBeTruthy()
  const chunks = new Set([...template![1].matchAll(/href="([^"]+)"/g)].map((m) => m[1]))
  expect(chunks.size).toBeGreaterThan(3)
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route((url) => chunks.has(url.pathname), async (route) => {
    await released
    await route.continue()
  })
  return release
}

const handedOver = (page: import('@playwright/test').Page) =>
  page.waitForFunction(() => performance.getEntriesByName('mypage:handed-over').length > 0)

signedInTest('the home is drawn by its own start and handed to the app without a pixel moving', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const release = await holdHandOver(page)
  await page.goto('/')
  // Drawn without the app: every section, the header signed in (the menu button; ログアウト in the bar).
  await expect(couponSection(page)).toBeVisible()
  await expect(page.getByRole('button', { name: 'メニューを開く' })).toBeVisible()
  const phoneBefore = await page.screenshot({ fullPage: true })
  await page.setViewportSize({ width: 1280, height: 900 })
  await expect(page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('button', { name: 'ログアウト' })).toBeVisible()
  const desktopBefore = await page.screenshot({ fullPage: true })
  expect(await page.evaluate(() => performance.getEntriesByName('mypage:handed-over').length)).toBe(0)
  release()
  // The app is evaluated and renders over the page at the member's first touch (here a key).
  await page.keyboard.press('Shift')
  await handedOver(page)
  expect((await page.screenshot({ fullPage: true })).equals(desktopBefore), 'the same pixels at 1280 px before and after the hand-over').toBe(true)
  await page.setViewportSize({ width: 390, height: 844 })
  expect((await page.screenshot({ fullPage: true })).equals(phoneBefore), 'the same pixels at 390 px before and after the hand-over').toBe(true)
  // The app's header: its logout opens the app's dialog.
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('button', { name: 'ログアウト' }).click()
  await expect(page.getByRole('alertdialog', { name: 'ログアウト' })).toBeVisible()
})

signedInTest('a press on the home before the app has it is given to the app', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  const release = await holdHandOver(page)
  await page.goto('/')
  await expect(changeButtons(page)).toBeVisible()
  // The same document all along: an in-app navigation, no page load.
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true))
  await changeButtons(page).click()
  await expect(page).toHaveURL(/\/$/)
  // The press is seen to be taken while it waits for the app: the link dims and says it is busy.
  await expect(changeButtons(page)).toHaveAttribute('aria-busy', 'true')
  await expect(changeButtons(page)).toHaveCSS('opacity', '0.6')
  release()
  await expect(page).toHaveURL(/\/support\/reservation-date-change\?ticketNumber=S/)
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true)
})

signedInTest('the home is read and drawn with the kept session while the identity SDK is still restoring it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  // The SDK's reload of the kept user at the provider, held: the session is not restored yet.
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let lookups = 0
  await page.route(
    (url) => url.pathname.endsWith('/accounts:lookup'),
    async (route) => {
      lookups++
      await released
      await route.continue()
    },
  )
  const reads: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) reads.push(`${new URL(request.url()).search} ${request.headers().authorization ? 'bearer' : 'none'}`)
  })
  await page.goto('/')
  // Drawn from the reads made with the kept token (decision 104): the greeting needs the member's row.
  await expect(couponSection(page)).toBeVisible()
  await expect(page.getByText(/ 様$/)).toBeVisible()
  expect(reads.filter((r) => r.includes('data=MEMBER ')), 'the member row read once, with the token').toEqual(['?data=MEMBER bearer'])
  expect(reads.every((r) => r.endsWith('bearer'))).toBe(true)
  // The SDK is asked for once the home is drawn; its reload is held, so it has not restored the session.
  await expect.poll(() => lookups).toBeGreaterThan(0)
  release()
  // Then the app takes the page over at the first touch, with the session the SDK restored, and
  // the auth chart took the row read early instead of reading it again.
  await page.keyboard.press('Shift')
  await handedOver(page)
  await page.getByRole('button', { name: 'メニューを開く' }).click()
  await expect(page.getByRole('dialog').getByText(headerText.memberId)).toBeVisible()
  expect(reads.filter((r) => r.includes('data=MEMBER '))).toHaveLength(1)
})
