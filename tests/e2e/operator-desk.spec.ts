import { readFile } from 'node:fs/promises'
import type { Browser, Page } from '@playwright/test'
import { auditActionNames, auditFieldNames, auditRoleNames } from '../../contract/audit-names'
import { sandboxTestCards } from '../../contract/calls'
import { formatYen } from '../../contract/jst'
import { buyText } from '../../src/text/checkout'
import { deskAuditText, deskCommonText, deskConsultantText, deskCouponText, deskJobsText, deskMemberText, deskNoticeText, deskNumbersText, deskRefundText } from '../../src/text/desk'
import { deskNavText } from '../../src/text/desk-nav'
import { homeText } from '../../src/text/home'
import { purchaseListText } from '../../src/text/purchase-list'
import { assignmentsText, consultantDayText } from '../../src/text/staff'
import { checkoutComplete, checkoutDriver as d, ownSupportTicket } from './drivers/checkout'
import { couponSection } from './drivers/home'
import { purchaseTable } from './drivers/purchase-list'
import { DEMO_OPERATOR, staffLogin } from './drivers/staff'
import { apiUrl, createMember, expect, signIn, test } from './fixtures'

// The operator's desk as an operator uses it (src/routes/staff._desk.*), each journey ending in
// what a member sees and in the audit rows it left: a coupon made, claimed by its link and used at
// payment, then part of that payment refunded (shown in the member's history as product.md §4
// says); a notice published, seen on home, withdrawn; a consultant added (at 1280 and 390 px).

/** The operator at their own desk: a browser session of their own that may use the clipboard. */
async function operatorAt(browser: Browser, baseURL: string, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'ja-JP', timezoneId: 'Asia/Tokyo', permissions: ['clipboard-read', 'clipboard-write'] })
  const page = await context.newPage()
  await page.goto(path)
  await staffLogin(page, DEMO_OPERATOR)
  await page.waitForURL((url) => url.pathname === path)
  return page
}

/** 監査ログ filtered to one action on one target: the rows it shows. */
async function auditRows(page: Page, action: string, targetId: string) {
  await page.goto(`/staff/audit?action=${encodeURIComponent(action)}&targetId=${encodeURIComponent(targetId)}`)
  const table = page.getByRole('table', { name: deskAuditText.title })
  await expect(table).toHaveAttribute('aria-busy', 'false')
  return table.locator('tbody tr[data-action]')
}

/** Japan's date `days` from now as a date input takes it. */
const jstDay = (days: number) => new Date(Date.now() + 9 * 3600_000 + days * 86400_000).toISOString().slice(0, 10)

