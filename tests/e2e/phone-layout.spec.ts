import type { Page } from '@playwright/test'
import { homeText } from '../../src/text/home'
import { menuText } from '../../src/text/menu'
import { purchaseListText } from '../../src/text/purchase-list'
import { registrationStepsText, settingsText } from '../../src/text/account'
import { bookingSummaryText } from '../../src/text/booking-summary'
import { scheduleText, stepsText } from '../../src/text/schedule'
import { calendarDays } from './drivers/home'
import { purchaseRows } from './drivers/purchase-list'
import { DEMO_CONSULTANT, DEMO_OPERATOR, staffLogin } from './drivers/staff'
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

/**
 * What a phone cuts off on the page as it stands: the page's own sideways scroll, and every text
 * that does not fit where it is drawn — wider than its box where the box hides the rest (a cell
 * that truncates), or reaching past the screen's right edge (a card, a table that runs off). Each
 * as 「tag: text」, so a failure names what is cut.
 */
const clipped = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const out: string[] = []
    if (document.documentElement.scrollWidth > width) out.push(`page: scrolls sideways by ${document.documentElement.scrollWidth - width}px`)
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '')
      if (!own || el.closest('[hidden], [aria-hidden="true"], details:not([open]), .sr-only, pre')) continue
      // The text as drawn (it may run past its own box when it cannot wrap: a long number).
      const range = document.createRange()
      range.selectNodeContents(el)
      const drawn = range.getBoundingClientRect()
      const box = { width: el.getBoundingClientRect().width, height: el.getBoundingClientRect().height, right: Math.max(el.getBoundingClientRect().right, drawn.right) }
      const style = getComputedStyle(el)
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || style.position === 'absolute' && style.clip !== 'auto') continue
      // Visually hidden text (screen readers only) is 1 × 1 and clipped on purpose.
      if (box.width <= 1 && box.height <= 1) continue
      const text = (el.textContent ?? '').trim().slice(0, 40)
      const hides = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis'
      // The nearest box that cuts what runs past it (hidden, clip, or a scroll area scrolled to its start).
      let cutter: HTMLElement | null = el.parentElement
      while (cutter && cutter !== document.body && getComputedStyle(cutter).overflowX === 'visible') cutter = cutter.parentElement
      const edge = cutter && cutter !== document.body ? cutter.getBoundingClientRect().right : width
      if (hides && el.scrollWidth > el.clientWidth + 1) out.push(`${el.tagName.toLowerCase()}: ${text} (cut at ${el.clientWidth}px of ${el.scrollWidth}px)`)
      else if (box.right > Math.min(width, edge) + 1) out.push(`${el.tagName.toLowerCase()}: ${text} (right edge ${Math.round(box.right)}px, its box ends at ${Math.round(Math.min(width, edge))}px)`)
    }
    return out
  })

/** A staff page once it has drawn what it loads: its heading, nothing busy, no placeholder left. */
async function settled(page: Page, path: string) {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await expect(page.locator('[aria-busy="true"], [data-loading]')).toHaveCount(0)
}

// Every staff page at 390 px (docs/qa.md "Tests on the edges and hand-made mutants"): nothing scrolls sideways and no text is
// cut — the desk's member page clipped the payment card's ticket and receipt numbers and the mail
// subjects. The operator's pages with a member who has purchases, mails and a receipt; then the
// consultant's own pages.
test('every staff page at 390 px: nothing scrolls sideways, no text is cut off', async ({ browser, baseURL }) => {
  const member = await createMember('demo')
  const context = await browser.newContext({ baseURL, locale: 'ja-JP', timezoneId: 'Asia/Tokyo', viewport: { width: 390, height: 844 } })
  const op = await context.newPage()
  await op.goto('/staff/today')
  await staffLogin(op, DEMO_OPERATOR)
  await settled(op, `/staff/members/${member.memberId}`)
  const receiptNumber = await op.locator('tr[data-receipt-number], li[data-receipt-number], [data-receipt-number]').first().getAttribute('data-receipt-number')
  await settled(op, '/staff/notices')
  const notice = await op.locator('a[href^="/staff/notices/"]').filter({ hasNotText: /^$/ }).evaluateAll((as) => as.map((a) => a.getAttribute('href')).find((h) => h && !h.endsWith('/new')) ?? null)
  const pages = [
    '/staff/today', '/staff/bookings', '/staff/members', `/staff/members/${member.memberId}`, ...(receiptNumber ? [`/staff/receipts/${receiptNumber}`] : []),
    '/staff/coupons', '/staff/coupons/new', '/staff/coupons/WELCOME500', '/staff/coupons/WELCOME500/edit',
    '/staff/notices', '/staff/notices/new', ...(notice ? [notice] : []),
    '/staff/consultants', '/staff/consultants/new', '/staff/consultants/STAFF-01', '/staff/products',
    '/staff/numbers', '/staff/audit', '/staff/jobs', '/staff/accounts', '/staff/assignments', '/staff/holidays', '/staff/shifts', '/staff/past',
  ]
  expect(receiptNumber, 'the member page lists a purchase with its receipt').toBeTruthy()
  expect(notice, 'the notices page links a notice').toBeTruthy()
  const found: Record<string, string[]> = {}
  for (const path of pages) {
    await settled(op, path)
    const cut = await clipped(op)
    if (cut.length) found[path] = cut
  }
  await context.close()

  const cs = await (await browser.newContext({ baseURL, locale: 'ja-JP', timezoneId: 'Asia/Tokyo', viewport: { width: 390, height: 844 } })).newPage()
  await cs.goto('/staff')
  await staffLogin(cs, DEMO_CONSULTANT)
  for (const path of ['/staff', '/staff/past', '/staff/shifts', '/staff/calendar']) {
    await settled(cs, path)
    const cut = await clipped(cs)
    if (cut.length) found[`${path} (consultant)`] = cut
  }
  await cs.context().close()
  expect(found).toEqual({})
})
