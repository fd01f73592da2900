import { createMember, expect, login, test } from './fixtures'
import { ratingDriver as d } from './drivers/rating'

// Issue 5: rate a completed ticket; with a tip it lands on /buy (the tip payment is the checkout's).
async function openRating(page: import('@playwright/test').Page) {
  const member = await createMember('demo')
  await login(page, member, '/')
  const card = page.locator('article').filter({ has: page.getByRole('link', { name: '評価する' }) }).first()
  const ticketNumber = (await card.getAttribute('data-ticket-number'))!
  await card.getByRole('link', { name: '評価する' }).click()
  await page.waitForURL(/\/rating\?ticketNumber=/)
  await d.states.editing(page)
  return ticketNumber
}

test('rating without a tip ends on /rating-complete and the ticket shows as rated', async ({ page }) => {
  const ticketNumber = await openRating(page)
  await expect(page.getByRole('button', { name: '評価を送信する' })).toBeDisabled()
  await d.events['score.change'](page, 4)
  await d.events['detail.change'](page, 'problemSolving', 3)
  await d.events['comment.change'](page, 'あ'.repeat(501))
  await expect(page.getByText('500文字以内で入力してください。')).toBeVisible()
  await expect(page.getByRole('button', { name: '評価を送信する' })).toBeDisabled()
  await d.events['comment.change'](page, '  丁寧に教えていただきました  ')
  await d.events['form.submit'](page)
  await d.states.confirming(page)
  await d.events['modal.confirm'](page)
  await d.states.complete(page)
  await page.getByRole('link', { name: 'ホームへ戻る' }).click()
  await expect(page.locator(`article[data-ticket-number="${ticketNumber}"]`).getByRole('button', { name: '評価済み' })).toBeDisabled()
})

test('rating with a tip goes to /buy with the tip product and the rated ticket', async ({ page }) => {
  const ticketNumber = await openRating(page)
  await d.events['score.change'](page, 5)
  const tipLabel = (await page.getByText(/^[\d,]+円$/).first().textContent())!
  await d.events['tip.select'](page, tipLabel)
  await d.events['form.submit'](page)
  await d.states.confirming(page)
  await d.events['modal.confirm'](page)
  await d.states.tipPayment(page, /.+/, ticketNumber)
})

test('no ticketNumber goes to the 404 error page', async ({ page }) => {
  const member = await createMember('demo')
  await login(page, member, '/rating')
  await page.waitForURL(/\/error\?code=404/)
})
