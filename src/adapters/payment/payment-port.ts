import type { ComponentType } from 'react'

/**
 * The browser half of the payment port (docs/design.md "Payments and 3-D Secure"). Both providers
 * show three card elements (number, expiry, security code) that report completeness the way
 * Stripe's elements do; the page never sees the card data itself.
 */
export type CardElementName = 'number' | 'expiry' | 'cvc'
export type CardElementChange = { element: CardElementName; complete: boolean; error: string | null }

export type CardFieldsProps = {
  onChange: (change: CardElementChange) => void
  labels: Record<CardElementName, string>
  hints: Record<CardElementName, string>
  /** A whole-length card number that fails the checksum (product.md §5; the sandbox fields say it, Stripe's say their own). */
  numberInvalid?: string
  /** A whole expiry date before this month (product.md §5): said as soon as it is typed, not at pay. */
  expired?: string
  disabled?: boolean
}

export type BrowserPaymentPort = {
  kind: 'sandbox' | 'stripe'
  /** Renders the three card elements. */
  CardFields: ComponentType<CardFieldsProps>
  /** Creates the provider's token (sandbox: tokenId; Stripe: PaymentMethod id); rejects with the provider's message. */
  createToken: (holderName: string) => Promise<string>
  /** Sends the browser to the 3-D Secure page; resolves only when the provider needs no redirect. */
  startThreeDSecure: (token: string, returnUrl: string) => Promise<void>
  /** The token the provider put on the return URL after 3-D Secure, null when this is no return. */
  returnedToken: (search: URLSearchParams) => string | null
}

/** A promise that never settles: the page is being left. */
export const leavingPage = () => new Promise<void>(() => {})