test('a coupon made at the desk is claimed by its link and used at payment; part of that payment is refunded', async ({ browser, baseURL, page }) => {
  // One journey across two people and a payment: longer than one page's test, never a fixed wait.
  test.setTimeout(180_000)
  const code = `E2E-${Date.now().toString(36).toUpperCase()}`
  const name = `運営テスト300円引き ${code}`
  const op = await operatorAt(browser, baseURL!, '/staff/coupons/new')

  // Step 1 refuses what the server would refuse, with the server's own words.
  await op.getByLabel(deskCouponText.code).fill('bad code!')
  await op.getByRole('button', { name: deskCommonText.next }).click()
  await expect(op.getByText('クーポンコードは半角英数字・ハイフン・アンダースコアの64文字以内で入力してください')).toBeVisible()
  await op.getByLabel(deskCouponText.code).fill(code)
  await op.getByLabel(deskCouponText.name).fill(name)
  await op.getByLabel(deskCouponText.discount).fill('300')
  await op.getByRole('button', { name: deskCommonText.next }).click()
  await op.getByText(`${deskCommonText.productTypes.ADD}（${deskCommonText.anyMinutes}）`).click()
  await op.getByLabel(deskCouponText.expire).fill(jstDay(30))
  await op.getByLabel(deskCouponText.claimLimit).fill('5')
  await op.getByRole('button', { name: deskCommonText.next }).click()
  await op.getByRole('button', { name: deskCouponText.submit }).click()
  await op.waitForURL((url) => url.pathname === `/staff/coupons/${code}`)

  // The claim link, copied with a visible confirmation.
  const link = op.getByTestId('claim-link')
  await expect(link).toHaveText(`${baseURL}/get-coupon?couponCode=${code}`)
  await op.getByRole('button', { name: deskCouponText.copyLink }).click()
  await expect(op.getByRole('status').filter({ hasText: deskCouponText.copied }).first()).toBeVisible()
  expect(await op.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/get-coupon?couponCode=${code}`)

  // The member opens the link, holds the coupon, and pays an extension with it.
  const member = await createMember('demo')
  await signIn(page, member, '/')
  await page.goto(`/get-coupon?couponCode=${code}`)
  await expect(couponSection(page).getByRole('listitem', { name })).toBeVisible({ timeout: 20_000 })
  const parent = await ownSupportTicket(page)
  await page.goto(`/buy?productId=ADD-30&parentTicketNumber=${parent}`)
  await d.states['ready.editing'](page)
  await d.events['card.change'](page, {})
  await d.events['holderName.change'](page, 'TARO YAMADA')
  await d.events['pay.submit'](page)
  await d.states.couponPrompt(page)
  await d.events['prompt.useCoupon'](page)
  await d.events['coupon.select'](page, { couponName: name })
  await expect(page.getByText(buyText.couponApplied)).toBeVisible()
  await d.events['pay.submit'](page)
  await checkoutComplete(page, 'ADD')

  // The desk sees the claim and the use.
  await op.reload()
  await expect(op.getByText(deskCouponText.summary(1, '5', 1))).toBeVisible()
  const claim = op.locator(`tr[data-member-id="${member.memberId}"]`)
  await expect(claim).toContainText(member.email)
  await expect(claim).not.toContainText(deskCouponText.notUsed)

  // Support finds the member by e-mail and refunds 100 yen of that payment; a double click sends it once.
  await op.goto(`/staff/members?q=${encodeURIComponent(member.email)}&by=EMAIL`)
  await op.getByRole('link', { name: member.memberId }).click()
  const purchase = op.getByRole('table', { name: deskMemberText.purchases }).locator('tbody tr[data-receipt-number]').first()
  await expect(purchase).toBeVisible({ timeout: 20_000 })
  const ticketNumber = (await purchase.getAttribute('data-ticket-number'))!
  const receiptNumber = (await purchase.getAttribute('data-receipt-number'))!
  await purchase.getByRole('button', { name: new RegExp(`^${deskMemberText.refund}：`) }).click()
  const dialog = op.getByRole('dialog')
  await dialog.getByText(deskRefundText.partial, { exact: true }).click()
  await dialog.getByLabel(deskRefundText.amount).fill('100')
  await dialog.getByLabel(deskRefundText.reason).fill('お客様都合による一部返金（E2E）')
  await dialog.getByRole('button', { name: deskRefundText.submit }).click()
  await expect(dialog.getByTestId('refund-amount')).toHaveText(formatYen(100))
  await dialog.getByRole('button', { name: deskRefundText.confirm }).dblclick()
  await expect(dialog.getByText(deskRefundText.doneBody(formatYen(100)))).toBeVisible({ timeout: 20_000 })
  await dialog.getByRole('button', { name: deskCommonText.close }).click()
  await expect(op.locator(`tr[data-receipt-number="${receiptNumber}"]`)).toContainText(formatYen(100))

  // The member's purchase history: 返金済み with the amount refunded (product.md §4 card label).
  await page.goto('/purchase-list')
  const row = purchaseTable(page).locator(`tr[data-ticket-number="${ticketNumber}"]`)
  await expect(row).toContainText(purchaseListText.refunded)
  await expect(row).toContainText(purchaseListText.refundedAmount(formatYen(100)))

  // The audit trail: the coupon's creation and exactly one refund, by the operator.
  await expect(await auditRows(op, 'coupon-create', code)).toHaveCount(1)
  await expect((await auditRows(op, 'coupon-create', code)).first()).toContainText(DEMO_OPERATOR.email)
  await expect(await auditRows(op, 'refund', receiptNumber)).toHaveCount(1)
  await op.context().close()
})

test('a notice published at the desk is on the member’s home until it is withdrawn', async ({ browser, baseURL, page }) => {
  test.setTimeout(120_000)
  const text = `年末年始の営業についてのお知らせ（E2E ${Date.now().toString(36)}）`
  const title = `年末年始の営業 ${Date.now().toString(36)}`
  const op = await operatorAt(browser, baseURL!, '/staff/notices/new')
  await op.getByLabel(deskNoticeText.noticeTitle).fill(title)
  // Two paragraphs, a line break, a link to another site, a path of ours, and a script URL that must stay text.
  await op.getByLabel(deskNoticeText.content).fill(`${text}\n詳しくは https://example.com/info をご覧ください。\n\nクーポンは /get-coupon?couponCode=E2E-NOTICE から。javascript:alert(1)`)
  await op.getByRole('button', { name: deskNoticeText.submit }).click()
  await op.getByRole('alertdialog').getByRole('button', { name: deskNoticeText.confirm }).click()
  await op.waitForURL((url) => url.pathname === '/staff/notices')
  const listed = op.locator('tr[data-notice-id]').filter({ hasText: text })
  await expect(listed).toContainText(deskNoticeText.states.PUBLISHED)
  const noticeId = (await listed.getAttribute('data-notice-id'))!

  const member = await createMember('fresh')
  await signIn(page, member, '/')
  const information = page.getByRole('region', { name: homeText.notices.information, exact: true })
  await expect(information.getByText(text)).toBeVisible({ timeout: 20_000 })
  // The title as its heading, the paragraphs kept, links where the text names one (1280 px, then 390 px).
  const notice = information.locator('li[data-notice]').filter({ hasText: text })
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 })
    await expect(notice.getByRole('heading', { name: title })).toBeVisible()
    await expect(notice.locator('[data-notice-paragraph]')).toHaveCount(2)
    const outside = notice.getByRole('link', { name: 'https://example.com/info' })
    await expect(outside).toHaveAttribute('target', '_blank')
    await expect(outside).toHaveAttribute('rel', 'noopener noreferrer')
    await expect(notice.getByRole('link', { name: '/get-coupon?couponCode=E2E-NOTICE' })).toHaveAttribute('href', '/get-coupon?couponCode=E2E-NOTICE')
    await expect(notice.getByRole('link')).toHaveCount(2)
    await expect(notice).toContainText('javascript:alert(1)')
    const box = (await notice.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(width)
  }

  await listed.getByRole('link').click()
  await op.getByRole('button', { name: deskNoticeText.withdraw }).click()
  await op.getByRole('alertdialog').getByRole('button', { name: deskNoticeText.withdraw }).click()
  await op.waitForURL((url) => url.pathname === '/staff/notices')
  await expect(op.locator(`tr[data-notice-id="${noticeId}"]`)).toContainText(deskNoticeText.states.WITHDRAWN)
  await page.reload()
  await expect(page.getByRole('region', { name: homeText.notices.information, exact: true })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText(text)).toHaveCount(0)

  await expect(await auditRows(op, 'notice-create', noticeId)).toHaveCount(1)
  await expect(await auditRows(op, 'notice-withdraw', noticeId)).toHaveCount(1)
  // The trail at 390 px reads Japanese: the action's name, the fields by name, no codes; the raw
  // record one click away; every column (操作 included) inside the screen.
  await op.setViewportSize({ width: 390, height: 844 })
  const created = (await auditRows(op, 'notice-create', noticeId)).first()
  await expect(created).toContainText(auditActionNames['notice-create'])
  await expect(created).toContainText(`${auditFieldNames.title}：${title}`)
  await expect(created).toContainText(`${auditFieldNames.kind}：${deskNoticeText.kinds.INFORMATION}`)
  await expect(created).toContainText(auditRoleNames.operator)
  await expect(created).not.toContainText('INFORMATION', { useInnerText: true })
  await expect(created).not.toContainText('notice-create', { useInnerText: true })
  for (const cell of await created.locator('td').all()) {
    const box = (await cell.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(390)
  }
  await created.getByText(deskAuditText.showRaw).click()
  await expect(created).toContainText('"kind": "INFORMATION"', { useInnerText: true })
  await op.context().close()
})

