import AxeBuilder from '@axe-core/playwright'
import { expect, type Browser, type Page } from '@playwright/test'
import { bands } from '../../../machines/reservation-change/schedule-slots'
import { scheduleText } from '../../../src/text/schedule'
import {
  assignmentsText,
  consultantDayText,
  outcomeText,
  reassignText,
  staffAccountsText,
  staffLoginText,
  staffShellText,
} from '../../../src/text/staff'

// The staff side as consultants and operators use it (src/routes/staff*.tsx): logins, the
// assignments list and the reassignment chart (machines/reassignment), a consultant's day and the
// outcome chart (machines/consultation-outcome), role grants.

export const DEMO_OPERATOR = { email: 'operator@example.com', password: 'operator1234' } as const
export const DEMO_CONSULTANT = { email: 'consultant@example.com', password: 'consultant1234', staffId: 'STAFF-01' } as const

/** A browser session of its own (a staff member at their own desk). */
export async function staffPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' })
  return context.newPage()
}

/** /staff/login with e-mail and password, as the staff member types them; waits to be let in. */
export async function staffLogin(page: Page, creds: { email: string; password: string }) {
  await page.waitForURL(/\/staff\/login/)
  await page.getByLabel(staffLoginText.emailLabel).fill(creds.email)
  await page.getByLabel(staffLoginText.passwordLabel).fill(creds.password)
  await page.getByRole('button', { name: staffLoginText.submit }).click()
  await expect(page.getByRole('button', { name: staffShellText.logout })).toBeVisible({ timeout: 20_000 })
}

/**
 * On the member's /support/staff grid: an open 指名なし cell at a time when `nickname` is open too
 * (so that consultant can take the booking over later), walking the bands and days.
 */
export async function noPreferenceCellBeside(page: Page, nickname: string): Promise<string> {
  const select = page.getByLabel(scheduleText.dateSelectLabel)
  const settled = () => expect(page.getByText(scheduleText.gridCaption).or(page.getByText(scheduleText.nobodyAvailable))).toBeVisible({ timeout: 20_000 })
  await settled()
  const days = await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
  for (const ymd of days) {
    if ((await select.inputValue()) !== ymd) await select.selectOption(ymd)
    await settled()
    for (const band of bands) {
      await page.getByRole('button', { name: scheduleText.bands[band] }).click()
      const names = await page.getByRole('button', { name: new RegExp(` ${scheduleText.available}$`) }).evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label') ?? ''))
      const time = names.map((n) => /^(\d{2}:\d{2}) (.+) /.exec(n)).find((m) => m && m[2] === scheduleText.noPreference && names.includes(`${m[1]} ${nickname} ${scheduleText.available}`))
      if (time) return time[0] + scheduleText.available
    }
  }
  throw new Error(`no 指名なし cell at a time ${nickname} is free`)
}

/** The assignments row of a booking, and who holds it (staff id and nickname). */
export async function holderOf(page: Page, ticketNumber: string) {
  const row = page.locator(`tr[data-ticket-number="${ticketNumber}"]`)
  await expect(row).toBeVisible({ timeout: 20_000 })
  return { row, staffId: (await row.getAttribute('data-staff-id'))! }
}

/** The reassignment chart driven from the assignments list: pick → candidate → reason → confirm → done. */
export async function reassign(page: Page, ticketNumber: string, toNickname: string, reason: string) {
  await page.getByRole('button', { name: `${assignmentsText.reassign}：${ticketNumber}` }).click()
  const dialog = page.getByRole('dialog', { name: reassignText.title })
  await expect(dialog.getByRole('radio').first()).toBeVisible({ timeout: 20_000 })
  await dialog.getByRole('radio', { name: new RegExp(`^${toNickname}（${reassignText.free}）$`) }).check()
  await dialog.getByLabel(reassignText.reasonLabel).fill(reason)
  await dialog.getByRole('button', { name: reassignText.next }).click()
  await expect(dialog.getByText(reassignText.confirmTitle)).toBeVisible()
  await dialog.getByRole('button', { name: reassignText.confirm }).click()
  await expect(dialog.getByText(reassignText.done)).toBeVisible({ timeout: 20_000 })
  await dialog.getByRole('button', { name: '閉じる' }).click()
  await expect(dialog).toBeHidden()
}

/** The free candidates of a booking other than `except`, as the reassignment dialog lists them (nickname). */
export async function freeCandidates(page: Page, ticketNumber: string): Promise<string[]> {
  await page.getByRole('button', { name: `${assignmentsText.reassign}：${ticketNumber}` }).click()
  const dialog = page.getByRole('dialog', { name: reassignText.title })
  await expect(dialog.getByRole('radio').first()).toBeVisible({ timeout: 20_000 })
  const labels = await dialog.locator('label:has(input[type="radio"]:not([disabled]))').allInnerTexts()
  await dialog.getByRole('button', { name: '閉じる' }).or(dialog.getByRole('button', { name: 'キャンセル' })).first().click()
  await expect(dialog).toBeHidden()
  return labels.map((l) => l.replace(new RegExp(`（${reassignText.free}）$`), '').trim())
}

/**
 * スタッフ権限: grants the consultant role on a staff row to a new sign-in account. An account of
 * that address already listed (the same test's first try, before a retry) is taken as granted.
 */
export async function grantConsultant(page: Page, email: string, password: string, staffId: string) {
  await page.getByRole('navigation', { name: staffShellText.mainNav }).getByRole('link', { name: 'スタッフ権限' }).click()
  const table = page.getByRole('table', { name: staffAccountsText.title })
  await expect(table).toContainText('@example.com', { timeout: 20_000 })
  if (await table.getByText(email).count()) return
  await page.getByLabel(staffAccountsText.emailLabel, { exact: true }).fill(email)
  await page.getByLabel(staffAccountsText.roleLabel, { exact: true }).selectOption('consultant')
  await page.getByLabel(staffAccountsText.staffLabel, { exact: true }).selectOption(staffId)
  await page.getByLabel(staffAccountsText.passwordLabel).fill(password)
  await page.getByRole('button', { name: staffAccountsText.grant }).click()
  await expect(page.getByRole('table', { name: staffAccountsText.title })).toContainText(email, { timeout: 20_000 })
}

/** A consultation's card on the consultant's day. */
export const consultationCard = (page: Page, ticketNumber: string) => page.locator(`article[data-ticket-number="${ticketNumber}"]`)

/** Records 完了 with the booked minutes on the consultant's day (the outcome chart). */
export async function recordCompleted(page: Page, ticketNumber: string) {
  const card = consultationCard(page, ticketNumber)
  await card.getByRole('button', { name: consultantDayText.recordOutcome }).click()
  await card.getByRole('radio', { name: outcomeText.outcomes.COMPLETED }).check()
  await expect(card.getByLabel(outcomeText.minutesLabel)).not.toHaveValue('')
  await card.getByRole('button', { name: outcomeText.next }).click()
  await card.getByRole('button', { name: outcomeText.confirm }).click()
  await expect(card.getByText(outcomeText.saved)).toBeVisible({ timeout: 20_000 })
}

/** axe-core on the page as it is: no serious or critical WCAG 2.x A/AA finding (as tests/e2e/a11y.spec.ts). */
export async function expectAccessible(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} ×${v.nodes.length} ${v.help} [${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 160)}`).join(' | ')}]`)
  expect(serious, `${what}: serious or critical accessibility findings`).toEqual([])
}
