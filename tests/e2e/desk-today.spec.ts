import type { Page } from '@playwright/test'
import { deskMemberText, deskTodayText } from '../../src/text/desk'
import { DEMO_OPERATOR, expectAccessible, staffLogin, staffPage } from './drivers/staff'
import { apiUrl, createMember, expect, test } from './fixtures'

// An operator runs the day from the desk (docs/product.md §10 "The operator's desk"): /staff opens on
// 今日の状況 with today's consultations on each consultant's row, and a member is found by a kana
// name typed in hiragana although it was stored in katakana — at 1280 px and at 390 px.

/** A katakana name of its own for this run (signup stores names as typed; there is no kana field). */
const KATAKANA = 'アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワ'
const uniqueKatakana = (n: number) => Array.from({ length: n }, () => KATAKANA[Math.floor(Math.random() * KATAKANA.length)]).join('')
const toHiragana = (s: string) => s.replace(/[\u30a1-\u30f6]/g, (c) => String.fromCodePoint(c.codePointAt(0)! - 0x60))

/** The member's own profile call (user-update) with a token from the Auth Emulator: the name the desk will search. */
async function rename(creds: { email: string; password: string }, memberLastname: string, memberFirstname: string) {
  const host = process.env.MYPAGE_AUTH_EMULATOR_HOST
  if (!host) throw new Error('MYPAGE_AUTH_EMULATOR_HOST is not set: run against the e2e stack (tests/e2e/global-setup.ts)')
  const signIn = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: creds.email, password: creds.password, returnSecureToken: true }),
  })
  const { idToken } = (await signIn.json()) as { idToken: string }
  const res = await fetch(`${apiUrl()}/api/user-update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ memberLastname, memberFirstname, phoneNumber: '09000000000' }),
  })
  if (!res.ok) throw new Error(`user-update: ${res.status} ${await res.text()}`)
  return idToken
}

/**
 * The member's reservation nearest ahead, as the member's own home reads it (user-data): the
 * fixture books it with STAFF-02 when that cell is free, else with whoever works then, so the
 * board is checked against the ticket rather than a fixed consultant.
 */
async function nextReservation(idToken: string) {
  const res = await fetch(`${apiUrl()}/api/user-data?data=MEMBER_SUPPORT_TICKET`, { headers: { authorization: `Bearer ${idToken}` } })
  if (!res.ok) throw new Error(`user-data: ${res.status} ${await res.text()}`)
  const { supportTicketList = [] } = (await res.json()) as { supportTicketList?: Array<{ ticketNumber: string; supportStatus: string; reservationUnixTime: number | null; staff: { staffId: string } | null }> }
  const now = Date.now() / 1000
  const ahead = supportTicketList
    .filter((t) => t.supportStatus === 'UNSUPPORTED' && t.staff && t.reservationUnixTime !== null && t.reservationUnixTime > now)
    .sort((a, b) => a.reservationUnixTime! - b.reservationUnixTime!)
  if (!ahead[0]) throw new Error('the demo fixture booked no consultation ahead')
  const next = { ticketNumber: ahead[0].ticketNumber, staffId: ahead[0].staff!.staffId }
  // Outside working hours the fixture holds no consultation within 30 minutes, and its next one is
  // days ahead, past the board's today and tomorrow: it is moved onto today's board (test route),
  // with the same consultant.
  const endOfTomorrowJst = (Math.floor((now + 9 * 3600) / 86_400) + 2) * 86_400 - 9 * 3600
  if (ahead[0].reservationUnixTime! >= endOfTomorrowJst) {
    const moved = await fetch(`${apiUrl()}/api/__test/consultation-started`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ticketNumber: next.ticketNumber }),
    })
    if (!moved.ok) throw new Error(`moving the consultation onto today's board failed: ${moved.status} ${await moved.text()}`)
  }
  return next
}

/** No part of the page is wider than the window (the tables became cards). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
}

test("the operator's landing shows today's consultations; a member is found by a kana name (1280 and 390 px)", async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  // The demo fixture holds a consultation in the next 30-minute cell: on today's board or, just
  // before midnight, on tomorrow's, on the row of the consultant it was booked with.
  const member = await createMember('demo')
  const last = uniqueKatakana(5)
  const booked = await nextReservation(await rename(member, last, 'ハナコ'))
  const shown = `${last} ハナコ`

  const op = await staffPage(browser, baseURL!)
  await op.setViewportSize({ width: 1280, height: 900 })
  await op.goto('/staff')
  await staffLogin(op, DEMO_OPERATOR)
  // An operator who is no consultant lands on the glance.
  await op.waitForURL((url) => url.pathname === '/staff/today')
  await expect(op.getByRole('heading', { level: 1, name: deskTodayText.title })).toBeVisible()
  const chip = op.locator('section[id^="desk-board-"] li[data-ticket-number]').filter({ hasText: shown })
  await expect(chip).toHaveCount(1, { timeout: 20_000 })
  await expect(chip).toHaveAttribute('data-ticket-number', booked.ticketNumber)
  await expect(chip).toHaveAttribute('data-status', 'UNSUPPORTED')
  await expect(chip).toContainText('未対応')
  await expect(chip.locator('xpath=ancestor::li[@data-staff-id]')).toHaveAttribute('data-staff-id', booked.staffId)
  await expectAccessible(op, '今日の状況')

  // 会員: the katakana name typed in hiragana, 姓 and 名 with a full-width space.
  const query = `${toHiragana(last)}\u3000はなこ`
  await op.goto(`/staff/members`)
  await op.getByLabel(deskMemberText.query).fill(query)
  await op.getByRole('button', { name: '検索' }).click()
  await expect(op).toHaveURL(/\/staff\/members\?q=/)
  const row = op.getByRole('table', { name: deskMemberText.title }).locator(`tbody tr[data-member-id="${member.memberId}"]`)
  await expect(row).toContainText(shown)
  await expect(row).toContainText(member.email)

  // 390 px: the same page and the glance, as cards, nothing wider than the phone.
  await op.setViewportSize({ width: 390, height: 844 })
  const card = op.locator(`ul li[data-member-id="${member.memberId}"]`)
  await expect(card).toBeVisible()
  await expect(card).toContainText(shown)
  await expect(card.getByRole('link', { name: member.memberId })).toBeVisible()
  await expectNoSidewaysScroll(op)
  await op.goto('/staff/today')
  await expect(chip).toBeVisible({ timeout: 20_000 })
  await expect(chip).toContainText('未対応')
  await expectNoSidewaysScroll(op)
  await chip.getByRole('link').click()
  await op.waitForURL((url) => url.pathname === `/staff/members/${member.memberId}`)
})
