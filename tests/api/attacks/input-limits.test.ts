import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { count, is } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as schema from '../../../server/db/schema'
import { createApiClient } from '../../../src/api/client'
import { calls, ChargeRequest, IDEMPOTENCY_HEADER, RatingRequest, type CallName } from '../../../contract/calls'
import { createHarness, type Harness } from '../harness'

/**
 * Input limits and request hygiene (items 8 and 10), as an attacker sends them: bodies far
 * beyond any form (declared, undeclared and chunked), uncapped arrays and strings, cross-site
 * content types, and bodies sent without a token. Runs on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL. The socket cases talk to an in-process server on 127.0.0.1 only.
 */

let h: Harness
let server: ServerType
let port = 0
beforeAll(async () => {
  h = await createHarness()
  server = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())))
  port = (server.address() as AddressInfo).port
}, 60_000)
afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  await h?.close()
})

const names = Object.keys(calls) as CallName[]
const postCalls = names.filter((n) => calls[n].method === 'POST')
const authPostCalls = postCalls.filter((n) => calls[n].auth)
let keyN = 0
const idemKey = () => `input-limits-${Date.now()}-${++keyN}`

type Raw = { status: number; body: { message?: string } | string }
async function raw(path: string, init: RequestInit): Promise<Raw> {
  const res = await h.app.request(path, init)
  const text = await res.text()
  try {
    return { status: res.status, body: JSON.parse(text) as { message?: string } }
  } catch {
    return { status: res.status, body: text }
  }
}
const messageOf = (r: Raw) => (typeof r.body === 'object' && r.body ? r.body.message : undefined)

/** Row counts of every table: "nothing stored" means none of them moved. */
const tables = Object.entries(schema).filter(([, t]) => is(t, PgTable)) as [string, PgTable][]
async function rowCounts() {
  const out: Record<string, number> = {}
  for (const [name, table] of tables) {
    const [r] = await h.db.select({ n: count() }).from(table)
    out[name] = Number(r.n)
  }
  return out
}

const signupBody = (over: Record<string, unknown> = {}) => ({
  memberLastname: '山田', memberFirstname: '太郎', phoneNumber: '09012345678', email: `limit-${Date.now()}-${++keyN}@example.com`,
  password: 'pass1234', registrationAnswers: ['SNS'], source: 'SIGNUP_FORM', recaptchaToken: 'off', lpSource: null, chatbotSourceUrl: null, ...over,
})
const menuItem = (i: number) => ({ menuId: 'MENU-60-1', menuTitle: `パソコンの動作が遅い${i}`, estimatedMinute: 60 })
const chargeBody = (over: Record<string, unknown> = {}) => ({
  productId: 'SUPPORT-60', cardId: '', cardToken: 'tok_none', saveCard: false, staffId: 'STAFF-03', reservationTime: 'SUPPORT-20250612-15-00',
  supportType: 'ONLINE', reservationMenuList: [menuItem(1)], counsellingComment: '起動が遅いです', contactDevice: 'PC', contactOs: 'WINDOWS', remoteSupport: 'WISH', ...over,
})
const detail = (n: number) => Array.from({ length: n }, (_, i) => ({ title: ['親しみやすさ', 'スムーズな進行', '問題解決力', '説明のわかりやすさ'][i % 4], score: 5 }))

// ---- a client on a real socket (node:http), for bodies the in-process request cannot shape ----------

type SocketAnswer = { status: number; body: string; sent: number; answeredBeforeEnd: boolean }
/**
 * POSTs `chunk` repeatedly (with backpressure) until the server answers or `upTo` bytes are sent,
 * then ends the body only if `end`. A server that reads the whole body first answers after the end
 * (or never, when the body is not ended): the answer carries how far the client got.
 */
