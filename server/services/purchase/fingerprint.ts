import { createHash } from 'node:crypto'
import type { ChargeRequest } from '../../../contract/calls'

/** JSON with object keys sorted: the same request always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

/**
 * The request's fingerprint: its parsed body (defaults applied) and the member. A key stands for
 * one request (Stripe's rule): the same key with another fingerprint is refused.
 */
export const fingerprintOf = (memberId: string, input: ChargeRequest) => createHash('sha256').update(`${memberId}\n${canonical(input)}`).digest('hex')
