import { createServer, type Server } from 'node:http'
import { gunzipSync } from 'node:zlib'

/**
 * A local stand-in for Sentry's ingest: receives the envelopes the SDKs send to a DSN's URL
 * (`POST /api/<project>/envelope/`) and keeps their raw text and their events. A DSN pointing here is
 * `http://public@127.0.0.1:<port>/1`.
 */
export type FakeSentry = {
  dsn: string
  origin: string
  /** Every envelope as received (headers, items), to search for what must not be in it. */
  raw: string[]
  /** The `event` items (errors). */
  events: Record<string, unknown>[]
  close: () => Promise<void>
}

export async function startFakeSentry(): Promise<FakeSentry> {
  const raw: string[] = []
  const events: Record<string, unknown>[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      // The browser SDK posts without CORS preflight (text/plain); answer it anyway.
      const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' }
      if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end()
      // What arrived, for a test in another process (the browser tests' workers).
      if (req.method === 'GET' && req.url === '/__received') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ raw, events }))
      let body = Buffer.concat(chunks)
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body)
      const text = body.toString('utf8')
      if (/\/envelope\/?/.test(req.url ?? '')) {
        raw.push(text)
        const lines = text.split('\n')
        for (let i = 1; i + 1 < lines.length; i += 2) {
          try {
            const header = JSON.parse(lines[i]) as { type?: string }
            if (header.type === 'event') events.push(JSON.parse(lines[i + 1]) as Record<string, unknown>)
          } catch {
            /* not an item pair */
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json', ...cors }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as { port: number }
  return {
    dsn: `http://public@127.0.0.1:${port}/1`,
    origin: `http://127.0.0.1:${port}`,
    raw,
    events,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
