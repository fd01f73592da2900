import { describe, expect, it } from 'vitest'
import { chartIsIn, withoutDevTools } from '../e2e/drivers/flow-driver'

// The replay's settle check compares the chart's own state with the step's expectation
// (tests/e2e/drivers/flow-driver.ts chartSettled); the start route loses the dev-tool switches.
describe('replay settle check', () => {
  it('an expected state is the chart\'s leaf or one of its ancestors, nothing else', () => {
    expect(chartIsIn('signedIn.confirmingLogout', 'signedIn.confirmingLogout')).toBe(true)
    expect(chartIsIn('signedIn.confirmingLogout', 'signedIn')).toBe(true)
    expect(chartIsIn('signedIn.confirmingLogout', 'signedIn.active')).toBe(false)
    expect(chartIsIn('signedIn.active', 'signedIn.activeX')).toBe(false)
    expect(chartIsIn('signed', 'signedIn')).toBe(false)
    // Parallel regions: every expected leaf must be one of the chart's.
    expect(chartIsIn('form.editing,card.complete', 'card.complete,form.editing')).toBe(true)
    expect(chartIsIn('form.editing,card.complete', 'form.editing,card.empty')).toBe(false)
  })

  it('a recorded start route is opened without the flow panel and the inspector, placeholders kept', () => {
    expect(withoutDevTools('/login?flows')).toBe('/login')
    expect(withoutDevTools('/login?flows=1&redirect=%2F')).toBe('/login?redirect=%2F')
    expect(withoutDevTools('/rating?ticketNumber={ratableTicket}&inspect')).toBe('/rating?ticketNumber={ratableTicket}')
    expect(withoutDevTools('/buy?productId=p1#x')).toBe('/buy?productId=p1#x')
    expect(withoutDevTools('/')).toBe('/')
    expect(withoutDevTools('/?flowsX=1')).toBe('/?flowsX=1')
  })
})
