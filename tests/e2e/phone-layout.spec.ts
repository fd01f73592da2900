import type { Page } from '@playwright/test'
import { homeText } from '../../src/text/home'
import { menuText } from '../../src/text/menu'
import { purchaseListText } from '../../src/text/purchase-list'
import { registrationStepsText, settingsText } from '../../src/text/account'
import { bookingSummaryText } from '../../src/text/booking-summary'
import { scheduleText, stepsText } from '../../src/text/schedule'
import { calendarDays } from './drivers/home'
import { purchaseRows } from './drivers/purchase-list'
import { createMember, expect, signedInTest, signIn, test } from './fixtures'

// Phone (390 × 844): nothing runs off the side, and what used to be cut off or wrapped
// mid-word fits: the home calendar's day cells, the payment history's rows, the date strip and
// the consultant grid, the example-concerns modal sized to its content. The member pages are
// read as the worker's shared member (fixtures.ts signedInTest): nothing here changes it.

test.use({ viewport: { width: 390, height: 844 } })

/** The page scrolls horizontally by this many px (0: it fits). */
const overflowX = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

/** Right edges (px) of the elements, to compare with the viewport's width. */
const rightEdges = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().right)))

signedInTest('home: the calendar cells keep each mark on one line', async ({ page }) => {
  await page.goto('/')
  await expect(calendarDays(page)).toHaveCount(21)
  // Each text line of a cell (day, 休業, 予約) is one line high: nothing wraps as 「（月 / ）」.
  const wrapped = await calendarDays(page).evaluateAll((cells) =>
    cells.flatMap((cell) =>
      [...cell.children].filter((line) => line.getBoundingClientRect().height > parseFloat(getComputedStyle(line).lineHeight) * 1.5).map((l) => l.textContent),
    ),
  )
  expect(wrapped).toEqual([])
  await expect(page.getByText(homeText.calendar.reservation).first()).toBeVisible()
  // A ticket's 「担当相談員: … ／ サポート方法: …」 breaks at the slash, never inside a phrase
  // (it wrapped as 「サポート方 / 法: 電話」).
  const phrases = page.locator('span', { hasText: new RegExp(`^(${homeText.tickets.staff}|${homeText.tickets.supportType}): `) })
  expect(await phrases.count()).toBeGreaterThan(1)
  const broken = await phrases.evaluateAll((els) =>
    els.filter((e) => e.getBoundingClientRect().height > parseFloat(getComputedStyle(e).lineHeight) * 1.5).map((e) => e.textContent),
  )
  expect(broken).toEqual([])
  expect(await overflowX(page)).toBe(0)
})

/**
 * The phrases that a line break splits somewhere on the page (「チケッ / ト」): a Range over each
 * occurrence whose boxes sit on more than one line.
 */
const brokenPhrases = (page: Page, phrases: string[]) =>
  page.evaluate((list) => {
    const broken: string[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? ''
      for (const phrase of list) {
        for (let at = text.indexOf(phrase); at >= 0; at = text.indexOf(phrase, at + 1)) {
          const range = document.createRange()
          range.setStart(node, at)
          range.setEnd(node, at + phrase.length)
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)))
          if (tops.size > 1) broken.push(`${phrase} in 「${text}」`)
        }
      }
    }
    return broken
  }, phrases)

test('/registeration-temp and /buy-complete: words and dates stay whole', async ({ page }) => {
  await page.goto('/registeration-temp')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const steps = page.getByRole('list', { name: registrationStepsText.label }).getByRole('listitem')
  await expect(steps).toHaveCount(4)
  expect(await brokenPhrases(page, [...registrationStepsText.steps, 'メールアドレス', 'メール', '会員登録', '迷惑メールフォルダ'])).toEqual([])
  expect(await overflowX(page)).toBe(0)

  await signIn(page, await createMember('demo'), '/')
  const href = await page.getByRole('link', { name: homeText.tickets.change }).first().getAttribute('href')
  const ticketNumber = new URL(href ?? '', 'http://x').searchParams.get('ticketNumber')
  await page.goto(`/buy-complete?type=SUPPORT&ticketNumber=${ticketNumber}`)
  const summary = page.getByRole('region', { name: bookingSummaryText.title })
  await expect(summary.getByText(bookingSummaryText.japanTime, { exact: false })).toBeVisible()
  expect(await brokenPhrases(page, ['チケット', 'サポート', 'メールアドレス', 'お支払い履歴', '迷惑メールフォルダ', ...Object.values(bookingSummaryText).flatMap((v) => (typeof v === 'string' ? [v] : []))])).toEqual([])
  // The date and time: at most two lines (it took three beside its label).
  const dateLines = await summary.locator('dd', { hasText: bookingSummaryText.japanTime }).evaluate((e) => Math.round(e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight)))
  expect(dateLines).toBeLessThanOrEqual(2)
  expect(await overflowX(page)).toBe(0)
})

