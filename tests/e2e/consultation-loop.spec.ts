import type { Page } from '@playwright/test'
import { menuText } from '../../src/text/menu'
import { ratingText } from '../../src/text/rating'
import { assignmentsText, consultantDayText, staffForbiddenText, staffLoginText } from '../../src/text/staff'
import { checkoutComplete, payOnSandbox } from './drivers/checkout'
import { ratingComplete } from './drivers/rating'
import {
  consultationCard,
  DEMO_CONSULTANT,
  DEMO_OPERATOR,
  expectAccessible,
  freeCandidates,
  grantConsultant,
  holderOf,
  noPreferenceCellBeside,
  reassign,
  recordCompleted,
  staffLogin,
  staffPage,
} from './drivers/staff'
import { apiUrl, createMember, expect, linkIn, signIn, test, waitForMail } from './fixtures'

// The consultation loop on the stack `npm start` serves: a member buys a SUPPORT ticket and books
// 指名なし → an operator sees who holds it and reassigns it → the new consultant sees it on their
// day (the first no longer does) and records 完了 → the member is mailed the rating link, opens it
// and rates. The demo consultant (さくら, STAFF-01) is one of the two consultants; the other gets a
// sign-in account from the operator's スタッフ権限 page on the way.

test.describe.configure({ timeout: 180_000 })

const SAKURA = 'さくら'

/** The booking's start moved to now (test route): an outcome is recorded once a consultation has started. */
async function startNow(ticketNumber: string) {
  const res = await fetch(`${apiUrl()}/api/__test/consultation-started`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ticketNumber }),
  })
  if (!res.ok) throw new Error(`moving the consultation to now failed: ${res.status} ${await res.text()}`)
}

/** The member's new reservation on home: its ticket number. */
async function bookedTicket(page: Page): Promise<string> {
  await page.goto('/')
  const card = page.getByRole('article').filter({ hasText: 'サポート予約済み' }).first()
  await expect(card).toBeVisible({ timeout: 20_000 })
  return (await card.getAttribute('data-ticket-number'))!
}

test('a 指名なし booking is reassigned by an operator, completed by the new consultant and rated by the member', async ({ page, browser, baseURL }) => {
  // The member: 60 minutes, 指名なし at a time さくら is free too, paid on the sandbox.
  const member = await createMember('fresh')
  await signIn(page, member, '/support/menu')
  await page.getByRole('link', { name: `60分サポートチケット：${menuText.buy}` }).click()
  await page.waitForURL(/\/support\/staff\?productId=SUPPORT-60/)
  await page.getByRole('button', { name: await noPreferenceCellBeside(page, SAKURA), exact: true }).click()
  await page.waitForURL(/\/buy\?productId=SUPPORT-60/)
  await payOnSandbox(page)
  await checkoutComplete(page, 'SUPPORT')
  const ticketNumber = await bookedTicket(page)
  // A member is no staff: the staff pages say so.
  await page.goto('/staff')
  await expect(page.getByRole('heading', { name: staffForbiddenText.title })).toBeVisible({ timeout: 20_000 })

  // The operator: sent to the staff login and back, sees the booking as 指名なし and who holds it.
  const operator = await staffPage(browser, baseURL!)
  await operator.goto('/staff/assignments')
  await expect(operator.getByLabel(staffLoginText.passwordLabel)).toBeVisible({ timeout: 20_000 })
  await expectAccessible(operator, '/staff/login')
  await staffLogin(operator, DEMO_OPERATOR)
  await expect(operator).toHaveURL(/\/staff\/assignments/)
  const held = await holderOf(operator, ticketNumber)
  await expectAccessible(operator, '/staff/assignments')
  await expect(held.row).toContainText(assignmentsText.noPreference)
  const firstNickname = (await held.row.getByRole('cell').nth(4).locator('div').first().innerText()).trim()

  // Whoever holds it, it moves to another consultant: to さくら, or away from さくら to a free one.
  const free = await freeCandidates(operator, ticketNumber)
  const toNickname = held.staffId === DEMO_CONSULTANT.staffId ? free.find((n) => n !== SAKURA)! : SAKURA
  expect(toNickname, `a free consultant besides ${firstNickname}`).toBeTruthy()
  await reassign(operator, ticketNumber, toNickname, '担当者の急な体調不良のため')
  const now = await holderOf(operator, ticketNumber)
  await expect(now.row).toContainText(toNickname)

  // The consultant who is not さくら gets a sign-in account for this test.
  // One address per consultant and stack: a retry of this test signs in with the account its first
  // try made (a staff row takes one consultant login, so a second grant would be refused).
  const otherStaffId = held.staffId === DEMO_CONSULTANT.staffId ? now.staffId : held.staffId
  const other = { email: `consultant-${otherStaffId.toLowerCase()}-${new URL(baseURL!).port}@example.com`, password: 'consult-pass-1' }
  await grantConsultant(operator, other.email, other.password, otherStaffId)
  const firstCreds = held.staffId === DEMO_CONSULTANT.staffId ? DEMO_CONSULTANT : other
  const newCreds = held.staffId === DEMO_CONSULTANT.staffId ? other : DEMO_CONSULTANT

  // The first consultant no longer has it on their day.
  const first = await staffPage(browser, baseURL!)
  await first.goto('/staff')
  await staffLogin(first, firstCreds)
  await expect(first.getByRole('heading', { name: consultantDayText.title, level: 1 })).toBeVisible({ timeout: 20_000 })
  await expect(consultationCard(first, ticketNumber)).toHaveCount(0)

  // The new consultant has it today, with what they need to call, and records 完了.
  const consultant = await staffPage(browser, baseURL!)
  await consultant.goto('/staff')
  await staffLogin(consultant, newCreds)
  const card = consultationCard(consultant, ticketNumber)
  await expect(card).toBeVisible({ timeout: 20_000 })
  await expect(card).toContainText('テスト 会員')
  await expectAccessible(consultant, '/staff (a consultant\'s day)')
  // Its time comes: the outcome is recorded once the consultation has started.
  await startNow(ticketNumber)
  await consultant.reload()
  await recordCompleted(consultant, ticketNumber)
  await expect(card).toContainText(consultantDayText.status.COMPLETED)

  // The member's mail carries the rating link; it opens the rating and the rating is sent.
  const mail = await waitForMail(member.email, (m) => `${m.text}${m.html}`.includes(`/rating?ticketNumber=${ticketNumber}`), 30_000)
  await page.goto(linkIn(mail))
  await expect(page.getByRole('heading', { name: ratingText.title })).toBeVisible({ timeout: 20_000 })
  await page.getByLabel(`${ratingText.overall} ${ratingText.star(5)}`).check({ force: true })
  await page.getByRole('button', { name: ratingText.submit }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: ratingText.confirm }).click()
  await ratingComplete(page)
})