function socketPost(path: string, headers: Record<string, string>, o: { chunk: Buffer; upTo: number; end: boolean; timeoutMs?: number }) {
  return new Promise<SocketAnswer>((resolve) => {
    let sent = 0
    let ended = false
    let done = false
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers, agent: false })
    const finish = (status: number, body: string) => {
      if (done) return
      done = true
      clearTimeout(timer)
      req.destroy()
      resolve({ status, body, sent, answeredBeforeEnd: !ended })
    }
    const timer = setTimeout(() => finish(0, 'no answer'), o.timeoutMs ?? 5_000)
    req.on('response', (res) => {
      const parts: Buffer[] = []
      res.on('data', (b: Buffer) => parts.push(b))
      res.on('end', () => finish(res.statusCode ?? 0, Buffer.concat(parts).toString()))
      res.on('error', () => finish(res.statusCode ?? 0, Buffer.concat(parts).toString()))
    })
    // Once the server has answered it may close while we still write: that is the point, not an error.
    req.on('error', () => setTimeout(() => finish(-1, 'connection error'), 200))
    const pump = () => {
      while (!done && sent < o.upTo) {
        sent += o.chunk.length
        if (!req.write(o.chunk)) {
          req.once('drain', pump)
          return
        }
      }
      if (!done && o.end) {
        ended = true
        req.end()
      }
    }
    req.flushHeaders()
    pump()
  })
}

describe('body size limit on every call (413, the body never read in full)', () => {
  it.each(postCalls)('%s: a 1 MB JSON body answers 413 with a JSON message', async (name) => {
    const m = calls[name].auth ? await h.member('fresh') : null
    const r = await raw(`/api/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: idemKey(), ...(m ? { authorization: `Bearer ${m.token}` } : {}) },
      body: JSON.stringify({ pad: 'a'.repeat(1 << 20) }),
    })
    expect(r.status).toBe(413)
    expect(messageOf(r)).toMatch(/大きすぎます|長すぎます/)
  })

  it('a 1 MB anonymous signup-request (valid fields, a huge lpSource) stores nothing and sends no mail', async () => {
    const before = await rowCounts()
    const mails = h.mailer.sent.length
    const r = await raw('/api/signup-request', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(signupBody({ lpSource: 'x'.repeat(1 << 20) })) })
    expect(r.status).toBe(413)
    expect(await rowCounts()).toEqual(before)
    expect(h.mailer.sent.length).toBe(mails)
  })

  it('a charge with 10,000 menu items answers 413 and stores nothing', async () => {
    const m = await h.member('demo')
    const before = await rowCounts()
    const r = await raw('/api/charge', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${m.token}`, [IDEMPOTENCY_HEADER]: idemKey() },
      body: JSON.stringify(chargeBody({ reservationMenuList: Array.from({ length: 10_000 }, (_, i) => menuItem(i)) })),
    })
    expect(r.status).toBe(413)
    expect(await rowCounts()).toEqual(before)
  })

  it('a body without Content-Length is read only up to the limit (in-process stream of 8 MB)', async () => {
    let pulled = 0
    const chunk = new TextEncoder().encode(`{"pad":"${'a'.repeat(64 * 1024)}`)
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 8 << 20) return controller.close()
        pulled += chunk.length
        controller.enqueue(chunk)
      },
    })
    const r = await raw('/api/signup-request', { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream, duplex: 'half' } as RequestInit)
    expect(r.status).toBe(413)
    expect(pulled).toBeLessThan(1 << 20)
  })

  it('socket: a declared 100 MB body answers 413 at once, before the client sends it', async () => {
    const a = await socketPost('/api/signup-request', { 'content-type': 'application/json', 'content-length': String(100 << 20) }, { chunk: Buffer.from('{"email":"'), upTo: 10, end: false })
    expect(a.status).toBe(413)
    expect(JSON.parse(a.body).message).toMatch(/大きすぎます|長すぎます/)
  })

  it('socket: a chunked body with no Content-Length answers 413 while the client is still sending', async () => {
    const a = await socketPost('/api/signup-request', { 'content-type': 'application/json' }, { chunk: Buffer.from(`{"lpSource":"${'a'.repeat(16 * 1024)}`), upTo: 16 << 20, end: true, timeoutMs: 15_000 })
    expect(a.status).toBe(413)
    expect(a.answeredBeforeEnd).toBe(true)
    expect(a.sent).toBeLessThan(16 << 20)
  })

  it('socket: an auth call without a token answers 401 before any body arrives', async () => {
    const a = await socketPost('/api/charge', { 'content-type': 'application/json', 'content-length': String(100 << 20) }, { chunk: Buffer.alloc(0), upTo: 0, end: false })
    expect(a.status).toBe(401)
  })

  it('GET: a query string beyond the cap answers 414; an ordinary one still works', async () => {
    const m = await h.member('fresh')
    const big = await h.get('user-data', { token: m.token, query: { data: 'MEMBER', pad: 'a'.repeat(10_000) } })
    expect(big.status).toBe(414)
    expect(big.body.message).toMatch(/大きすぎます|長すぎます/)
    expect((await h.get('user-data', { token: m.token, query: { data: 'MEMBER' } })).status).toBe(200)
  })
})

