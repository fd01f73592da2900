import type { Page } from '@playwright/test'
import { chromiumArgs } from '../../playwright.config'
import { homeText } from '../../src/text/home'
import { menuText } from '../../src/text/menu'
import { ratingText } from '../../src/text/rating'
import { roomText } from '../../src/text/room'
import { assignmentsText, consultantDayText, outcomeText, staffCommonText, staffForbiddenText, staffLoginText } from '../../src/text/staff'
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
// The late member's test enters the online room, whose device check needs a camera and a
// microphone: the config's Chromium with its fake ones, no prompt (as tests/e2e/room.spec.ts).
test.use({ launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...chromiumArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] } })

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

// A late member after ご連絡なし (decision 120), on the same stack: the consultant records ご連絡なし
// while the member is late; the member's card still offers 「オンライン相談に入る」 and the mail
// says how to join; the member opens the room's link and is admitted (the device check, then in by
// voice); the consultant's day, reading itself again (decision 121), shows them in the room; the
// consultant records 完了 and the member's card, reading itself again, follows. The consultant's
// page runs on a moved clock (Playwright's), whose refresh timer the test fires; the member's home
// is left to its own 30-second refresh (its start draws it before the app, decision 103, and a
// faked clock would hold its hand-over to the app, and the page on screen reads itself again either
// way), which the expectations wait for, never a fixed sleep.
test.describe('a late member after ご連絡なし', () => {
  /** Longer than the day's refresh (20 s): it fires once. */
  const REFRESH = 60_000
  /** Longer than the home's refresh (30 s) and its hand-over to the app (5 s): moved on the member page's clock. */
  const HOME_REFRESH = 40_000

  test('ご連絡なし while the member is late: the card and the mail still let them in, the consultant sees them and records 完了, the card follows', async ({ browser, baseURL }) => {
    // The member: a demo member's booking, moved to now with the demo consultant as an ONLINE one.
    const member = await createMember('demo')
    const memberContext = await browser.newContext({ baseURL, permissions: ['camera', 'microphone'] })
    const m = await memberContext.newPage()
    // The member's page runs on Playwright's clock (time flows as usual), so the test moves it past
    // the home's refresh instead of waiting for it.
    await m.clock.install()
    await signIn(m, member, '/')
    const booked = m.getByRole('article').filter({ hasText: homeText.labels.reserved }).first()
    await expect(booked).toBeVisible({ timeout: 20_000 })
    const ticketNumber = (await booked.getAttribute('data-ticket-number'))!
    const moved = await fetch(`${apiUrl()}/api/__test/consultation-started`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ticketNumber, staffId: DEMO_CONSULTANT.staffId, supportType: 'ONLINE', underWay: true }),
    })
    expect(moved.status).toBe(200)
    const start = Date.parse(((await moved.json()) as { reservationAt: string }).reservationAt)
    await m.reload()
    const card = m.locator(`article[data-ticket-number="${ticketNumber}"]`)
    await expect(card.getByRole('link', { name: roomText.enter })).toBeVisible({ timeout: 20_000 })

    // The consultant, 11 minutes into the consultation (ご連絡なし opens at 10), on its page's clock
    // and the server's (the test clock of decision 81, per request).
    const at = new Date(Math.max(Date.now(), start + 11 * 60_000))
    const consultant = await staffPage(browser, baseURL!)
    await consultant.clock.install({ time: at })
    await consultant.route('**/api/**', (route) => route.continue({ headers: { ...route.request().headers(), 'x-test-now': at.toISOString() } }))
    await consultant.goto('/staff')
    await staffLogin(consultant, DEMO_CONSULTANT)
    const c = consultationCard(consultant, ticketNumber)
    await expect(c).toBeVisible({ timeout: 20_000 })
    await c.getByRole('button', { name: consultantDayText.recordOutcome }).click()
    await c.getByRole('radio', { name: outcomeText.outcomes.NO_CONTACT }).check()
    await c.getByRole('button', { name: outcomeText.next }).click()
    await c.getByRole('button', { name: outcomeText.confirm }).click()
    await expect(c.getByText(outcomeText.saved)).toBeVisible({ timeout: 20_000 })
    await c.getByRole('button', { name: staffCommonText.close }).click()

    // The member's card reads it on its own: ご連絡なし, and still the room's button with until when.
    await m.clock.fastForward(HOME_REFRESH)
    await expect(card).toContainText(homeText.labels.noContact, { timeout: 20_000 })
    await expect(card.getByRole('link', { name: roomText.enter })).toBeVisible()
    await expect(card.getByTestId('room-late')).toBeVisible()

    // The mail says the room still admits them, and where.
    const mail = await waitForMail(member.email, (x) => x.subject.includes('ご連絡がとれませんでした') && x.text.includes(ticketNumber), 60_000)
    expect(mail.text).toContain('までは、今からでも次のページからオンライン相談にお入りいただけます。')
    expect(mail.text).toContain(`/room/${ticketNumber}`)

    // The member opens the mail's link (a second tab) and is admitted: the device check, then in.
    const room = await memberContext.newPage()
    await room.goto(linkIn(mail))
    await expect(room).toHaveURL(new RegExp(`/room/${ticketNumber}$`))
    await expect(room.getByRole('meter', { name: roomText.level })).toBeVisible({ timeout: 20_000 })
    await room.getByRole('button', { name: roomText.joinVoice }).click()

    // The consultant's day reads itself again and shows the member in the room.
    await expect.poll(async () => {
      await consultant.clock.fastForward(REFRESH)
      return c.getByTestId('member-in-room').count()
    }, { timeout: 30_000 }).toBe(1)
    await expect(c.getByTestId('room-stays')).toContainText(roomText.stayWho.member)

    // The desk sees the stay too, on a phone's 390 px, nothing wider than the screen: 今日の状況's
    // chip, 予約 and 会員詳細 (Japan time, 入室).
    const operator = await staffPage(browser, baseURL!)
    await operator.setViewportSize({ width: 390, height: 844 })
    await operator.goto('/staff/today')
    await staffLogin(operator, DEMO_OPERATOR)
    await expect(operator.locator(`#desk-board-today [data-ticket-number="${ticketNumber}"]`).getByTestId('chip-room-stay')).toContainText('会員入室', { timeout: 20_000 })
    const fitsThePhone = () => operator.evaluate(() => document.documentElement.scrollWidth)
    expect(await fitsThePhone()).toBeLessThanOrEqual(390)
    for (const path of [`/staff/bookings?member=${ticketNumber}`, `/staff/members/${member.memberId}`]) {
      await operator.goto(path)
      await expect(operator.getByTestId('room-stays').filter({ hasText: `${roomText.stayWho.member}：` }).first()).toContainText('入室', { timeout: 20_000 })
      expect(await fitsThePhone(), path).toBeLessThanOrEqual(390)
    }
    await operator.context().close()

    // 完了 over ご連絡なし.
    await c.getByRole('button', { name: consultantDayText.recordOutcome }).click()
    await c.getByRole('radio', { name: outcomeText.outcomes.COMPLETED }).check()
    await c.getByLabel(outcomeText.minutesLabel).fill('5')
    await c.getByRole('button', { name: outcomeText.next }).click()
    await c.getByRole('button', { name: outcomeText.confirm }).click()
    await expect(c.getByText(outcomeText.saved)).toBeVisible({ timeout: 20_000 })

    // The member's home, left open, follows at its next refresh: サポート完了 alone, no room button.
    await m.clock.fastForward(HOME_REFRESH)
    await expect(card).toContainText(homeText.labels.completed, { timeout: 20_000 })
    await expect(card).not.toContainText(homeText.labels.noContact)
    await expect(card.getByRole('link', { name: roomText.enter })).toHaveCount(0)
    await memberContext.close()
    await consultant.context().close()
  })
})
