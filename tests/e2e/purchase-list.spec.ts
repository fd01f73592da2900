import { purchaseListText as t } from '../../src/text/purchase-list'
import { receiptText as r } from '../../src/text/receipt'
import type { FlowContext } from './drivers/flow-driver'
import { purchaseListDriver as driver, purchaseRows } from './drivers/purchase-list'
import { createMember, expect, signIn, test } from './fixtures'

// Payment history (product.md §2 /purchase-list, §9): pages of 20 by lastEvaluatedKey, year filter.

/** The driver's run context: the specs log in themselves. */
const ctx: FlowContext = { account: { email: '', password: '' }, startRoute: '/purchase-list', vars: {} }

test('page through the purchase history past 20 rows', async ({ page }) => {
  const member = await createMember('demo')
  await signIn(page, member, '/purchase-list')
  await driver.states.ready(page, ctx)
  await expect(purchaseRows(page)).toHaveCount(20)
  await driver.events['more.load'](page, { type: 'more.load' }, ctx)
  await expect.poll(() => purchaseRows(page).count()).toBeGreaterThan(20)
  // The demo history of the past 3 months fits in two pages: no more to load.
  await expect(page.getByRole('button', { name: t.more })).toHaveCount(0)
  // The coupon-discounted purchase shows the amount before the coupon.
  await expect(page.getByText(t.coupon('使用済み1,000円OFF', '1,000円'))).toBeVisible()

  // A row's receipt (docs/product.md "Receipts"): the tax line and the issuer's registration number.
  await purchaseRows(page).first().getByRole('link', { name: new RegExp(t.receiptOpen) }).click()
  const sheet = page.getByRole('article', { name: r.title })
  await expect(sheet.getByText(/^うち消費税（10%対象） ¥[\d,]+$/).first()).toBeVisible()
  await expect(sheet.getByText(/^登録番号：T\d{13}$/)).toBeVisible()
  await expect(page.getByRole('button', { name: r.print })).toBeVisible()

  // A ¥1,000 tip's receipt: the tax rounded down once on the total (docs/product.md "Receipts"):
  // 1,000 × 10 / 110 = 90.9… → ¥90, where rounding to the nearest would say ¥91.
  await page.goBack()
  await driver.states.ready(page, ctx)
  if ((await purchaseRows(page).count()) <= 20) await driver.events['more.load'](page, { type: 'more.load' }, ctx)
  const tip = purchaseRows(page).filter({ hasText: 'チップ 1,000円' }).first()
  await tip.getByRole('link', { name: new RegExp(t.receiptOpen) }).click()
  await expect(sheet.getByText('うち消費税（10%対象） ¥90').first()).toBeVisible()
  await expect(sheet.getByText('うち消費税（10%対象） ¥91')).toHaveCount(0)
})

test('the year filter offers 2023 to this year and shows the empty state', async ({ page }) => {
  const member = await createMember('fresh')
  await signIn(page, member, '/purchase-list')
  await expect(page.getByText(t.empty)).toBeVisible()
  const thisYear = new Date().getFullYear()
  const select = page.getByLabel(t.period)
  await expect(select.locator('option')).toHaveCount(1 + thisYear - 2023 + 1)
  await driver.events['period.change'](page, { type: 'period.change', period: '2023' }, ctx)
  await expect(page.getByText(t.empty)).toBeVisible()
})