describe('caps on arrays and strings', () => {
  it('rating: five sub-scores answer 400; 20,000 are refused by the schema and by the body limit; the ticket stays rateable', async () => {
    const m = await h.member('demo')
    const list = (await h.get('user-data', { token: m.token, query: { data: 'MEMBER_SUPPORT_TICKET' } })).body.supportTicketList as { ticketNumber: string; supportStatus: string; alreadyRating: boolean }[]
    const unrated = list.find((t) => t.supportStatus === 'COMPLETED' && !t.alreadyRating)!
    const base = { ticketNumber: unrated.ticketNumber, memberTotalScore: 4 }
    const five = await h.post('rating', { token: m.token, body: { ...base, memberDetailScore: detail(5) } })
    expect(five.status).toBe(400)
    expect(five.body.message).toMatch(/memberDetailScore/)
    expect(v.safeParse(RatingRequest, { ...base, memberDetailScore: detail(20_000) }).success).toBe(false)
    expect((await h.post('rating', { token: m.token, body: { ...base, memberDetailScore: detail(20_000) } })).status).toBe(413)
    expect((await h.post('rating', { token: m.token, body: { ...base, memberDetailScore: detail(4) } })).status).toBe(200)
  })

  it('charge: 21 menu items answer 400 naming the field; 10,000 are refused by the schema', async () => {
    const m = await h.member('demo')
    const before = await rowCounts()
    const r = await h.post('charge', { token: m.token, headers: { [IDEMPOTENCY_HEADER]: idemKey() }, body: chargeBody({ reservationMenuList: Array.from({ length: 21 }, (_, i) => menuItem(i)) }) })
    expect(r.status).toBe(400)
    expect(r.body.message).toMatch(/reservationMenuList/)
    expect(await rowCounts()).toEqual(before)
    expect(v.safeParse(ChargeRequest, chargeBody({ reservationMenuList: Array.from({ length: 10_000 }, (_, i) => menuItem(i)) })).success).toBe(false)
  })

  // Long strings within the body limit: each answers 400 naming its field (today they reach the handlers).
  const long: [CallName, Record<string, unknown>, string][] = [
    ['login', { recaptchaToken: 'a'.repeat(5_000) }, 'recaptchaToken'],
    ['signup-request', signupBody({ recaptchaToken: 'a'.repeat(5_000) }), 'recaptchaToken'],
    ['signup-request', signupBody({ lpSource: 'a'.repeat(1_000) }), 'lpSource'],
    ['signup-request', signupBody({ chatbotSourceUrl: `https://example.com/${'a'.repeat(3_000)}` }), 'chatbotSourceUrl'],
    ['signup-request', signupBody({ registrationAnswers: Array.from({ length: 50 }, () => 'SNS') }), 'registrationAnswers'],
    ['signup-request', signupBody({ registrationAnswers: ['a'.repeat(1_000)] }), 'registrationAnswers'],
    ['signup-complete', { token: 'a'.repeat(1_000) }, 'token'],
    ['email-change-complete', { token: 'a'.repeat(1_000) }, 'token'],
    ['password-reset', { authCode: '1'.repeat(1_000), email: 'a@example.com', newPassword: 'pass1234', newPasswordConfirm: 'pass1234' }, 'authCode'],
    ['charge', chargeBody({ couponCode: 'C'.repeat(1_000) }), 'couponCode'],
    ['charge', chargeBody({ cardToken: 't'.repeat(2_000) }), 'cardToken'],
    ['charge', chargeBody({ reservationMenuList: [{ ...menuItem(1), menuTitle: 'あ'.repeat(1_000) }] }), 'reservationMenuList'],
    ['update-resevation-date', { ticketNumber: 'S1', staffId: 'S'.repeat(1_000), reservationTime: 'SUPPORT-20250612-15-00', minutesToSupport: 60 }, 'staffId'],
    ['rating', { ticketNumber: 'S'.repeat(1_000), memberTotalScore: 4, memberDetailScore: detail(4) }, 'ticketNumber'],
    ['rating', { ticketNumber: 'S1', memberTotalScore: 4, memberDetailScore: [{ title: 'あ'.repeat(1_000), score: 5 }] }, 'memberDetailScore'],
    ['tdsFinish', { tokenId: 't'.repeat(2_000) }, 'tokenId'],
    ['get-coupon', { couponCode: 'C'.repeat(1_000) }, 'couponCode'],
  ]
  it.each(long)('%s: a long string (%#) answers 400 naming the field', async (name, body, field) => {
    const m = calls[name].auth ? await h.member('fresh') : null
    const r = await h.post(name, { token: m?.token, headers: { [IDEMPOTENCY_HEADER]: idemKey() }, body })
    expect(r.status).toBe(400)
    expect(r.body.message).toContain(field)
  })

  it('GET: long ids in a query answer 400 naming the field', async () => {
    const m = await h.member('fresh')
    const t = await h.get('ticket-data', { token: m.token, query: { ticketNumber: 'S'.repeat(500), action: 'RATING' } })
    expect(t.status).toBe(400)
    expect(t.body.message).toContain('ticketNumber')
    const c = await h.get('coupon-valid', { token: m.token, query: { productId: 'SUPPORT-60', couponCode: 'C'.repeat(500) } })
    expect(c.status).toBe(400)
    expect(c.body.message).toContain('couponCode')
  })
})

