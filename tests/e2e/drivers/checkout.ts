import { expect, type Page } from '@playwright/test'
import { sandboxTestCards } from '../../../contract/calls'
import { buyCompleteText, buyText } from '../../../src/text/checkout'
import { openSignedIn, type FlowContext, type FlowDriver } from './flow-driver'
import { ticketCards } from './home'

/** The first SUPPORT ticket on the member's home (the parent an ADD or a TIP needs). */
export async function ownSupportTicket(page: Page): Promise<string> {
  const card = ticketCards(page).filter({ hasText: 'サポートチケット' }).first()
  await expect(card).toBeVisible({ timeout: 20_000 })
  return (await card.getAttribute('data-ticket-number'))!
}

type BuyType = keyof typeof buyCompleteText.types

const cardLabel = { number: buyText.cardNumber, expiry: buyText.cardExpiry, cvc: buyText.cardCvc } as const
const cardDefault = { number: sandboxTestCards.approved, expiry: '12/34', cvc: '123' } as const

/**
 * The sandbox's 3-D Secure page (server/routes/sandbox-3ds.ts, docs/payments.md): the challenge
 * card shows 承認 / 失敗; other cards come straight back to /buy.
 */
export async function answerThreeDSecure(page: Page, answer: 'approve' | 'fail') {
  await page.waitForURL(/\/sandbox\/3ds\//)
  await page.getByRole('button', { name: answer === 'approve' ? '承認' : '失敗' }).click()
}

/** What `toComplete` looks like: /buy-complete with the bought product's type (any type unless given). */
export async function checkoutComplete(page: Page, type?: BuyType) {
  await page.waitForURL(type ? new RegExp(`/buy-complete\\?.*type=${type}`) : /\/buy-complete\?/, { timeout: 30_000 })
  const shown = (type ?? (new URL(page.url()).searchParams.get('type') as BuyType | null)) || 'SUPPORT'
  await expect(page.getByRole('heading', { name: buyCompleteText.types[shown].title })).toBeVisible()
  // A tip paid from the rating names the consultant tipped (a summary line).
  if (type === 'TIP') await expect(page.getByText(buyCompleteText.tippedStaff)).toBeVisible()
}

/**
 * Playwright side of machines/checkout/checkout-machine.ts (sandbox provider): an action per event, an
 * assertion per state. Path data the chart does not carry:
 * - `card.change` `{ element: 'number', number }`: the card typed (sandbox cards, docs/payments.md;
 *   4242 4242 4242 4242 when none is named); `complete: false` types a partial value;
 * - `pay.submit` `{ threeDSecure: 'approve' | 'fail' }`: the answer on the sandbox's 3-D Secure
 *   page, which the challenge card 4000 0027 6000 3184 opens (without it the page is left alone:
 *   other cards come straight back, and a spec may answer it itself with `tds.approve`/`tds.fail`).
 * The page leaves for 3-D Secure and comes back as a new chart (restoring → … → payingByCard, its
 * card child finishing): the expected state after `pay.submit` is where that return settles
 * (`toComplete`, `ready.failed`). Each exit is its own state: toComplete, toMenu,
 * toStaffSelection, toError — the driver tells them apart by the page they show.
 */
/** Event data as the drivers read it; the older specs pass bare data (`{ number }`, a name). */
type Data = { [key: string]: unknown }
type Ctx = FlowContext | undefined

export const checkoutDriver = {
  flow: 'checkout',
  // An extension (ADD) needs one of the member's own SUPPORT tickets.
  entryRoute: '/buy?productId=ADD-30&parentTicketNumber={ownSupportTicket}',
  start: async (page: Page, ctx: FlowContext) => {
    if (ctx.startRoute.includes('{ownSupportTicket}')) {
      await openSignedIn(page, ctx, '/')
      ctx.vars.parentTicketNumber = await ownSupportTicket(page)
      ctx.startRoute = ctx.startRoute.replace('{ownSupportTicket}', ctx.vars.parentTicketNumber)
      await page.goto(ctx.startRoute)
      return
    }
    await openSignedIn(page, ctx, ctx.startRoute)
  },
  events: {
    /** One element as the chart's event says, or (no `element`) the whole card at once. */
    'card.change': async (page: Page, e: Data, ctx?: Ctx) => {
      const elements = e.element ? [e.element as keyof typeof cardLabel] : (['number', 'expiry', 'cvc'] as const)
      for (const element of elements) {
        const given = typeof e[element] === 'string' ? String(e[element]) : undefined
        const value = given ?? (element === 'number' ? ctx?.vars.cardNumber : undefined) ?? cardDefault[element]
        if (element === 'number' && ctx) ctx.vars.cardNumber = value
        await page.getByLabel(cardLabel[element]).fill(e.complete === false ? value.slice(0, 2) : value)
      }
    },
    'holderName.change': async (page: Page, e?: Data | string) =>
      page.getByLabel(buyText.holderName).fill(typeof e === 'string' ? e : typeof e?.value === 'string' ? e.value : 'TARO YAMADA'),
    'holderName.blur': async (page: Page) => page.getByLabel(buyText.holderName).blur(),
    'concern.change': async (page: Page, e: Data) => page.getByLabel(buyText.concernLabel).fill(String(e.value ?? '')),
    /** `save` (default true) is the state wanted: unticked by default, clicked only when it differs. */
    'saveCard.toggle': async (page: Page, e?: Data) => {
      const want = e?.save !== false
      if ((await page.getByRole('checkbox', { name: buyText.saveCard }).isChecked()) !== want) await page.getByText(buyText.saveCard).click()
    },
    'savedCard.toggle': async (page: Page, e?: Data | boolean) =>
      page.getByRole('button', { name: (typeof e === 'boolean' ? e : e?.use !== false) ? buyText.useSavedCard : buyText.changeCard }).click(),
    /** `couponName` (path data) picks a coupon by its name; else the first held coupon. */
    'coupon.select': async (page: Page, e?: Data | string) => {
      const name = typeof e === 'string' ? e : typeof e?.couponName === 'string' ? e.couponName : undefined
      const coupons = page.getByRole('region', { name: buyText.couponTitle })
      const row = name ? coupons.locator('div', { hasText: name }) : coupons
      await row.getByRole('button', { name: buyText.couponUse }).first().click()
    },
    /** 「使わない」 on the applied coupon's row (its name given or not). */
    'coupon.clear': async (page: Page) =>
      page.getByRole('region', { name: buyText.couponTitle }).getByRole('button', { name: buyText.couponRemove }).click(),
    'pay.submit': async (page: Page, e?: Data) => {
      await page.getByRole('button', { name: buyText.pay }).click()
      await passThreeDSecure(page, e)
    },
    'prompt.useCoupon': async (page: Page) => page.getByRole('alertdialog').getByRole('button', { name: buyText.promptUse }).click(),
    'prompt.skip': async (page: Page, e?: Data) => {
      await page.getByRole('alertdialog').getByRole('button', { name: buyText.promptSkip }).click()
      await passThreeDSecure(page, e)
    },
    'prompt.close': async (page: Page) => page.keyboard.press('Escape'),
    'tokenError.dismiss': async (page: Page) => page.getByRole('alertdialog').getByRole('button', { name: buyText.close }).first().click(),
    /** Not chart events: the sandbox 3-D Secure page's buttons, for specs that stop in between. */
    'tds.approve': async (page: Page) => answerThreeDSecure(page, 'approve'),
    'tds.fail': async (page: Page) => answerThreeDSecure(page, 'fail'),
  },
  states: {
    'ready.editing': async (page: Page) => {
      await expect(page.getByRole('button', { name: buyText.pay })).toBeVisible({ timeout: 20_000 })
      await expect(page.getByRole('alertdialog')).toBeHidden()
    },
    'ready.failed': async (page: Page) => expect(page.getByRole('alert').filter({ hasText: buyText.paymentProblem })).toBeVisible({ timeout: 20_000 }),
    'ready.validatingCoupon': async (page: Page) => expect(page.getByRole('button', { name: buyText.pay })).toBeVisible({ timeout: 20_000 }),
    ready: async (page: Page) => expect(page.getByRole('button', { name: buyText.pay })).toBeVisible({ timeout: 20_000 }),
    couponPrompt: async (page: Page) => expect(page.getByRole('alertdialog').getByText(buyText.promptTitle)).toBeVisible(),
    /** The card child finishing 3-D Secure after the return: the processing modal blocks the page. */
    payingByCard: async (page: Page) => expect(page.getByRole('alertdialog').getByText(buyText.processingTitle)).toBeVisible(),
    charging: async (page: Page) => expect(page.getByRole('alertdialog').getByText(buyText.processingTitle)).toBeVisible(),
    /** /buy-complete; the older specs name the product type they expect. */
    toComplete: async (page: Page, ctx?: FlowContext | BuyType) => checkoutComplete(page, typeof ctx === 'string' ? ctx : undefined),
    toMenu: async (page: Page) => page.waitForURL(/\/support\/menu(\?|$)/, { timeout: 20_000 }),
    toStaffSelection: async (page: Page) => page.waitForURL(/\/support\/staff\?/, { timeout: 20_000 }),
    toError: async (page: Page) => page.waitForURL(/\/error\?code=/, { timeout: 20_000 }),
  },
} satisfies FlowDriver

/** After a pay click, answers the challenge card's 3-D Secure page when the event names an answer. */
async function passThreeDSecure(page: Page, e?: Data) {
  if (e?.threeDSecure === 'approve' || e?.threeDSecure === 'fail') await answerThreeDSecure(page, e.threeDSecure)
}

/** Pays on /buy with card 4242… (approved); a fitting coupon's prompt, if it opens, is declined. */
export async function payOnSandbox(page: Page) {
  await checkoutDriver.states.ready(page)
  await checkoutDriver.events['card.change'](page, { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' })
  await checkoutDriver.events['holderName.change'](page, 'TARO YAMADA')
  await checkoutDriver.events['holderName.blur'](page)
  await checkoutDriver.events['pay.submit'](page)
  // A held coupon that fits the product opens the prompt first (product.md §4 Coupon in payment).
  const prompt = page.getByRole('alertdialog').getByText(buyText.promptTitle)
  const next = await Promise.race([
    prompt.waitFor({ timeout: 30_000 }).then(() => 'prompt', () => null),
    page.waitForURL(/\/(buy-complete|sandbox)/, { timeout: 30_000 }).then(() => 'left', () => null),
  ])
  if (next === 'prompt') await checkoutDriver.events['prompt.skip'](page)
}
