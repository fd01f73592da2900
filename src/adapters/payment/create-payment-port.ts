import type { ApiClient } from '../../api/client'
import type { ClientConfig } from '../../config'
import type { BrowserPaymentPort } from './payment-port'
import { createSandboxPayment } from './sandbox-payment'
import { createStripePayment } from './stripe-payment'

/**
 * The payment port chosen by configuration (docs/design.md "Payments"): VITE_PAYMENT_PROVIDER=stripe
 * with VITE_STRIPE_PUBLISHABLE_KEY gives Stripe's card elements, whose 3-D Secure starts with the
 * server's `stripe/setup-intents` call; anything else the sandbox.
 */
export function createPaymentPort(config: ClientConfig, api: ApiClient, go?: (url: string) => void): BrowserPaymentPort {
  if (config.payment.provider === 'stripe') {
    return createStripePayment(config.payment.publishableKey, (input) => api.call('stripe/setup-intents', input), go)
  }
  return createSandboxPayment(api, go)
}

let port: BrowserPaymentPort | null = null

/** The app's one payment port, built on first use (Stripe's script loads only once). */
export function paymentPort(config: ClientConfig, api: ApiClient): BrowserPaymentPort {
  port ??= createPaymentPort(config, api)
  return port
}
