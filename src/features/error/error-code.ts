import { errorPageText, type ErrorCode } from '../../text/error'

/**
 * Which error text a `/error?code=` shows (product.md §2): no code → 400, a known code → itself,
 * anything else → 404. The router parses `code=404` as a number, so both shapes come in.
 */
export function resolveErrorCode(code: string | number | undefined): ErrorCode {
  if (code === undefined || code === '') return '400'
  const key = String(code)
  return Object.hasOwn(errorPageText, key) ? (key as ErrorCode) : '404'
}
