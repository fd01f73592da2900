/**
 * The one reading of a failed call for every chart: the HTTP status it carries, and the
 * three classes the spec speaks of. Charts name their guards after these (`isClientError`,
 * `isRateLimited`…) so a diagram shows a word, never an inline combination.
 */
import { GATEWAY_STATUSES } from '../../contract/calls'

/** The HTTP status of a failed call; 500 when the error carries none (a network failure, a bug). */
export function failureStatus(error: unknown): number {
  const status = typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : NaN
  return Number.isInteger(status) ? status : 500
}

/** product.md §8 "4xx": the request was refused (address in use, already rated, member not found…). */
export const isClientFailure = (error: unknown): boolean => {
  const s = failureStatus(error)
  return s >= 400 && s < 500
}

/**
 * HTTP 429: the server's rate limit. Not the spec's "4xx" meaning: the view says to wait
 * instead, or the member would read a wrong reason.
 */
export const isRateLimitedFailure = (error: unknown): boolean => failureStatus(error) === 429

/**
 * No HTTP answer at all (the network gone, the page unloading: fetch's TypeError carries no
 * status). A charge that got no answer may still have happened.
 */
export const isUnansweredFailure = (error: unknown): boolean =>
  !(typeof error === 'object' && error !== null && 'status' in error && Number.isInteger(Number(error.status)))

/**
 * HTTP 502, 503 or 504: the load balancer answered in place of our server (the replica died or
 * did not answer in time). Our server never sends these, so what became of the request
 * is as unknown as with no answer at all: a charge may have been taken and is being resumed.
 */
export const isGatewayFailure = (error: unknown): boolean => (GATEWAY_STATUSES as readonly number[]).includes(failureStatus(error)) && !isUnansweredFailure(error)


/** The server's `{ message }` of a failed call, '' when there is none. */
export const failureMessage = (error: unknown): string => (error instanceof Error ? error.message : '')

/** `goToError`'s params for a failed call's event: the `code` for `/error?code=`, its status as text. */
export const failureCodeParams = ({ event }: { event: { error?: unknown } }): { code: string } => ({ code: String(failureStatus(event.error)) })
