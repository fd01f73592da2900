import { expect, type Locator, type Page } from '@playwright/test'
import { bands, slotLabel } from '../../../machines/reservation-change/schedule-slots'
import { changeCompleteText, scheduleText as t } from '../../../src/text/schedule'
import { openSignedIn, type FlowDriver } from './flow-driver'
import { expectAt, expectStableDialog } from './page-checks'

/** Open cells of the grid as shown now: `HH:MM <who> 予約可能` buttons. */
const openCells = (page: Page): Locator => page.getByRole('button', { name: new RegExp(` ${t.available}$`) })

type SlotChoice = { slotType: 'noAssign' | 'withStaff'; time: string; staffId: string | null; staffNickname: string | null }

/** The grid's name of a chart slot choice: `10:30 さくら 予約可能` (time `10-30` in the chart). */
export const cellNameOf = (choice: SlotChoice) =>
  t.cellLabel(slotLabel(choice.time), choice.slotType === 'noAssign' ? t.noPreference : (choice.staffNickname ?? ''), true)

/** The first ticket on home whose reservation can be changed. */
export async function changeableTicket(page: Page): Promise<string> {
  const card = page.locator('article').filter({ has: page.getByRole('link', { name: '予約を変更する' }) }).first()
  return (await card.getAttribute('data-ticket-number'))!
}

/**
 * Playwright side of machines/reservation-change/reservation-change-machine.ts: an action per event, an assertion
 * per state. `slot.select` clicks the cell of the event's choice; `choice: 'firstOpen'` (used by
 * generated paths, whose slots come from a fixture) clicks the first open cell of a consultant.
 */
export const reservationChangeDriver: FlowDriver = {
  flow: 'reservationChange',
  entryRoute: '/support/reservation-date-change?ticketNumber={changeableTicket}',
  start: async (page, ctx) => {
    await openSignedIn(page, ctx, '/')
    if (ctx.startRoute.includes('{changeableTicket}')) {
      ctx.vars.ticketNumber = await changeableTicket(page)
      ctx.startRoute = ctx.startRoute.replace('{changeableTicket}', ctx.vars.ticketNumber)
    }
    await page.goto(ctx.startRoute)
  },
  events: {
    'date.select': async (page, e) => {
      await page.getByLabel(t.dateSelectLabel).selectOption(String(e.date))
    },
    'band.select': async (page, e) => page.getByRole('button', { name: t.bands[e.band as (typeof bands)[number]] }).click(),
    'slot.select': async (page, e) => {
      const cellName = e.choice === 'firstOpen' ? (await findOtherConsultantCell(page, '')).cellName : cellNameOf(e.choice as SlotChoice)
      await page.getByRole('button', { name: cellName, exact: true }).click()
    },
    'modal.confirm': async (page) => page.getByRole('alertdialog').getByRole('button', { name: t.confirm }).click(),
    'modal.cancel': async (page) => page.getByRole('alertdialog').getByRole('button', { name: t.cancel }).click(),
  },
  states: {
    'choosing.idle': async (page) => {
      await expect(page.getByLabel(t.dateSelectLabel)).toBeVisible()
      await expect(page.getByText(t.gridCaption).or(page.getByText(t.nobodyAvailable))).toBeVisible()
      await expect(page.getByRole('alertdialog')).toBeHidden()
    },
    'choosing.confirming': async (page) => {
      await expectStableDialog(page.getByRole('alertdialog'))
      await expect(page.getByRole('alertdialog')).toContainText(t.confirmBody)
    },
    // One final state per exit: each is recognised by the page the member lands on.
    toComplete: async (page) => changeComplete(page),
    toBuy: async (page) => expect(page, 'expected the member on /buy').toHaveURL((url) => url.pathname === '/buy' && !!url.searchParams.get('productId')),
    toMenu: async (page) => expectAt(page, '/support/menu'),
    toError: async (page) => expect(page, 'expected the member on /error').toHaveURL((url) => url.pathname === '/error' && url.searchParams.has('code')),
  },
}

/** What `toComplete` looks like: the change's completion page. */
export async function changeComplete(page: Page) {
  await expectAt(page, '/reservationdate-change-complete')
  await expect(page.getByRole('heading', { name: changeCompleteText.title })).toBeVisible()
}

/**
 * Finds an open cell of a consultant other than `avoid` (and not "no preference"), trying each
 * band of the shown day, then the following days. Returns its name and the day (YYYYMMDD).
 */
export async function findOtherConsultantCell(page: Page, avoid: string): Promise<{ cellName: string; ymd: string }> {
  const select = page.getByLabel(t.dateSelectLabel)
  // The day list exists once the first schedule has loaded.
  await expect(page.getByText(t.gridCaption).or(page.getByText(t.nobodyAvailable))).toBeVisible()
  const days = await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
  for (let i = 0; i < days.length; i++) {
    await expect(page.getByText(t.gridCaption).or(page.getByText(t.nobodyAvailable))).toBeVisible()
    const ymd = await select.inputValue()
    for (const band of bands) {
      await page.getByRole('button', { name: t.bands[band] }).click()
      const names = await openCells(page).evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label') ?? ''))
      const found = names.find((n) => !n.includes(t.noPreference) && !n.includes(` ${avoid} `))
      if (found) return { cellName: found, ymd }
    }
    const next = days[days.indexOf(ymd) + 1]
    if (!next) break
    await select.selectOption(next)
  }
  throw new Error(`no open cell of a consultant other than ${avoid}`)
}
