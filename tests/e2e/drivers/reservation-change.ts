import { expect, type Locator, type Page } from '@playwright/test'
import { bands } from '../../../machines/schedule-slots'
import { changeCompleteText, scheduleText as t } from '../../../src/text/schedule'

/** Open cells of the grid as shown now: `HH:MM <who> 予約可能` buttons. */
const openCells = (page: Page): Locator => page.getByRole('button', { name: new RegExp(` ${t.available}$`) })

/**
 * Playwright side of machines/reservation-change-machine.ts: an action per event, an assertion
 * per state. Event payloads are what the member would pick.
 */
export const reservationChangeDriver = {
  events: {
    'date.select': async (page: Page, ymd: string) => page.getByLabel(t.dateSelectLabel).selectOption(ymd),
    'band.select': async (page: Page, band: (typeof bands)[number]) => page.getByRole('button', { name: t.bands[band] }).click(),
    /** Clicks the cell named `HH:MM <who> 予約可能`. */
    'slot.select': async (page: Page, cellName: string) => page.getByRole('button', { name: cellName, exact: true }).click(),
    'modal.confirm': async (page: Page) => page.getByRole('alertdialog').getByRole('button', { name: t.confirm }).click(),
    'modal.cancel': async (page: Page) => page.getByRole('alertdialog').getByRole('button', { name: t.cancel }).click(),
  },
  states: {
    choosing: async (page: Page) => {
      await expect(page.getByLabel(t.dateSelectLabel)).toBeVisible()
      await expect(page.getByText(t.gridCaption).or(page.getByText(t.nobodyAvailable))).toBeVisible()
    },
    confirming: async (page: Page) => expect(page.getByRole('alertdialog')).toContainText(t.confirmBody),
    slotTaken: async (page: Page) => expect(page.getByRole('alert')).toContainText(t.slotTaken),
    done: async (page: Page) => {
      await page.waitForURL(/\/reservationdate-change-complete$/)
      await expect(page.getByRole('heading', { name: changeCompleteText.title })).toBeVisible()
    },
  },
  /**
   * Finds an open cell of a consultant other than `avoid` (and not "no preference"), trying each
   * band of the shown day, then the following days. Returns its name and the day (YYYYMMDD).
   */
  async findOtherConsultantCell(page: Page, avoid: string): Promise<{ cellName: string; ymd: string }> {
    const select = page.getByLabel(t.dateSelectLabel)
    const days = await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))
    for (let i = 0; i < days.length; i++) {
      await reservationChangeDriver.states.choosing(page)
      const ymd = await select.inputValue()
      for (const band of bands) {
        await reservationChangeDriver.events['band.select'](page, band)
        const names = await openCells(page).evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label') ?? ''))
        const found = names.find((n) => !n.includes(t.noPreference) && !n.includes(` ${avoid} `))
        if (found) return { cellName: found, ymd }
      }
      const next = days[days.indexOf(ymd) + 1]
      if (!next) break
      await reservationChangeDriver.events['date.select'](page, next)
    }
    throw new Error(`no open cell of a consultant other than ${avoid}`)
  },
}
