import type { Page } from '@playwright/test'
import { homeText } from '../../src/text/home'
import { menuText } from '../../src/text/menu'
import { checkoutComplete, payOnSandbox } from './drivers/checkout'
import { DEMO_OPERATOR, noPreferenceCellBeside, staffLogin, staffPage } from './drivers/staff'
import { apiUrl, createMember, expect, type Mail, maildevUrl, signIn, test, waitForMail } from './fixtures'

// What happens on its own between a booking and after it, on the stack `npm start` serves, with
// the time moved per request (server/infra/test-clock.ts, docs/decisions.md 81) so the tests
// beside it keep the real time: a member books → the hour-before reminder arrives with the
// booking's calendar file → the consultation ends with no outcome → the consultant is asked to
// record it → the member tells us from the card that no call came → after the grace period the
// desk lists it as overdue and shows the report.

test.describe.configure({ timeout: 180_000 })

const HOUR = 3_600_000
const iso = (ms: number) => new Date(ms).toISOString()
const jstYmd = (ms: number) => new Date(ms + 9 * HOUR).toISOString().slice(0, 10)

/** The jobs due at `at` run now, at that time (the test route of decision 81). */
async function runJobsAt(at: number) {
  const res = await fetch(`${apiUrl()}/api/__test/jobs/run-due`, { method: 'POST', headers: { 'x-test-now': iso(at) } })
  if (!res.ok) throw new Error(`run-due failed: ${res.status} ${await res.text()}`)
}

/** The page lives at `at`: its clock, and every API call it makes. */
async function liveAt(page: Page, at: number) {
  await page.clock.setFixedTime(new Date(at))
  await page.unroute('**/api/**').catch(() => {})
  await page.route('**/api/**', (route) => route.continue({ headers: { ...route.request().headers(), 'x-test-now': iso(at) } }))
}

/** The mail's `invite.ics` as maildev stored it. */
async function inviteOf(mail: Mail & { attachments?: { generatedFileName: string; fileName?: string }[] }): Promise<string> {
  const file = mail.attachments?.find((a) => (a.fileName ?? a.generatedFileName).endsWith('.ics'))
  expect(file, `an .ics attachment on "${mail.subject}"`).toBeTruthy()
  const res = await fetch(`${maildevUrl()}/email/${mail.id}/attachment/${encodeURIComponent(file!.generatedFileName)}`)
  return (await res.text()).replace(/\r\n[ \t]/g, '')
}

/** "ご予約日時: 2026年11月29日 14:00" (Japan time) → epoch ms. */
function bookedAt(mail: Mail): number {
  const m = /ご予約日時: (\d{4})年(\d{1,2})月(\d{1,2})日 (\d{2}):(\d{2})/.exec(mail.text)
  if (!m) throw new Error(`no reservation time in "${mail.subject}"`)
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]) - 9, Number(m[5]))
}

test('a booking is reminded with its calendar file; unrecorded, it is reported by the member and listed as overdue on the desk', async ({ page, browser, baseURL }) => {
  // The member books 60 minutes, 指名なし, and pays on the sandbox.
  const member = await createMember('fresh')
  await signIn(page, member, '/support/menu')
  await page.getByRole('link', { name: `60分サポートチケット：${menuText.buy}` }).click()
  await page.waitForURL(/\/support\/staff\?productId=SUPPORT-60/)
  await page.getByRole('button', { name: await noPreferenceCellBeside(page, 'さくら'), exact: true }).click()
  await page.waitForURL(/\/buy\?productId=SUPPORT-60/)
  await payOnSandbox(page)
  await checkoutComplete(page, 'SUPPORT')

  // The purchase mail names the time and carries the invite.
  const bought = await waitForMail(member.email, (m) => m.subject.includes('ご購入ありがとうございます'), 30_000)
  const ticketNumber = /チケット番号: (\S+)/.exec(bought.text)![1]
  const start = bookedAt(bought)
  const purchaseInvite = await inviteOf(bought)
  expect(purchaseInvite).toContain('METHOD:REQUEST')
  expect(purchaseInvite).toContain(`UID:${ticketNumber}.booking@mypage`)

  // 50 minutes before: the reminder, with the same event.
  await runJobsAt(start - 50 * 60_000)
  const soon = await waitForMail(member.email, (m) => m.subject.includes('まもなくご予約の時間です'), 30_000)
  expect(soon.text).toContain(ticketNumber)
  const reminderInvite = await inviteOf(soon)
  expect(reminderInvite).toContain(`UID:${ticketNumber}.booking@mypage`)
  expect(reminderInvite).toContain(`DTSTART:${iso(start).replace(/[-:]/g, '').replace('.000', '')}`)

  // Half an hour after its end, nothing recorded: its consultant is asked to record the outcome.
  await runJobsAt(start + 90 * 60_000)
  await expect.poll(async () => {
    const mails = (await (await fetch(`${maildevUrl()}/email`)).json()) as Mail[]
    return mails.some((m) => m.subject.includes('相談結果の記録をお願いします') && m.text.includes(ticketNumber))
  }, { timeout: 30_000 }).toBe(true)

  // Two hours after the start the member's card says it is being checked (not yet "no contact"),
  // and the member tells us that no call came.
  await liveAt(page, start + 2 * HOUR)
  await page.goto('/')
  const card = page.locator(`article[data-ticket-number="${ticketNumber}"]`)
  await expect(card).toBeVisible({ timeout: 20_000 })
  await expect(card).not.toContainText('ご連絡がありませんでした')
  await card.getByRole('button', { name: homeText.noCallReport.button }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: homeText.noCallReport.confirm }).click()
  await expect(card).toContainText(homeText.noCallReport.received)

  // A day after the end, the grace period over: the desk lists it as overdue, with the report.
  const operator = await staffPage(browser, baseURL!)
  const later = start + 26 * HOUR
  await liveAt(operator, later)
  await operator.goto(`/staff/past?filter=OVERDUE&from=${jstYmd(start)}&to=${jstYmd(start)}`)
  await staffLogin(operator, DEMO_OPERATOR)
  await expect(operator.locator(`[data-ticket-number="${ticketNumber}"]`)).toBeVisible({ timeout: 20_000 })
  await operator.goto('/staff/today')
  await expect(operator.locator(`#desk-no-call-reports [data-ticket-number="${ticketNumber}"]`)).toBeVisible({ timeout: 20_000 })
  // The member's card now reads what happened.
  await liveAt(page, later)
  await page.goto('/')
  await expect(page.locator(`article[data-ticket-number="${ticketNumber}"]`)).toContainText('ご連絡がありませんでした')
})