test('an operator adds a consultant with the address their mails go to; on a phone the page still fits', async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  const nickname = `はるか${Date.now().toString(36).slice(-4)}`
  const op = await operatorAt(browser, baseURL!, '/staff/consultants')
  await op.setViewportSize({ width: 1280, height: 900 })
  await op.getByRole('link', { name: deskConsultantText.add }).click()
  await op.waitForURL((url) => url.pathname === '/staff/consultants/new')
  await expect(op.getByRole('heading', { level: 1, name: deskConsultantText.newTitle })).toBeVisible()
  await op.getByLabel(deskConsultantText.nickname).fill(nickname)
  await op.getByLabel(deskConsultantText.age).fill('27')
  await op.getByLabel(deskConsultantText.gender).selectOption('FEMALE')
  // Not an address: the form says so and sends nothing.
  await op.getByLabel(deskConsultantText.email).fill('haruka@')
  await op.getByRole('button', { name: deskConsultantText.addSubmit }).click()
  await expect(op.getByText('メールアドレス形式で入力してください')).toBeVisible()
  await op.getByLabel(deskConsultantText.email).fill('haruka-e2e@staff.example.com')
  await op.getByLabel(deskConsultantText.sortOrder).fill('90')
  // Added switched off: the shared stack's grid stays as the other tests expect it.
  await op.getByText(deskConsultantText.activeLabel).click()
  await op.getByRole('button', { name: deskConsultantText.addSubmit }).click()

  await op.waitForURL((url) => /^\/staff\/consultants\/STAFF-[0-9A-F]{6}$/.test(url.pathname))
  const staffId = new URL(op.url()).pathname.split('/').pop()!
  const added = op.getByRole('status').filter({ hasText: deskConsultantText.added })
  await expect(added).toBeVisible()
  await expect(op.getByRole('heading', { level: 1, name: deskConsultantText.editTitle(nickname) })).toBeVisible()
  await expect(op.getByLabel(deskConsultantText.email)).toHaveValue('haruka-e2e@staff.example.com')
  // On a phone: the same page, nothing wider than the screen.
  await op.setViewportSize({ width: 390, height: 844 })
  await expect(added).toBeVisible()
  await op.getByLabel(deskConsultantText.email).scrollIntoViewIfNeeded()
  await expect(op.getByLabel(deskConsultantText.email)).toBeVisible()
  expect(await op.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)

  await op.setViewportSize({ width: 1280, height: 900 })
  await op.goto('/staff/consultants')
  const row = op.getByRole('row').filter({ hasText: nickname })
  await expect(row).toContainText(deskConsultantText.inactive)
  await expect((await auditRows(op, 'consultant-create', staffId)).first()).toContainText(DEMO_OPERATOR.email)
  await op.context().close()
})

