import { describe, expect, it, vi } from 'vitest'
import { createPaymentPort } from '../../src/adapters/payment/create-payment-port'
import type { ApiClient } from '../../src/api/client'
import { parseClientConfig } from '../../src/config'

// The browser payment port is chosen by configuration (docs/design.md "Payments"): the sandbox by
// default, Stripe with VITE_PAYMENT_PROVIDER=stripe + VITE_STRIPE_PUBLISHABLE_KEY, whose 3-D Secure
// starts with the server's `stripe/setup-intents` call.

function fakeApi(answers: Record<string, unknown>) {
  const call = vi.fn(async (name: string, _input?: unknown) => {
    if (!(name in answers)) throw new Error(`unexpected call ${name}`)
    return answers[name]
  })
  return { api: { call } as unknown as ApiClient, call }
}

const sandboxConfig = parseClientConfig({})
const stripeConfig = parseClientConfig({ VITE_PAYMENT_PROVIDER: 'stripe', VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_123' })

describe('payment port selection', () => {
  it('the default configuration is the sandbox; stripe needs its publishable key', () => {
    expect(sandboxConfig.payment).toEqual({ provider: 'sandbox' })
    expect(stripeConfig.payment).toEqual({ provider: 'stripe', publishableKey: 'pk_test_123' })
    expect(() => parseClientConfig({ VITE_PAYMENT_PROVIDER: 'stripe' })).toThrow('Not Configured Environment Value: VITE_STRIPE_PUBLISHABLE_KEY')
  })

  it('sandbox: tokens from sandbox/tokens, 3-D Secure on the server page, the token back as sandbox_token', async () => {
    const go = vi.fn()
    const { api, call } = fakeApi({ 'sandbox/tokens': { tokenId: 'tok_1', threeDSecure: 'required', card: { brand: 'Visa', last4: '3184' } } })
    const port = createPaymentPort(sandboxConfig, api, go)
    expect(port.kind).toBe('sandbox')
    expect(await port.createToken('TARO YAMADA')).toBe('tok_1')
    expect(call).toHaveBeenCalledWith('sandbox/tokens', expect.objectContaining({ name: 'TARO YAMADA' }))
    void port.startThreeDSecure('tok_1', 'http://app.test/buy?productId=ADD-30')
    expect(go).toHaveBeenCalledWith(`/sandbox/3ds/tok_1?return_url=${encodeURIComponent('http://app.test/buy?productId=ADD-30')}`)
    // Served from that origin, the return is a path: the sandbox page refuses other hosts.
    vi.stubGlobal('location', { origin: 'http://app.test' })
    void port.startThreeDSecure('tok_1', 'http://app.test/buy?productId=ADD-30')
    vi.unstubAllGlobals()
    expect(go).toHaveBeenLastCalledWith(`/sandbox/3ds/tok_1?return_url=${encodeURIComponent('/buy?productId=ADD-30')}`)
    expect(port.returnedToken(new URLSearchParams('sandbox_token=tok_1&payment_method=pm_x'))).toBe('tok_1')
  })

  it('stripe: 3-D Secure through stripe/setup-intents, redirect to the bank, the PaymentMethod back on the return URL', async () => {
    const go = vi.fn()
    const { api, call } = fakeApi({ 'stripe/setup-intents': { redirectUrl: 'https://hooks.stripe.com/3d_secure_2/authenticate/seti_1' } })
    const port = createPaymentPort(stripeConfig, api, go)
    expect(port.kind).toBe('stripe')
    void port.startThreeDSecure('pm_1', 'http://app.test/buy?productId=ADD-30')
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('https://hooks.stripe.com/3d_secure_2/authenticate/seti_1'))
    expect(call).toHaveBeenCalledWith('stripe/setup-intents', { paymentMethodId: 'pm_1', returnUrl: 'http://app.test/buy?productId=ADD-30&payment_method=pm_1' })
    expect(call).not.toHaveBeenCalledWith('sandbox/tokens', expect.anything())
    expect(port.returnedToken(new URLSearchParams('payment_method=pm_1&setup_intent=seti_1&redirect_status=succeeded'))).toBe('pm_1')
    expect(port.returnedToken(new URLSearchParams('sandbox_token=tok_1'))).toBeNull()
  })

  it('stripe: a frictionless card finishes in place, without leaving the page', async () => {
    const go = vi.fn()
    const { api } = fakeApi({ 'stripe/setup-intents': { redirectUrl: null } })
    const port = createPaymentPort(stripeConfig, api, go)
    await expect(port.startThreeDSecure('pm_2', 'http://app.test/buy?productId=ADD-30')).resolves.toBeUndefined()
    expect(go).not.toHaveBeenCalled()
  })

  it('stripe: without the card elements mounted there is no token (no silent sandbox fallback)', async () => {
    const port = createPaymentPort(stripeConfig, fakeApi({}).api, vi.fn())
    await expect(port.createToken('TARO YAMADA')).rejects.toThrow()
  })
})
