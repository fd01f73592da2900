import { expect, type Page } from '@playwright/test'
import { ratingCompleteText, ratingText as t } from '../../../src/text/rating'
import { openSignedIn, type FlowDriver } from './flow-driver'
import { expectAt, expectStableDialog } from './page-checks'

/** The first ticket on home that offers 評価する (a COMPLETED, unrated SUPPORT ticket). */
export async function ratableTicket(page: Page): Promise<string> {
  const card = page.locator('article').filter({ has: page.getByRole('link', { name: '評価する' }) }).first()
  return (await card.getAttribute('data-ticket-number'))!
}

/**
 * Playwright side of machines/rating/rating-machine.ts: an action per event, an assertion per state.
 * `{ratableTicket}` in the start route is the member's first ticket that can be rated.
 */
export const ratingDriver: FlowDriver = {
  flow: 'rating',
  entryRoute: '/rating?ticketNumber={ratableTicket}',
  start: async (page, ctx) => {
    await openSignedIn(page, ctx, '/')
    if (ctx.startRoute.includes('{ratableTicket}')) {
      ctx.vars.ticketNumber = await ratableTicket(page)
      ctx.startRoute = ctx.startRoute.replace('{ratableTicket}', ctx.vars.ticketNumber)
    }
    await page.goto(ctx.startRoute)
  },
  events: {
    'score.change': async (page, e) => page.getByLabel(`${t.overall} ${t.star(Number(e.score))}`).check({ force: true }),
    'detail.change': async (page, e) =>
      page.getByLabel(`${t.detail[e.key as keyof typeof t.detail]} ${t.star(Number(e.score))}`).check({ force: true }),
    'comment.change': async (page, e) => page.getByLabel(t.comment).fill(String(e.value)),
    /** `productId: null` chooses no tip (the radio with an empty value). */
    'tip.select': async (page, e) =>
      page.getByRole('radiogroup', { name: t.tipHeading }).locator(`input[type="radio"][value="${(e.productId as string | null) ?? ''}"]`).check({ force: true }),
    'form.submit': async (page) => page.getByRole('button', { name: t.submit }).click(),
    'modal.confirm': async (page) => page.getByRole('alertdialog').getByRole('button', { name: t.confirm }).click(),
    'modal.cancel': async (page) => page.getByRole('alertdialog').getByRole('button', { name: t.cancel }).click(),
  },
  states: {
    editing: async (page) => {
      await expect(page.getByRole('heading', { name: t.title })).toBeVisible()
      await expect(page.getByRole('alertdialog')).toBeHidden()
    },
    confirming: async (page) => {
      await expectStableDialog(page.getByRole('alertdialog'))
      await expect(page.getByRole('alertdialog')).toContainText(t.confirmBody)
    },
    // One final state per exit: each is recognised by the page the member lands on.
    toComplete: async (page) => ratingComplete(page),
    toTipPayment: async (page, ctx) => {
      await expect(page, 'expected the member on /buy with the tip').toHaveURL(
        (url) => url.pathname === '/buy' && !!url.searchParams.get('productId') && (!ctx.vars.ticketNumber || url.searchParams.get('parentTicketNumber') === ctx.vars.ticketNumber),
      )
    },
    toError: async (page) => expect(page, 'expected the member on /error').toHaveURL((url) => url.pathname === '/error' && url.searchParams.has('code')),
  },
}

/** What `toComplete` looks like: /rating-complete with its thanks. */
export async function ratingComplete(page: Page) {
  await expectAt(page, '/rating-complete')
  await expect(page.getByRole('heading', { name: ratingCompleteText.title })).toBeVisible()
}

/** What `toTipPayment` looks like: /buy with the tip and the rated ticket. */
export async function tipPayment(page: Page, productId: RegExp | string, parentTicketNumber: string) {
  await page.waitForURL((url) => url.pathname === '/buy' && !!url.searchParams.get('productId')?.match(productId) && url.searchParams.get('parentTicketNumber') === parentTicketNumber)
}
