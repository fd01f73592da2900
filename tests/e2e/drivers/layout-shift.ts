import type { Page } from '@playwright/test'
import { commonText } from '../../../src/text/layout'

// Layout shifts of a page load (CLS), for the specs that assert a page does not move.

/**
 * An init script: records every layout shift (with the nodes that moved: tag and aria-label) and
 * whether the page spinner was ever painted, from the first script of the document on.
 */
export const recordShifts = `
  window.__shifts = []
  window.__sawSpinner = false
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__shifts.push({
        value: e.value,
        moved: (e.sources || []).map((s) => s.node && s.node.nodeName + (s.node.getAttribute && s.node.getAttribute('aria-label') ? '[' + s.node.getAttribute('aria-label') + ']' : '')),
      })
    }
  }).observe({ type: 'layout-shift', buffered: true })
  new MutationObserver(() => {
    if (document.querySelector('[role="status"][aria-label="${commonText.loading}"]')) window.__sawSpinner = true
  }).observe(document, { childList: true, subtree: true })
`

/**
 * Network latency as on a phone: restoring the session and loading a page outlast the router's
 * 150 ms, so the page spinner is painted first and the page replaces it.
 */
export async function withPhoneLatency(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: -1, uploadThroughput: -1 })
}

export type ShiftRecord = { value: number; moved: (string | null)[] }

export const layoutShifts = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: ShiftRecord[] }).__shifts)
export const sawSpinner = (page: Page) => page.evaluate(() => (window as unknown as { __sawSpinner: boolean }).__sawSpinner)
