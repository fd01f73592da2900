import type { MiddlewareHandler } from 'hono'
import type { CallName } from '../../contract/calls'
import { requestMessages } from '../../contract/validation-messages'
import { invalid, serverErrors } from '../domain/errors'
import { HttpError } from './errors'

/**
 * Request hygiene of the product API: how much a caller may send and in
 * what form. The limits are far above what the SPA sends (a maximal valid request of each call is
 * checked against them in tests/api/attacks/input-limits.test.ts) and far below what would cost us.
 */

/** Every POST call's body, unless listed in `largerBodies`: the forms are a few hundred bytes. */
export const DEFAULT_BODY_LIMIT = 16 * 1024

/**
 * Calls whose largest valid request comes near the default: signup (a reCAPTCHA token, survey
 * answers, a landing-page URL) and charge (a 500-character concern and up to 20 menu items).
 */
const largerBodies: Partial<Record<CallName, number>> = {
  'signup-request': 32 * 1024,
  charge: 32 * 1024,
}

export const bodyLimitOf = (name: CallName) => largerBodies[name] ?? DEFAULT_BODY_LIMIT

/** GET query strings (everything after `?`, as sent): ids, codes and a date; a few hundred bytes. */
export const QUERY_LIMIT = 2048

export const tooLarge = (max: number) => new HttpError(413, requestMessages.bodyTooLarge(max))
export const queryTooLarge = () => new HttpError(414, requestMessages.queryTooLarge(QUERY_LIMIT))
export const unsupportedMediaType = () => new HttpError(415, requestMessages.unsupportedMediaType)

/** The raw query string of a request URL, without the `?`. */
export function queryStringOf(url: string) {
  const at = url.indexOf('?')
  return at < 0 ? '' : url.slice(at + 1)
}

export function checkQuerySize(url: string) {
  if (queryStringOf(url).length > QUERY_LIMIT) throw queryTooLarge()
}

/** Parameters such as `charset` are allowed; the media type itself must be JSON. */
const isJsonType = (type: string) => type.split(';')[0].trim().toLowerCase() === 'application/json'

/** No body by HTTP/1.1 framing: Content-Length 0, or neither Content-Length nor Transfer-Encoding. */
function declaresNoBody(req: Request) {
  const length = req.headers.get('content-length')
  return length !== null ? length.trim() === '0' : !req.headers.has('transfer-encoding')
}

/**
 * The JSON body of a write, in this order, each step before any byte of the body is read:
 *  - the media type must be `application/json` (415): a cross-site HTML form can only send
 *    text/plain, form-urlencoded or multipart without a preflight, so other sites' forms never reach
 *    a call that sends mail or changes data. A POST with no body and no Content-Type is the spec's
 *    "empty body" (cancel-account) and reads as `{}`;
 *  - the size is capped (413, `readBodyCapped`);
 *  - then the text is parsed (400 `requestMessages.invalidJson`); an empty or blank body is `{}`.
 */
export async function readJsonBody(req: Request, max: number): Promise<unknown> {
  const type = req.headers.get('content-type')
  if (type === null ? !declaresNoBody(req) : !isJsonType(type)) throw unsupportedMediaType()
  const bytes = await readBodyCapped(req, max)
  // Framing said "no body" but bytes came (possible in-process only): they had no media type.
  if (type === null && bytes.byteLength > 0) throw unsupportedMediaType()
  const text = new TextDecoder().decode(bytes)
  if (text.trim() === '') return {}
  try {
    return JSON.parse(text)
  } catch {
    throw invalid(serverErrors.invalidJson)
  }
}

/**
 * The body, read at most `max` bytes far: a declared Content-Length above it answers 413 before a
 * byte is read, and an undeclared (chunked) body is counted as it streams and abandoned at the first
 * byte beyond. The rest is never read into memory; the server drains or closes the connection after
 * answering. The stream is released rather than cancelled: cancelling would destroy the socket
 * before the 413 is written.
 */
export async function readBodyCapped(req: Request, max: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = req.headers.get('content-length')
  if (declared !== null && !req.headers.has('transfer-encoding')) {
    const n = Number(declared)
    if (!Number.isSafeInteger(n) || n < 0 || n > max) throw tooLarge(max)
  }
  if (!req.body) return new Uint8Array(0)
  const reader = req.body.getReader()
  const parts: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > max) throw tooLarge(max)
      parts.push(value)
    }
  } finally {
    reader.releaseLock()
  }
  const out = new Uint8Array(size)
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.byteLength
  }
  return out
}

/**
 * The same limit for routes outside the contract (the sandbox 3-D Secure form, test routes): the
 * body is read capped and handed on, so the route's own parser never sees more than `max` bytes.
 */
export function bodyLimit(max: number): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    const bytes = await readBodyCapped(c.req.raw, max)
    c.req.raw = new Request(c.req.raw, { body: bytes })
    return next()
  }
}
