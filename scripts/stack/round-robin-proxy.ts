import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A load balancer for tests only: each request goes to the next upstream in turn. An
 * upstream that does not answer gets a 502, as a real balancer answers a request it cannot place;
 * it does not retry, so a client sees what a replica's death does to its request.
 */
export type RoundRobinProxy = { url: string; served: number[]; close: () => Promise<void> }

export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  let next = 0
  const served = upstreams.map(() => 0)
  const server = http.createServer((req, res) => {
    const i = next++ % upstreams.length
    served[i]++
    const target = new URL(req.url ?? '/', upstreams[i])
    // A connection per request: a pooled one the replica closed meanwhile would fail the request.
    const upstream = http.request(target, { method: req.method, headers: { ...req.headers, host: target.host }, agent: false }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', (err) => {
      if (res.headersSent) return res.destroy(err)
      res.writeHead(502, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ message: `Bad Gateway: ${err.message}` }))
    })
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()) }),
  }
}
