import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deskCalls } from '../../contract/desk-calls'
import { staffCalls } from '../../contract/staff-calls'
import { isJapanese } from '../../contract/validation-messages'
import { arbitraryOf, hostile } from '../../bench/reliability/fuzz-core'
import { createHarness, type Harness } from './harness'
import { buySupport, staffAccount } from './staff-harness'

// Property-based requests for every staff call, as an operator and as a consultant: valid ones from
// the schemas (with real ticket numbers, consultants and days so a share reach the handlers' logic)
// and hostile ones (a field replaced, a key left out, a body that is no object, broken JSON). Never
// a 5xx, always JSON with a message when refused — and that message is for a person: Japanese, with
// none of valibot's English defaults ("Invalid type: Expected …"), for the desk's calls too.
const RUNS = Number(process.env.FUZZ_RUNS ?? 20)
type Body = Record<string, unknown>
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- walking valibot's schema objects
type AnySchema = any

let h: Harness
const tokens: Record<'operator' | 'consultant', string> = { operator: '', consultant: '' }
let hints: Record<string, fc.Arbitrary<unknown>> = {}
const registry = { ...staffCalls, ...deskCalls }
type CallName = keyof typeof registry
/** Words of a validation library's or a framework's English message. */
const ENGLISH = /\b(?:invalid|expected|received|required|must|undefined|header is|body|not found)\b/i
beforeAll(async () => {
  h = await createHarness()
  const m = await h.member('fresh')
  const bought = await buySupport(h, m, { reservationTime: 'SUPPORT-20250612-15-00', staffId: 'STAFF-03' })
  tokens.operator = (await staffAccount(h, [{ role: 'operator' }])).token
  tokens.consultant = (await staffAccount(h, [{ role: 'consultant', staffId: 'STAFF-03' }])).token
  const days = ['20250610', '20250612', '20250620', '20250701', '20240229', '20251301']
  hints = {
    ticketNumber: fc.constantFrom(bought.ticketNumber, 'S0000000000000', 'M10000001001'),
    staffId: fc.constantFrom('STAFF-01', 'STAFF-03', 'STAFF-06', 'NOBODY'),
    from: fc.constantFrom(...days),
    ymd: fc.constantFrom(...days),
    email: fc.constantFrom('demo@example.com', 'fuzz-new@example.com'),
    uid: fc.constantFrom('MB10000001', 'nobody'),
    productId: fc.constantFrom('ADD-30', 'SUPPORT-60', 'X'),
  }
}, 60_000)
afterAll(async () => h?.close())

const requestArb = (schema: AnySchema): fc.Arbitrary<unknown> =>
  schema.type === 'variant' ? fc.oneof(...(schema.options as AnySchema[]).map((o) => arbitraryOf(o, hints))) : arbitraryOf(schema, hints)

type Req = { kind: 'body'; body: unknown } | { kind: 'broken'; text: string }
const anyRequest = (name: CallName): fc.Arbitrary<Req> => {
  const schema = registry[name].request as AnySchema
  const keys = Object.keys(schema.entries ?? { ticketNumber: 1, outcome: 1 })
  const valid = requestArb(schema) as fc.Arbitrary<Body>
  return fc.oneof(
    { weight: 3, arbitrary: valid.map((body): Req => ({ kind: 'body', body })) },
    { weight: 3, arbitrary: fc.tuple(valid, keys.length ? fc.constantFrom(...keys) : fc.constant('x'), hostile).map(([b, k, bad]): Req => ({ kind: 'body', body: { ...b, [k]: bad } })) },
    { weight: 2, arbitrary: fc.tuple(valid, keys.length ? fc.constantFrom(...keys) : fc.constant('x')).map(([b, k]): Req => ({ kind: 'body', body: Object.fromEntries(Object.entries(b ?? {}).filter(([key]) => key !== k)) })) },
    { weight: 1, arbitrary: fc.tuple(valid, keys.length ? fc.constantFrom(...keys) : fc.constant('x'), fc.constantFrom<unknown>('true', 'x', 1, 'a\u0000b', '\u0007')).map(([b, k, bad]): Req => ({ kind: 'body', body: { ...b, [k]: bad } })) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(null, 0, 'x', [], true, [{}]).map((body): Req => ({ kind: 'body', body })) },
    { weight: 1, arbitrary: fc.constantFrom('{', '{"a":}', '\u0000', 'ｎｕｌｌ').map((text): Req => ({ kind: 'broken', text })) },
  )
}

const toQuery = (body: unknown) => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return `?q=${encodeURIComponent(JSON.stringify(body) ?? '')}`
  const q = new URLSearchParams()
  for (const [k, val] of Object.entries(body)) if (val !== undefined) q.append(k, typeof val === 'object' && val !== null ? JSON.stringify(val) : String(val))
  return `?${q}`
}

async function send(name: CallName, token: string, req: Req) {
  const call = registry[name]
  const headers: Record<string, string> = { authorization: `Bearer ${token}` }
  let url = `/api/staff/${name}`
  let init: RequestInit = { method: call.method, headers }
  if (call.method === 'GET') url += req.kind === 'broken' ? `?${encodeURIComponent(req.text)}` : toQuery(req.body)
  else {
    headers['content-type'] = 'application/json'
    init = { ...init, body: req.kind === 'broken' ? req.text : JSON.stringify(req.body) }
  }
  const res = await h.app.request(url, init)
  const text = await res.text()
  let body: unknown = null
  try {
    body = JSON.parse(text)
  } catch {
    body = text
  }
  return { status: res.status, body }
}

describe('fuzzing every staff and desk call', () => {
  for (const name of Object.keys(registry) as CallName[]) {
    // The desk is the operator's: a consultant is refused before any input is read.
    const callers = registry[name].role === 'operator' ? (['operator'] as const) : (['operator', 'consultant'] as const)
    it(`${name}: no 5xx, a Japanese message when refused`, async () => {
      const statuses: Record<number, number> = {}
      await fc.assert(
        fc.asyncProperty(anyRequest(name), fc.constantFrom(...callers), async (req, who) => {
          const r = await send(name, tokens[who], req)
          statuses[r.status] = (statuses[r.status] ?? 0) + 1
          const what = JSON.stringify({ req, body: r.body }).slice(0, 400)
          expect(r.status, what).toBeLessThan(500)
          if (r.status >= 400) {
            const message = (r.body as { message?: unknown })?.message
            expect(typeof message, what).toBe('string')
            expect(isJapanese(message as string), what).toBe(true)
            expect(message, what).not.toMatch(ENGLISH)
          }
        }),
        { numRuns: RUNS, seed: 22 },
      )
      console.log(`${name}: ${JSON.stringify(statuses)}`)
    }, 120_000)
  }
})
