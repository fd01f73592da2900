import { ratingText } from '../../src/text/rating'
import { buyText } from '../../src/text/checkout'
import { createMember, expect, signIn, test } from './fixtures'
import { checkoutDriver as pay, payOnSandbox } from './drivers/checkout'
import { ratingDriver as d, tipPayment } from './drivers/rating'
import type { FlowContext } from './drivers/flow-driver'

const ctx: FlowContext = { account: { email: '', password: '' }, startRoute: '/', vars: {} }

// Rate a completed ticket; with a tip it lands on /buy and the tip is paid on the sandbox.
async function openRating(page: import('@playwright/test').Page) {
  const member = await createMember('demo')
  await signIn(page, member, '/')
  const card = page.locator('article').filter({ has: page.getByRole('link', { name: '評価する' }) }).first()
  const ticketNumber = (await card.getAttribute('data-ticket-number'))!
  await card.getByRole('link', { name: '評価する' }).click()
  await page.waitForURL(/\/rating\?ticketNumber=/)
  await d.states.editing(page, ctx)
  return ticketNumber
}

test('rating without a tip ends on /rating-complete and the ticket shows as rated', async ({ page }) => {
  const ticketNumber = await openRating(page)
  await expect(page.getByRole('button', { name: '評価を送信する' })).toBeDisabled()
  await d.events['score.change'](page, { type: 'score.change', score: 4 }, ctx)
  await d.events['detail.change'](page, { type: 'detail.change', key: 'problemSolving', score: 3 }, ctx)
  await d.events['comment.change'](page, { type: 'comment.change', value: 'あ'.repeat(501) }, ctx)
  await expect(page.getByText('500文字以内で入力してください。')).toBeVisible()
  await expect(page.getByRole('button', { name: '評価を送信する' })).toBeDisabled()
  await d.events['comment.change'](page, { type: 'comment.change', value: '  丁寧に教えていただきました  ' }, ctx)
  await d.events['form.submit'](page, { type: 'form.submit' }, ctx)
  await d.states.confirming(page, ctx)
  await d.events['modal.confirm'](page, { type: 'modal.confirm' }, ctx)
  await d.states.toComplete(page, ctx)
  await page.getByRole('link', { name: 'ホームへ戻る' }).click()
  await expect(page.locator(`article[data-ticket-number="${ticketNumber}"]`).getByRole('button', { name: '評価済み' })).toBeDisabled()
})

test('rating with a tip goes to /buy with the tip product and the rated ticket', async ({ page }) => {
  const ticketNumber = await openRating(page)
  await d.events['score.change'](page, { type: 'score.change', score: 5 }, ctx)
  const tip = (await page.getByRole('radiogroup', { name: ratingText.tipHeading }).locator('input[type="radio"]:not([value=""])').first().getAttribute('value'))!
  await d.events['tip.select'](page, { type: 'tip.select', productId: tip }, ctx)
  await d.events['form.submit'](page, { type: 'form.submit' }, ctx)
  await d.states.confirming(page, ctx)
  await d.events['modal.confirm'](page, { type: 'modal.confirm' }, ctx)
  await d.states.toTipPayment(page, { ...ctx, vars: { ticketNumber } })
  await tipPayment(page, tip, ticketNumber)
})

test('the tip is paid on the sandbox and ends on /buy-complete?type=TIP', async ({ page }) => {
  const ticketNumber = await openRating(page)
  await d.events['score.change'](page, { type: 'score.change', score: 5 }, ctx)
  const tip = (await page.getByRole('radiogroup', { name: ratingText.tipHeading }).locator('input[type="radio"]:not([value=""])').first().getAttribute('value'))!
  await d.events['tip.select'](page, { type: 'tip.select', productId: tip }, ctx)
  await d.events['form.submit'](page, { type: 'form.submit' }, ctx)
  await d.events['modal.confirm'](page, { type: 'modal.confirm' }, ctx)
  await tipPayment(page, tip, ticketNumber)
  // Checkout on the sandbox with card 4242… (approved); a fitting coupon's prompt is declined.
  await pay.states.ready(page)
  await expect(page.getByRole('region', { name: buyText.summaryTitle })).toContainText('チップ')
  await payOnSandbox(page)
  await pay.states.toComplete(page, 'TIP')
  // The rated ticket now shows 'rated' on home.
  await page.goto('/')
  await expect(page.locator(`article[data-ticket-number="${ticketNumber}"]`).getByRole('button', { name: '評価済み' })).toBeDisabled()
})

test('no ticketNumber goes to the 404 error page', async ({ page }) => {
  const member = await createMember('demo')
  await signIn(page, member, '/rating')
  await page.waitForURL(/\/error\?code=404/)
  await d.states.toError(page, ctx)
})
