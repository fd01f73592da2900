import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../server/config'

describe('config', () => {
  it('defaults give the embedded stack; stripe without a key stops', () => {
    const c = parseConfig({})
    expect(c).toMatchObject({ port: 8787, host: '127.0.0.1', pgliteDir: '.data/pglite', paymentProvider: 'sandbox', enableTestRoutes: false })
    expect(() => parseConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow('Not Configured Environment Value: STRIPE_SECRET_KEY')
  })
})
