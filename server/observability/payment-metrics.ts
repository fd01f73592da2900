import type { PaymentPort } from '../adapters/payment'
import { log } from './log'
import { metrics } from './metrics'

const REMEMBERED_KEYS = 10_000

/**
 * The payment port with its charges counted (`mypage_charges_total{outcome}`,
 * `mypage_charge_retries_total`), at the edge of the provider rather than inside the checkout
 * service: whatever asks for a charge — a member's request, a resumed attempt, the sweeper — is
 * counted once per call. Every other method of the port (the sandbox's too) is the port's own.
 */
export function countedPayment<P extends PaymentPort>(port: P): P {
  const sent = new Set<string>()
  const charge: PaymentPort['charge'] = async (req) => {
    if (sent.has(req.idempotencyKey)) metrics.chargeRetries.inc()
    else {
      // The keys of the last REMEMBERED_KEYS charges: enough to see a client's retries.
      if (sent.size >= REMEMBERED_KEYS) sent.delete(sent.values().next().value!)
      sent.add(req.idempotencyKey)
    }
    try {
      const result = await port.charge(req)
      metrics.charges.inc({ outcome: result.ok ? 'succeeded' : result.status === 402 ? 'declined' : 'refused' })
      return result
    } catch (e) {
      metrics.charges.inc({ outcome: 'failed' })
      log().warn({ err: e, provider: port.kind }, 'charge failed without an answer')
      throw e
    }
  }
  return new Proxy(port, { get: (target, prop, receiver) => (prop === 'charge' ? charge : Reflect.get(target, prop, receiver)) })
}
