import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../server/config'

describe('config', () => {
  it('defaults give the embedded stack; stripe without a key stops', () => {
    const c = parseConfig({})
    expect(c).toMatchObject({ port: 8787, host: '127.0.0.1', pgliteDir: '.data/pglite', paymentProvider: 'sandbox', enableTestRoutes: false })
    expect(() => parseConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow('Not Configured Environment Value: STRIPE_SECRET_KEY')
  })

  it('the limits that keep one request from holding a replica (docs/operations.md "Deadlines and the watchdog")', () => {
    expect(parseConfig({}).limits).toEqual({ requestDeadlineMs: 20_000, paymentDeadlineMs: 120_000, statementTimeoutMs: 15_000, watchdogBlockedMs: 10_000 })
    expect(parseConfig({ REQUEST_DEADLINE_MS: '5000', PAYMENT_DEADLINE_MS: '60000', STATEMENT_TIMEOUT_MS: '0', WATCHDOG_BLOCKED_MS: '0' }).limits).toEqual({ requestDeadlineMs: 5000, paymentDeadlineMs: 60_000, statementTimeoutMs: 0, watchdogBlockedMs: 0 })
    // A deadline longer than the payment default lengthens the payment calls' too.
    expect(parseConfig({ REQUEST_DEADLINE_MS: '300000' }).limits.paymentDeadlineMs).toBe(300_000)
    expect(() => parseConfig({ REQUEST_DEADLINE_MS: '50' })).toThrow('Invalid Environment Value: REQUEST_DEADLINE_MS: REQUEST_DEADLINE_MS must be from 100 to 600000')
    expect(() => parseConfig({ STATEMENT_TIMEOUT_MS: '15s' })).toThrow('Invalid Environment Value: STATEMENT_TIMEOUT_MS: STATEMENT_TIMEOUT_MS must be a number of milliseconds')
    expect(() => parseConfig({ WATCHDOG_BLOCKED_MS: '9999999' })).toThrow('WATCHDOG_BLOCKED_MS must be from 0 to 600000')
    expect(() => parseConfig({ REQUEST_DEADLINE_MS: '30000', PAYMENT_DEADLINE_MS: '10000' })).toThrow('PAYMENT_DEADLINE_MS: must not be shorter than REQUEST_DEADLINE_MS')
  })
})
