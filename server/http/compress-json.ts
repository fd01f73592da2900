import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import type { MiddlewareHandler } from 'hono'
import { preferredEncoding } from './spa'

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Below this a coding's own overhead outweighs what it saves (one TCP packet either way). */
const THRESHOLD_BYTES = 1024

/**
 * The API's JSON answers compressed for a client that accepts it (docs/server.md "Compressed
 * answers"). A member's ticket list is about 10 KB of JSON; on a phone's slow link, sent beside
 * the page's other first reads, it was the last to arrive and held the home's drawing back.
 * Brotli at a low quality (as fast as gzip, smaller), else gzip; off the event loop (zlib's
 * thread pool). A HEAD gets the GET's headers (coding, length). Only JSON: the file answers (receipts, calendar files, exports) keep their own
 * bodies. Compressing beside a secret is no BREACH risk here: the API is called with a bearer
 * token another site's page cannot make the browser attach.
 */
export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const res = c.res
    if (!res.body || res.headers.has('content-encoding')) return
    if (!/^application\/json\b/i.test(res.headers.get('content-type') ?? '')) return
    res.headers.append('vary', 'accept-encoding')
    const coding = preferredEncoding(c.req.header('accept-encoding'))
    const body = Buffer.from(await res.arrayBuffer())
    // A HEAD is answered as its GET would be, coding and length included; Hono drops the body
    // (docs/server.md "Compressed answers"). Every JSON answer says its length.
    if (!coding) {
      res.headers.set('content-length', String(body.length))
      c.res = new Response(new Uint8Array(body), { status: res.status, statusText: res.statusText, headers: res.headers })
      return
    }
    // Changed in place: Hono merges the answer's own headers into the one that replaces it.
    const headers = res.headers
    let sent = body
    if (body.length >= THRESHOLD_BYTES) {
      // zlib failing (out of memory, say) costs this answer its compression, never the answer.
      const packed = await (coding === 'br' ? brotliAsync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }) : gzipAsync(body)).catch(() => null)
      if (packed) {
        sent = packed
        headers.set('content-encoding', coding)
      }
    }
    headers.set('content-length', String(sent.length))
    c.res = new Response(new Uint8Array(sent), { status: res.status, statusText: res.statusText, headers })
  }
}
