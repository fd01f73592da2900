import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { sharedWhileInFlight } from '../../server/adapters/identity'
import { compressJson } from '../../server/http/compress-json'

// The API's JSON answers, compressed for a client that accepts it (server/http/compress-json.ts).

const big = { supportTicketList: Array.from({ length: 40 }, (_, i) => ({ ticketNumber: `S${i}`, productName: '60分サポートチケット', supportStatus: 'COMPLETED' })) }

function app() {
  const a = new Hono()
  a.use('/api/*', compressJson())
  a.get('/api/big', (c) => c.json(big))
  a.get('/api/small', (c) => c.json({ ok: true }))
  a.get('/api/refused', (c) => c.json({ message: 'x'.repeat(2000) }, 400))
  a.get('/api/file', (c) => c.body('BEGIN:VCALENDAR\n' + 'X'.repeat(4000), 200, { 'content-type': 'text/calendar; charset=utf-8' }))
  return a
}

describe('compressed JSON answers', () => {
  it('Brotli when accepted (a browser), gzip when only that is, the same JSON either way', async () => {
    const br = await app().request('/api/big', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i)
    const brBody = Buffer.from(await br.arrayBuffer())
    expect(Number(br.headers.get('content-length'))).toBe(brBody.length)
    expect(brBody.length).toBeLessThan(JSON.stringify(big).length / 3)
    expect(JSON.parse(brotliDecompressSync(brBody).toString())).toEqual(big)

    const gz = await app().request('/api/big', { headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString())).toEqual(big)
  })

  it('a refusal is compressed too, with its status kept', async () => {
    const res = await app().request('/api/refused', { headers: { 'accept-encoding': 'br' } })
    expect(res.status).toBe(400)
    expect(JSON.parse(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).message).toHaveLength(2000)
  })

  it('a HEAD says what its GET would send: the same coding and Content-Length, no body', async () => {
    for (const [path, accept] of [['/api/big', 'br'], ['/api/big', 'gzip'], ['/api/big', ''], ['/api/small', 'br'], ['/api/refused', '']] as const) {
      const headers = accept ? { 'accept-encoding': accept } : undefined
      const get = await app().request(path, { headers })
      const getLength = Buffer.from(await get.arrayBuffer()).length
      const head = await app().request(path, { method: 'HEAD', headers })
      expect(head.status, `${path} ${accept}`).toBe(get.status)
      expect(head.headers.get('content-encoding'), `${path} ${accept}`).toBe(get.headers.get('content-encoding'))
      expect(head.headers.get('content-length'), `${path} ${accept}`).toBe(String(getLength))
      expect((await head.arrayBuffer()).byteLength).toBe(0)
    }
  })

  it('as it is: without Accept-Encoding, below a kilobyte, and a file answer', async () => {
    const plain = await app().request('/api/big')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.json()).toEqual(big)
    const refusedCoding = await app().request('/api/big', { headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } })
    expect(refusedCoding.headers.get('content-encoding')).toBeNull()
    const small = await app().request('/api/small', { headers: { 'accept-encoding': 'br' } })
    expect(small.headers.get('content-encoding')).toBeNull()
    expect(await small.json()).toEqual({ ok: true })
    const file = await app().request('/api/file', { headers: { 'accept-encoding': 'br' } })
    expect(file.headers.get('content-encoding')).toBeNull()
    expect(await file.text()).toMatch(/^BEGIN:VCALENDAR/)
  })
})

describe("the identity provider's verification, shared while in flight", () => {
  it('one run for the asks that arrive together, a new run for a later ask and for another key', async () => {
    const runs: string[] = []
    let finish!: (v: string) => void
    const verify = sharedWhileInFlight((token) => {
      runs.push(token)
      return new Promise<string>((resolve) => (finish = resolve))
    })
    const together = [verify('t1'), verify('t1'), verify('t1')]
    expect(runs).toEqual(['t1'])
    finish('uid-1')
    await expect(Promise.all(together)).resolves.toEqual(['uid-1', 'uid-1', 'uid-1'])
    const later = verify('t1')
    expect(runs).toEqual(['t1', 't1'])
    finish('uid-1 again')
    await expect(later).resolves.toBe('uid-1 again')
    void verify('t2')
    expect(runs).toEqual(['t1', 't1', 't2'])
  })

  it('a refusal is shared by the asks in flight, and the next ask runs again', async () => {
    let calls = 0
    const verify = sharedWhileInFlight(async () => {
      calls++
      if (calls === 1) throw new Error('revoked')
      return 'ok'
    })
    const [a, b] = [verify('t'), verify('t')]
    await expect(a).rejects.toThrow('revoked')
    await expect(b).rejects.toThrow('revoked')
    await expect(verify('t')).resolves.toBe('ok')
    expect(calls).toBe(2)
  })
})
