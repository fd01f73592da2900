import { DomainError, invalid, serverErrors, statusOfKind } from '../domain/errors'

/**
 * An answer of the HTTP layer itself (a body too large, a query too long, a content type refused,
 * a rate limit at the door): `{ message }` with this status. Everything else a client sees as an
 * error is a domain error (server/domain/errors.ts) mapped by `errorAnswer`.
 */
export class HttpError extends Error {
  constructor(
    readonly status: 413 | 414 | 415 | 429,
    message: string,
  ) {
    super(message)
  }
}

/** The status and body of an error the caller should see; null for our own failure (a 500). */
export function errorAnswer(err: unknown): { status: 400 | 401 | 402 | 403 | 404 | 409 | 413 | 414 | 415 | 429; message: string } | null {
  if (err instanceof HttpError) return { status: err.status, message: err.message }
  if (err instanceof DomainError) return { status: statusOfKind[err.kind], message: err.message }
  const data = dataExceptionOf(err)
  return data ? { status: statusOfKind[data.kind], message: data.message } : null
}

/**
 * A PostgreSQL "data exception" (SQLSTATE class 22: a number out of an integer column's range, a
 * NUL character in text, an impossible date) can only come from a value the caller sent that the
 * contract let through: it is the caller's 400, not our 500 (found by tests/api/fuzz.test.ts).
 */
function dataExceptionOf(err: unknown): DomainError | null {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return invalid(serverErrors.invalidValue)
  }
  return null
}