describe('content type of writes (415) and the token before the body (401)', () => {
  const badTypes = ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/jsonx']
  it.each(postCalls)('%s: a JSON text sent as a cross-site form content type answers 415', async (name) => {
    const m = calls[name].auth ? await h.member('fresh') : null
    for (const type of badTypes) {
      const r = await raw(`/api/${name}`, {
        method: 'POST',
        headers: { 'content-type': type, [IDEMPOTENCY_HEADER]: idemKey(), ...(m ? { authorization: `Bearer ${m.token}` } : {}) },
        body: '{}',
      })
      expect(r.status, type).toBe(415)
      expect(messageOf(r), type).toMatch(/application\/json/)
    }
  })

  it('a text/plain signup-request (what a cross-site form can send) sends no mail and stores nothing', async () => {
    const before = await rowCounts()
    const mails = h.mailer.sent.length
    const r = await raw('/api/signup-request', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(signupBody()) })
    expect(r.status).toBe(415)
    expect(h.mailer.sent.length).toBe(mails)
    expect(await rowCounts()).toEqual(before)
    // The same request as JSON is fine (proves the body was valid).
    expect((await h.post('signup-request', { body: signupBody() })).status).toBe(200)
  })

  it('application/json with a charset and in capitals is accepted', async () => {
    const m = await h.member('fresh')
    for (const type of ['application/json; charset=utf-8', 'Application/JSON']) {
      const r = await raw('/api/user-update', { method: 'POST', headers: { 'content-type': type, authorization: `Bearer ${m.token}` }, body: JSON.stringify({ memberLastname: '山田', memberFirstname: '花子', phoneNumber: '0312345678' }) })
      expect(r.status, type).toBe(200)
    }
  })

  it.each(authPostCalls)('%s: invalid JSON (and a form body) without a token answers 401', async (name) => {
    expect((await raw(`/api/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":' })).status).toBe(401)
    expect((await raw(`/api/${name}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'a=1' })).status).toBe(401)
    expect((await raw(`/api/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pad: 'a'.repeat(1 << 20) }) })).status).toBe(401)
  })

  it('cancel-account with the spec\'s empty body: from the SPA client, and as a bare POST with no body', async () => {
    const a = await h.member('fresh')
    const api = createApiClient({ baseUrl: '/api', getIdToken: async () => a.token, fetch: ((url: string, init: RequestInit) => h.app.request(url, init)) as typeof fetch })
    await expect(api.call('cancel-account', {})).resolves.toEqual({})
    const b = await h.member('fresh')
    expect((await raw('/api/cancel-account', { method: 'POST', headers: { authorization: `Bearer ${b.token}` } })).status).toBe(200)
  })

  it('every call × bad content types and bodies, with and without a token: 4xx with a JSON message, never 5xx', async () => {
    const m = await h.member('demo')
    const types = [undefined, ...badTypes, 'application/json', 'application/json; charset=utf-16', '%%%', '']
    const bodies = ['', '{', 'a=1&b=2', '{"x":1}', '\u0000', JSON.stringify({ pad: 'あ'.repeat(20_000) })]
    const seen: string[] = []
    for (const name of names) {
      for (const token of [undefined, m.token]) {
        for (const type of types) {
          for (const body of calls[name].method === 'GET' ? [undefined] : bodies) {
            const headers: Record<string, string> = { [IDEMPOTENCY_HEADER]: idemKey() }
            if (type !== undefined) headers['content-type'] = type
            if (token) headers.authorization = `Bearer ${token}`
            const r = await raw(`/api/${name}${calls[name].method === 'GET' ? '?x=1' : ''}`, { method: calls[name].method, headers, body })
            if (r.status >= 500 || (r.status >= 400 && typeof messageOf(r) !== 'string')) seen.push(`${name} ${type} ${token ? 'token' : '-'} ${JSON.stringify(body?.slice(0, 20))}: ${r.status} ${JSON.stringify(r.body).slice(0, 80)}`)
            if (calls[name].method === 'POST' && body !== '{"x":1}' && body !== '' && r.status < 400) seen.push(`${name} ${type} accepted ${JSON.stringify(body?.slice(0, 20))}`)
          }
        }
      }
    }
    expect(seen).toEqual([])
  }, 120_000)
})

// ---- the contract: every array and string capped, and every capped request fits its call's body ----

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- walking valibot's schema objects
type AnySchema = any
const maxOf = (s: AnySchema): number | undefined => (s.pipe as AnySchema[] | undefined)?.find((a) => a.type === 'max_length')?.requirement

/** Paths of strings and arrays without a max length in a request schema. */
function uncapped(s: AnySchema, path: string, out: string[]) {
  switch (s.type) {
    case 'string':
      if (maxOf(s) === undefined) out.push(path)
      return
    case 'array':
      if (maxOf(s) === undefined) out.push(`${path}[]`)
      return uncapped(s.item, `${path}[]`, out)
    case 'object':
    case 'strict_object':
    case 'loose_object':
      for (const [k, e] of Object.entries(s.entries as Record<string, AnySchema>)) uncapped(e, path ? `${path}.${k}` : k, out)
      return
    case 'union':
      return (s.options as AnySchema[]).forEach((o) => uncapped(o, path, out))
    case 'optional':
    case 'nullable':
    case 'nullish':
    case 'exact_optional':
      return uncapped(s.wrapped, path, out)
    case 'number':
    case 'boolean':
    case 'literal':
    case 'picklist':
    case 'null':
      return
    default:
      out.push(`${path} (${s.type})`)
  }
}

/**
 * The most bytes a request the schema accepts can take as JSON from JSON.stringify: a string
 * character is at most 3 bytes of UTF-8 (a surrogate pair is 2 characters for 4 bytes), a number at
 * most 24 characters. For a GET query, the same bound holds for ids percent-encoded (3 bytes each).
 */
function jsonBound(s: AnySchema): number {
  switch (s.type) {
    case 'string':
      return (maxOf(s) ?? Infinity) * 3 + 2
    case 'number':
      return 24
    case 'boolean':
      return 5
    case 'null':
      return 4
    case 'literal':
      return JSON.stringify(s.literal).length
    case 'picklist':
      return Math.max(...(s.options as unknown[]).map((o) => JSON.stringify(o).length))
    case 'optional':
    case 'nullable':
    case 'nullish':
    case 'exact_optional':
      return Math.max(4, jsonBound(s.wrapped))
    case 'union':
      return Math.max(...(s.options as AnySchema[]).map(jsonBound))
    case 'array':
      return 2 + (maxOf(s) ?? Infinity) * (jsonBound(s.item) + 1)
    case 'object':
    case 'strict_object':
    case 'loose_object':
      return 2 + Object.entries(s.entries as Record<string, AnySchema>).reduce((sum, [k, e]) => sum + JSON.stringify(k).length + 2 + jsonBound(e), 0)
    default:
      return Infinity
  }
}

describe('the contract caps every array and string of every request', () => {
  it.each(names)('%s: no string or array without a max length', (name) => {
    const out: string[] = []
    uncapped(calls[name].request, '', out)
    expect(out).toEqual([])
  })

  it.each(names)('%s: the largest request the schema accepts fits the call\'s body or query limit', async (name) => {
    const { bodyLimitOf, QUERY_LIMIT } = await import('../../../server/http/body')
    const bound = jsonBound(calls[name].request)
    expect(bound).toBeLessThanOrEqual(calls[name].method === 'GET' ? QUERY_LIMIT : bodyLimitOf(name))
  })
})
