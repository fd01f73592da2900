import { describe, expect, it } from 'vitest'
import { performFailure } from '../e2e/drivers/flow-driver'

// A replayed event the page did not let through names what covered its target (docs/qa.md "3. Replay
// paths with screenshots and a report"): Playwright says so only deep in its call log.
describe('the message of an event that could not be performed', () => {
  const where = '/buy, flows in checkout: ready.editing'

  it('names the element that intercepted the click', () => {
    const message = [
      'locator.click: Timeout 30000ms exceeded.',
      'Call log:',
      "  - waiting for getByRole('button', { name: '支払う' })",
      '  - attempting click action',
      '    - <div class="flow-panel" data-testid="flow-panel">…</div> intercepts pointer events',
      '  - retrying click action',
    ].join('\n')
    expect(performFailure('pay.submit', message, where)).toBe(
      'could not perform pay.submit: locator.click: Timeout 30000ms exceeded.; the target was covered by <div class="flow-panel" data-testid="flow-panel">; the member is on /buy, flows in checkout: ready.editing',
    )
  })

  it('says only the first line and where the member is when nothing covered the target', () => {
    const message = "locator.fill: Timeout 30000ms exceeded.\nCall log:\n  - waiting for getByLabel('カード番号')"
    expect(performFailure('card.change', message, where)).toBe('could not perform card.change: locator.fill: Timeout 30000ms exceeded.; the member is on /buy, flows in checkout: ready.editing')
  })
})