signedInTest('reservation change: its own steps in the breadcrumb, the current slot marked', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('link', { name: homeText.tickets.change }).first().click()
  const steps = page.getByRole('navigation', { name: stepsText.label })
  await expect(steps.getByText(stepsText.changeDone)).toBeVisible()
  await expect(steps.getByText(stepsText.buy, { exact: true })).toHaveCount(0)
  // The day opens on the reservation: its cell is marked and says so in its name.
  const current = page.getByLabel(/（現在のご予約）$/)
  await expect(current).toHaveCount(1)
  await expect(page.locator('td[data-current]').getByText(scheduleText.currentSlot, { exact: true })).toBeVisible()
  expect(await overflowX(page)).toBe(0)
})

signedInTest('payment history: rows are cards, amount and receipt inside the screen; /settings keeps its change links whole', async ({ page }) => {
  await page.goto('/purchase-list')
  await expect(purchaseRows(page).first()).toBeVisible()
  await expect(page.getByRole('columnheader', { name: purchaseListText.columns.amount })).toBeHidden()
  const cells = await rightEdges(page, 'tbody tr:first-child td')
  expect(cells).toHaveLength(5)
  for (const right of cells) expect(right).toBeLessThanOrEqual(390)
  expect(await overflowX(page)).toBe(0)

  // The same member's settings: 「パスワードを変更する」 once broke mid-phrase beside its value.
  await page.goto('/settings')
  await expect(page.getByTestId('member-email')).toBeVisible({ timeout: 20_000 })
  expect(await brokenPhrases(page, [settingsText.emailChange, settingsText.passwordChange])).toEqual([])
  expect(await overflowX(page)).toBe(0)
})

signedInTest('staff selection: the date strip and every cell of a row fit the screen', async ({ page }) => {
  await page.goto('/support/staff?productId=SUPPORT-60')
  await expect(page.getByText(scheduleText.gridCaption).or(page.getByText(scheduleText.nobodyAvailable))).toBeVisible()
  for (const right of await rightEdges(page, `[role=group][aria-label="${scheduleText.dateStripLabel}"] button`)) expect(right).toBeLessThanOrEqual(390)
  if (await page.getByText(scheduleText.gridCaption).isVisible()) {
    const cells = await rightEdges(page, 'tr[data-row=noAssign] td')
    expect(cells).toHaveLength(8)
    for (const right of cells) expect(right).toBeLessThanOrEqual(390)
    // The cells keep their names (time, who, availability) for keyboard and screen readers.
    await expect(page.getByRole('button', { name: new RegExp(`^\\d\\d:\\d\\d ${scheduleText.noPreference} ${scheduleText.available}$`) }).first()).toBeVisible()
  }
  expect(await overflowX(page)).toBe(0)
})

signedInTest('menu: the example-concerns modal is as tall as its content', async ({ page }) => {
  await page.goto('/support/menu')
  await page.getByRole('button', { name: menuText.examples }).first().click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  // Blank space in the modal's body below its content (a `full` modal left most of the screen empty).
  const blank = await dialog.evaluate((d) => {
    const body = d.querySelector('.chakra-dialog__body') as HTMLElement
    const content = body.firstElementChild as HTMLElement
    return body.getBoundingClientRect().bottom - content.getBoundingClientRect().bottom
  })
  expect(blank).toBeLessThan(48)
})
