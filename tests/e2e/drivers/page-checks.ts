import { expect, type Locator, type Page } from '@playwright/test'

/**
 * Checks the account drivers share: a state is recognised only once it is
 * stable, and a final state by the exact page it sends the member to.
 */

/**
 * A dialog open and not closing: `data-state="open"` and none of its animations running. A dialog
 * that is animating out is still visible, so "visible" alone would accept a state already left.
 */
export async function expectStableDialog(dialog: Locator) {
  await expect(dialog).toHaveAttribute('data-state', 'open')
  await expect
    .poll(() => dialog.evaluate((el) => el.getAnimations({ subtree: true }).filter((a) => a.playState === 'running').length), {
      message: 'the dialog is still animating',
    })
    .toBe(0)
  await expect(dialog).toHaveAttribute('data-state', 'open')
}

/** A query value as the member reads it: the router writes a numeric-looking string JSON-quoted (`%22400%22`). */
const unquoted = (value: string | null) => (value !== null && /^".*"$/.test(value) ? value.slice(1, -1) : value)

/**
 * The member is on exactly `pathname`, with each given query value (a destination of a final
 * state: `/error?code=emailchange` is not `/error?code=500`, `/login` is not `/login?redirect=…`
 * unless asked). The failure names the page the member is actually on.
 */
export async function expectAt(page: Page, pathname: string, query: Record<string, string | null> = {}) {
  const wanted = `${pathname}${Object.keys(query).length ? `?${Object.entries(query).map(([k, v]) => `${k}=${v ?? '(none)'}`).join('&')}` : ''}`
  await expect(page, `expected the member on ${wanted}`).toHaveURL(
    (url) => url.pathname === pathname && Object.entries(query).every(([key, value]) => unquoted(url.searchParams.get(key)) === value),
  )
}
