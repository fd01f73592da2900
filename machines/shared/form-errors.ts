import * as v from 'valibot'

/**
 * The first message per field of a form schema (spec §5), `{}` when the values pass. Shared by the
 * account charts: they keep values in context and ask this for the errors the view shows.
 */
export function formErrors<K extends string>(schema: v.GenericSchema, values: Record<K, unknown>): Partial<Record<K, string>> {
  const result = v.safeParse(schema, values)
  if (result.success) return {}
  const nested = v.flatten(result.issues).nested ?? {}
  const errors: Partial<Record<K, string>> = {}
  for (const [key, messages] of Object.entries(nested) as [K, string[] | undefined][]) {
    if (messages?.length) errors[key] = messages[0]
  }
  return errors
}

/** Only the errors of fields the member has already touched (a fresh form shows none). */
export function visibleErrors<K extends string>(errors: Partial<Record<K, string>>, touched: Partial<Record<K, boolean>>): Partial<Record<K, string>> {
  const shown: Partial<Record<K, string>> = {}
  for (const key of Object.keys(errors) as K[]) if (touched[key]) shown[key] = errors[key]
  return shown
}

/** A 4xx answer (spec §8 speaks of "4xx"): any error object carrying such a `status`. */
export function isClientError(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : NaN
  return status >= 400 && status < 500
}

/**
 * HTTP 429: the server's rate limit (issue 13). Not the spec's "4xx" meaning (address in use, member
 * not found…): the view says to wait instead, or the member would read a wrong reason.
 */
export function isRateLimited(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : NaN
  return status === 429
}

/** The HTTP status of a failed call for `/error?code=`, 500 when there is none. */
export function errorStatus(error: unknown): number {
  const status = typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : NaN
  return Number.isFinite(status) ? status : 500
}

/** The server's `{ message }` of a failed call, '' when there is none. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : ''
}