/** A member's API bearer: signed in on the Auth Emulator as the app does. */
async function memberBearer(email: string, password: string): Promise<string> {
  const host = process.env.MYPAGE_AUTH_EMULATOR_HOST
  const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password, returnSecureToken: true }),
  })
  const body = (await res.json()) as { idToken?: string }
  if (!body.idToken) throw new Error(`sign-in failed for ${email}`)
  return body.idToken
}

/**
 * A paid booking of 60 minutes set up through the API (the purchase itself is another test's): the
 * first free cell two days ahead, a sandbox card that passed 3-D Secure, the charge.
 */
async function bookThroughApi(email: string, password: string): Promise<{ ticketNumber: string }> {
  const bearer = await memberBearer(email, password)
  const api = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(`${apiUrl()}/api/${path}`, { ...init, headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', ...init.headers } })
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
    return res.json() as Promise<T>
  }
  const dt = jstDay(2).replaceAll('-', '')
  const schedule = await api(`reservation-schedule?dt=${dt}&minutesToSupport=60`)
  const staff = (schedule.staffSchedules as T[]).find((s) => Object.values(s.schedules).some(Boolean))!
  const slot = Object.entries(staff.schedules as Record<string, boolean>).find(([, free]) => free)![0]
  const token = await api('sandbox/tokens', { method: 'POST', body: JSON.stringify({ number: sandboxTestCards.approved, expMonth: 12, expYear: 2030, cvc: '123', name: 'TARO YAMADA' }) })
  if (token.threeDSecure === 'required') {
    await fetch(`${apiUrl()}/sandbox/3ds/${token.tokenId}/approve`, { method: 'POST', body: new URLSearchParams({ return_url: '/buy' }) })
  }
  return (await api('charge', {
    method: 'POST',
    headers: { 'Idempotency-Key': `e2e-truth-${Date.now()}` },
    body: JSON.stringify({
      productId: 'SUPPORT-60', cardId: '', cardToken: token.tokenId, saveCard: false, staffId: staff.staffId,
      reservationTime: `SUPPORT-${schedule.selectDate}-${slot}`, supportType: 'TEL', reservationMenuList: [], counsellingComment: '', contactDevice: 'PC', contactOs: 'WINDOWS', remoteSupport: 'WISH',
    }),
  })) as { ticketNumber: string }
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads arbitrary JSON
type T = Record<string, any>

test('a partial refund of a booking says it cancels the booking, 割り当て marks it refunded at 1280 and 390 px, 数字 of the day counts it', async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  const member = await createMember('fresh')
  const { ticketNumber } = await bookThroughApi(member.email, member.password)
  const op = await operatorAt(browser, baseURL!, `/staff/members/${member.memberId}`)

  // Before the confirmation, the dialog says the booking is cancelled by any refund (docs/product.md §4).
  const purchase = op.locator(`tr[data-ticket-number="${ticketNumber}"][data-receipt-number]`)
  await purchase.getByRole('button', { name: new RegExp(`^${deskMemberText.refund}：`) }).click()
  const dialog = op.getByRole('dialog')
  await expect(dialog.getByTestId('refund-booking-notice')).toContainText('は取り消され、枠は空きに戻ります')
  await dialog.getByText(deskRefundText.partial, { exact: true }).click()
  await dialog.getByLabel(deskRefundText.amount).fill('1000')
  await dialog.getByLabel(deskRefundText.reason).fill('一部返金（E2E）')
  await dialog.getByRole('button', { name: deskRefundText.submit }).click()
  await expect(dialog.getByTestId('refund-booking-notice')).toBeVisible()
  await dialog.getByRole('button', { name: deskRefundText.confirm }).click()
  // Done: the figures after the refund, and the booking said cancelled.
  await expect(dialog.getByText(deskRefundText.doneBody(formatYen(1000)))).toBeVisible({ timeout: 20_000 })
  await expect(dialog.getByTestId('refund-total')).toHaveText(formatYen(1000))
  await expect(dialog.getByTestId('refund-booking-cancelled')).toBeVisible()
  await dialog.getByRole('button', { name: deskCommonText.close }).click()
  await expect(op.locator(`tr[data-ticket-number="${ticketNumber}"]:not([data-receipt-number])`)).toContainText(deskMemberText.refundedStatus)

  // 割り当て: the booking is marked 返金済み, never 未対応, and offers no 担当を変更.
  for (const width of [1280, 390]) {
    await op.setViewportSize({ width, height: 900 })
    await op.goto('/staff/assignments')
    const row = op.locator(`tr[data-ticket-number="${ticketNumber}"]`)
    await expect(row).toHaveAttribute('data-state', 'refunded', { timeout: 20_000 })
    await expect(row.locator('[data-state="refunded"]')).toHaveText(consultantDayText.ended.refunded)
    await expect(row.getByRole('button', { name: new RegExp(assignmentsText.reassign) })).toHaveCount(0)
    await row.scrollIntoViewIfNeeded()
    await expect(row.locator('[data-state="refunded"]')).toBeInViewport()
  }

  // 数字 of today holds this purchase and its refund: the page shows the figures the server
  // answered, and the refunds CSV of the day is a UTF-8 file with its BOM that lists this refund.
  await op.setViewportSize({ width: 1280, height: 900 })
  const answer = op.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/desk-numbers') && r.ok())
  await op.goto(`/staff/numbers?from=${jstDay(0)}&to=${jstDay(0)}`)
  const n = (await (await answer).json()) as T
  const support60 = (n.sales.rows as T[]).find((r) => r.productName === '60分サポートチケット')!
  expect(support60.count).toBeGreaterThanOrEqual(1)
  expect(support60.refunds).toBeGreaterThanOrEqual(1000)
  const byProduct = op.getByRole('table', { name: deskNumbersText.salesByProduct }).locator('tbody tr').filter({ hasText: '60分サポートチケット' })
  await expect(byProduct).toContainText(formatYen(support60.refunds))
  await expect(byProduct).toContainText(formatYen(support60.net))
  await expect(op.getByRole('table', { name: deskNumbersText.salesByType }).locator('tfoot')).toContainText(formatYen(n.sales.total.net))
  const download = op.waitForEvent('download')
  await op.getByRole('button', { name: deskNumbersText.exports.refunds }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe(`refunds-${jstDay(0).replaceAll('-', '')}-${jstDay(0).replaceAll('-', '')}.csv`)
  const bytes = await readFile((await file.path())!)
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  expect(bytes.toString('utf8')).toContain('一部返金（E2E）')
  await op.context().close()
})

test('失敗したジョブ: the server runs its jobs due now through the test route, and the operator’s list shows none failed', async ({ browser, baseURL }) => {
  const res = await fetch(`${apiUrl()}/api/__test/jobs/run-due`, { method: 'POST' })
  expect(res.status).toBe(200)
  const { runs } = (await res.json()) as { runs: { name: string; state: string }[] }
  expect(runs.filter((r) => r.state !== 'completed')).toEqual([])
  const op = await operatorAt(browser, baseURL!, '/staff/jobs')
  await expect(op.getByRole('heading', { level: 1, name: deskJobsText.title })).toBeVisible()
  await expect(op.getByRole('navigation').getByRole('link', { name: deskNavText.jobs })).toBeVisible()
  await expect(op.getByText(deskJobsText.empty)).toBeVisible()
})
