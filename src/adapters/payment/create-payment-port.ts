import type { ApiClient } from '../../api/client'
import type { ClientConfig } from '../../config'
import type { BrowserPaymentPort } from './payment-port'
import { createSandboxPayment } from './sandbox-payment'
import { createStripePayment } from './stripe-payment'

let port: BrowserPaymentPort | null = null

/** The payment port chosen by configuration (VITE_PAYMENT_PROVIDER, VITE_STRIPE_PUBLISHABLE_KEY), built once. */
export function paymentPort(config: ClientConfig, api: ApiClient): BrowserPaymentPort {
  port ??= config.payment.provider === 'stripe' ? createStripePayment(config.payment.publishableKey, api) : createSandboxPayment(api)
  return port
}
