/**
 * The request id of each API call (`X-Request-Id`): the server logs every line of the request
 * under it and echoes it (docs/operations.md "Logs"), and the browser's error reports carry the
 * last one, so a member's report, the server's lines and the server's error report meet.
 */
let last: string | undefined

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = new Uint8Array(16)
  crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** A new id for a call; remembered as the last one. */
export function nextRequestId(): string {
  last = randomId()
  return last
}

/** The id of the last call this page made (undefined before the first). */
export const lastRequestId = (): string | undefined => last
