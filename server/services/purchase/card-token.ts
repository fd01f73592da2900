import type { ChargeRequest } from '../../../contract/calls'
import type { PaymentPort } from '../../adapters/payment'
import type { StripePayment } from '../../adapters/stripe-payment'
import { invalid, serverErrors } from '../../domain/errors'
import type { Deps, MemberRow } from '../deps'

export type TokenFacts = { brand: string; last4: string }

const isStripe = (p: PaymentPort): p is StripePayment => p.kind === 'stripe'

/**
 * A new card token pays only for the member who made it, once. Stripe: the PaymentMethod must be
 * set up on the member's own Customer.
 */
export async function assertTokenUsable(deps: Deps, m: MemberRow, tokenId: string, useKey?: string) {
  const { payment } = deps
  if (isStripe(payment)) {
    const owner = await payment.customerOf(tokenId)
    if (!owner || owner !== m.stripeCustomerId) throw invalid(serverErrors.tokenNotFound)
    return
  }
  const use = await payment.tokenUse(tokenId, m.memberId, useKey)
  if (use === 'missing' || use === 'foreign') throw invalid(serverErrors.tokenNotFound)
  if (use === 'used') throw invalid(serverErrors.tokenUsed)
}

/**
 * The new card's token, checked with the provider before the claim transaction (the provider's
 * own reads must not run inside it): the member's own, unused (or used by this very key), 3-D
 * Secure done. claimToken inside the transaction is what really takes it.
 */
export async function checkToken(deps: Deps, m: MemberRow, input: ChargeRequest, useKey: string): Promise<TokenFacts | null> {
  if (input.cardId || !input.cardToken) return null
  await assertTokenUsable(deps, m, input.cardToken, useKey)
  const t = await deps.payment.inspectToken(input.cardToken)
  if (!t) throw invalid(serverErrors.tokenNotFound)
  if (t.threeDSecure !== 'succeeded') throw invalid(serverErrors.threeDSecureRequired)
  return { brand: t.brand, last4: t.last4 }
}
