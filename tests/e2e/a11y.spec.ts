import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { commonText } from '../../src/text/layout'
import { createMember, expect, signIn, test } from './fixtures'

/**
 * axe-core on every route, signed out and signed in: 0 serious or critical violations
 * against WCAG 2.x A/AA. Each route is scanned once it has rendered its main content; a table of
 * every finding is printed before the assertion so one run shows them all.
 */
const signedOut = [
  '/login',
  '/signup',
  '/registeration-temp',
  '/registeration-complete',
  '/password-reset-request',
  '/password-reset?email=demo%40example.com',
  '/password-reset-complete',
  '/cancel-complete',
  '/settings/password-change-complete',
  '/settings/email-change-complete',
  '/error?code=404',
  '/no-such-page',
]
const signedIn = [
  '/',
  '/support/menu',
  '/support/staff?productId=SUPPORT-60',
  '/buy?productId=ADD-30',
  '/buy?productId=SUPPORT-60',
  '/buy-complete?type=SUPPORT',
  '/get-coupon?couponCode=CAMPAIGN2000',
  '/purchase-list',
  '/rating',
  '/rating-complete',
  '/reservationdate-change-complete',
  '/settings',
  '/settings/email-change-request',
  '/settings/email-change-request-complete',
  '/settings/password-change',
  '/support/reservation-date-change',
]

type Finding = { route: string; id: string; impact: string; nodes: number; help: string; target: string; why: string }

async function scan(page: Page, route: string): Promise<Finding[]> {
  await page.goto(route)
  // Settled: the first render replaced the boot bar, and no page spinner (role=status 読み込み中)
  // or busy region is left — the page shows its content, not a wait.
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 })
  await expect(page.getByRole('status', { name: commonText.loading })).toHaveCount(0, { timeout: 20_000 })
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 })
  // And no transition under way: a button turning enabled fades in (Chakra's colour transition),
  // and axe measured its contrast half-way (white on #5d938f, 3.5:1, on /settings once).
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => !(a.effect?.getTiming().iterations === Infinity)).map((a) => a.finished.catch(() => {}))))
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ route, id: v.id, impact: v.impact!, nodes: v.nodes.length, help: v.help, target: v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | '), why: v.nodes.slice(0, 3).map((n) => (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)).join(' | ') }))
}

const report = (title: string, findings: Finding[]) =>
  console.log(`${title}: ${findings.length} serious/critical\n` + findings.map((f) => `  ${f.route}  ${f.impact}  ${f.id} ×${f.nodes}  ${f.help}  [${f.target}]\n      ${f.why}`).join('\n'))

test('axe: every signed-out route has 0 serious or critical violations', async ({ page }) => {
  test.setTimeout(180_000)
  const findings: Finding[] = []
  for (const route of signedOut) findings.push(...(await scan(page, route)))
  report('signed out', findings)
  expect(findings).toEqual([])
})

test('axe: every signed-in route has 0 serious or critical violations', async ({ page }) => {
  test.setTimeout(240_000)
  const member = await createMember('demo')
  await signIn(page, member)
  // Routes that need a ticket of the member's: the first changeable and the first rateable one.
  const findings: Finding[] = []
  for (const route of signedIn) findings.push(...(await scan(page, route)))
  report('signed in', findings)
  expect(findings).toEqual([])
})
