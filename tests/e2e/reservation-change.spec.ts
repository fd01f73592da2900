import { createMember, expect, signIn, test } from './fixtures'
import { findOtherConsultantCell, reservationChangeDriver as d } from './drivers/reservation-change'
import type { FlowContext } from './drivers/flow-driver'

const ctx: FlowContext = { account: { email: '', password: '' }, startRoute: '/', vars: {} }

// Change a reservation to another consultant and see the new time on home.
test('the demo member moves a reservation to another consultant', async ({ page }) => {
  const member = await createMember('demo')
  await signIn(page, member, '/')
  const card = page.locator('article').filter({ has: page.getByRole('link', { name: '予約を変更する' }) }).first()
  await expect(card).toBeVisible()
  const ticketNumber = await card.getAttribute('data-ticket-number')
  const before = (await card.textContent()) ?? ''
  const currentStaff = /担当相談員: ([^／\s]+)/.exec(before)?.[1] ?? ''
  await card.getByRole('link', { name: '予約を変更する' }).click()
  await page.waitForURL(/\/support\/reservation-date-change\?ticketNumber=/)
  await d.states['choosing.idle'](page, ctx)

  const { cellName, ymd } = await findOtherConsultantCell(page, currentStaff)
  const [time, staff] = cellName.split(' ')
  await page.getByRole('button', { name: cellName, exact: true }).click()
  await d.states['choosing.confirming'](page, ctx)
  await expect(page.getByRole('alertdialog')).toContainText(staff)
  await d.events['modal.confirm'](page, { type: 'modal.confirm' }, ctx)
  await d.states.toComplete(page, ctx)

  await page.getByRole('link', { name: 'ホームへ戻る' }).click()
  const moved = page.locator(`article[data-ticket-number="${ticketNumber}"]`)
  const day = `${Number(ymd.slice(4, 6))}月${Number(ymd.slice(6, 8))}日`
  await expect(moved).toContainText(day)
  await expect(moved).toContainText(time)
  await expect(moved).toContainText(staff)
})

test('the confirm modal can be closed without changing anything', async ({ page }) => {
  const member = await createMember('demo')
  await signIn(page, member, '/')
  await page.getByRole('link', { name: '予約を変更する' }).first().click()
  await d.states['choosing.idle'](page, ctx)
  const { cellName } = await findOtherConsultantCell(page, '')
  await page.getByRole('button', { name: cellName, exact: true }).click()
  await d.states['choosing.confirming'](page, ctx)
  await d.events['modal.cancel'](page, { type: 'modal.cancel' }, ctx)
  await d.states['choosing.idle'](page, ctx)
  await expect(page).toHaveURL(/reservation-date-change/)
})

test('without ticketNumber or productId the page sends the member to the menu', async ({ page }) => {
  const member = await createMember('demo')
  await signIn(page, member, '/support/reservation-date-change')
  await d.states.toMenu(page, ctx)
})
