import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requestMessages } from '../../contract/validation-messages'
import { createHarness, type Harness } from './harness'

// `charge` reads one Idempotency-Key (docs/api.md). Two of them arrive joined with a comma
// ("k1, k2") and were taken as a third key; now the request is refused and nothing is bought.

let h: Harness
let server: ReturnType<typeof serve>
let port: number
beforeAll(async () => {
  h = await createHarness()
  server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  port = (server.address() as AddressInfo).port
}, 60_000)
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve))
  await h?.close()
})

const body = (cardToken: string) => ({
  productId: 'SUPPORT-60', cardId: '', cardToken, saveCard: false, staffId: 'STAFF-03', reservationTime: 'SUPPORT-20250612-15-00',
  supportType: 'ONLINE', reservationMenuList: [{ menuId: 'MENU-60-1', estimatedMinute: 60, menuTitle: 'パソコンの動作が遅い' }],
  counsellingComment: '起動が遅いです', contactDevice: 'PC', contactOs: 'WINDOWS', remoteSupport: 'WISH',
})

/** A charge over a real socket, with the raw header lines exactly as given (node keeps duplicates). */
function rawCharge(token: string, keys: string[], payload: unknown): Promise<{ status: number; body: { message?: string } }> {
  const data = JSON.stringify(payload)
  const headers: [string, string][] = [['host', `127.0.0.1:${port}`], ['content-length', String(Buffer.byteLength(data))], ['content-type', 'application/json'], ['authorization', `Bearer ${token}`], ...keys.map((k): [string, string] => ['Idempotency-Key', k])]
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/charge', headers: headers.flat() }, (res) => {
      let text = ''
      res.on('data', (c: Buffer) => (text += c.toString()))
      res.on('end', () => resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : { raw: String(res.statusCode) } }))
    })
    req.on('error', reject)
    req.end(data)
  })
}

describe('charge with two Idempotency-Key headers', () => {
  it('is refused with 400 and buys nothing; the same charge with one key goes through', async () => {
    const m = await h.member('fresh')
    const cardToken = await h.cardToken(undefined, m.token)
    const twice = await rawCharge(m.token, ['dup-a', 'dup-b'], body(cardToken))
    expect(twice).toEqual({ status: 400, body: { message: requestMessages.idempotencyKeyTwice } })
    // Neither key, nor their join, became a purchase attempt; the member has bought nothing.
    for (const k of ['dup-a', 'dup-b', 'dup-a, dup-b']) expect((await h.get('charge-attempt', { token: m.token, query: { idempotencyKey: k } })).body.status, k).toBe('NONE')
    expect((await h.get('purchase-list', { token: m.token, query: {} })).body.ticketList).toEqual([])
    // In-process too (a Request whose headers were appended twice).
    const headers = new Headers({ 'content-type': 'application/json', authorization: `Bearer ${m.token}` })
    headers.append('Idempotency-Key', 'dup-c')
    headers.append('Idempotency-Key', 'dup-d')
    const inProcess = await h.app.request('/api/charge', { method: 'POST', headers, body: JSON.stringify(body(cardToken)) })
    expect(inProcess.status).toBe(400)
    const once = await rawCharge(m.token, ['dup-a'], body(cardToken))
    expect(once.status).toBe(200)
    expect((await h.get('purchase-list', { token: m.token, query: {} })).body.ticketList).toHaveLength(1)
  })
})
