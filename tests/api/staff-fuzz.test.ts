import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { staffCalls, type StaffCallName } from '../../contract/staff-calls'
import { arbitraryOf, hostile } from '../../bench/reliability/fuzz-core'
import { createHarness, type Harness } from './harness'
import { buySupport, staffAccount } from './staff-harness'

// Property-based requests for every staff call, as an operator and as a consultant: valid ones from
// the schemas (with real ticket numbers, consultants and days so a share reach the handlers' logic)
// and hostile ones (a field replaced, a body that is no object, broken JSON). Never a 5xx, always
// JSON with a message when refused.
const RUNS = Number(process.env.FUZZ_RUNS ?? 20)
type Body = Record<string, unknown>
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- walking valibot's schema objects
type AnySchema = any

let h: Harness
const tokens: Record<'operator' | 'consultant', string> = { operator: '', consultant: '' }
let hints: Record<string, fc.Arbitrary<unknown>> = {}
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
const anyRequest = (name: StaffCallName): fc.Arbitrary<Req> => {
  const schema = staffCalls[name].request as AnySchema
  const keys = Object.keys(schema.entries ?? { ticketNumber: 1, outcome: 1 })
  const valid = requestArb(schema) as fc.Arbitrary<Body>
  return fc.oneof(
    { weight: 3, arbitrary: valid.map((body): Req => ({ kind: 'body', body })) },
    { weight: 3, arbitrary: fc.tuple(valid, keys.length ? fc.constantFrom(...keys) : fc.constant('x'), hostile).map(([b, k, bad]): Req => ({ kind: 'body', body: { ...b, [k]: bad } })) },
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

async function send(name: StaffCallName, token: string, req: Req) {
  const call = staffCalls[name]
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

describe('fuzzing every staff call', () => {
  for (const name of Object.keys(staffCalls) as StaffCallName[]) {
    it(`${name}: no 5xx, JSON with a message when refused`, async () => {
      const statuses: Record<number, number> = {}
      await fc.assert(
        fc.asyncProperty(anyRequest(name), fc.constantFrom('operator' as const, 'consultant' as const), async (req, who) => {
          const r = await send(name, tokens[who], req)
          statuses[r.status] = (statuses[r.status] ?? 0) + 1
          expect(r.status, JSON.stringify({ req, body: r.body }).slice(0, 400)).toBeLessThan(500)
          if (r.status >= 400) expect(typeof (r.body as { message?: unknown })?.message).toBe('string')
        }),
        { numRuns: RUNS, seed: 22 },
      )
      console.log(`${name}: ${JSON.stringify(statuses)}`)
    }, 120_000)
  }
})
