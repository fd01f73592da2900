import fc from 'fast-check'
import { calls, type CallName, IDEMPOTENCY_HEADER, sandboxTestCards } from '../../contract/calls'
import type { Harness } from '../../tests/api/harness'

/**
 * Property-based requests for every call of contract/calls.ts, shared by
 * tests/api/fuzz.test.ts (a moderate number per call) and bench/reliability/fuzz.ts (≥ 500 per call).
 * Valid requests are built from the valibot schemas themselves (plus real ids from the seed, so the
 * handlers run deep); invalid ones mutate them: wrong types, huge strings, full-width and control
 * characters, negative and huge numbers, missing fields, non-object bodies, broken JSON.
 * The property: never a 5xx, and every answer is JSON (`{ message }` when it is an error).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- walking valibot's schema objects
type AnySchema = any
type Body = Record<string, unknown>

// ---- valid values from a schema -------------------------------------------------------------

function stringArb(schema: AnySchema): fc.Arbitrary<string> {
  const pipe: AnySchema[] = schema.pipe ?? []
  const regex = pipe.find((a) => a.type === 'regex')?.requirement as RegExp | undefined
  if (regex) return fc.stringMatching(regex)
  const max = pipe.find((a) => a.type === 'max_length')?.requirement as number | undefined
  const min = pipe.some((a) => a.type === 'non_empty') ? 1 : ((pipe.find((a) => a.type === 'min_length')?.requirement as number | undefined) ?? 0)
  return fc.string({ minLength: min, maxLength: Math.min(max ?? 40, 40), unit: 'grapheme' })
}

function numberArb(schema: AnySchema): fc.Arbitrary<number> {
  const pipe: AnySchema[] = schema.pipe ?? []
  const min = pipe.find((a) => a.type === 'min_value')?.requirement as number | undefined
  const max = pipe.find((a) => a.type === 'max_value')?.requirement as number | undefined
  if (pipe.some((a) => a.type === 'integer')) return fc.integer({ min: min ?? -1_000_000, max: max ?? 1_000_000 })
  return fc.oneof(fc.integer({ min: min ?? -100_000, max: max ?? 100_000 }), fc.double({ noNaN: true, noDefaultInfinity: true, min: min ?? -1e6, max: max ?? 1e6 }))
}

export function arbitraryOf(schema: AnySchema, hints: Record<string, fc.Arbitrary<unknown>> = {}, key?: string): fc.Arbitrary<unknown> {
  const own = ((): fc.Arbitrary<unknown> => {
    switch (schema.type) {
      case 'string':
        return stringArb(schema)
      case 'number':
        return numberArb(schema)
      case 'boolean':
        return fc.boolean()
      case 'literal':
        return fc.constant(schema.literal)
      case 'picklist':
        return fc.constantFrom(...(schema.options as unknown[]))
      case 'union':
        return fc.oneof(...(schema.options as AnySchema[]).map((o) => arbitraryOf(o, hints, key)))
      case 'nullable':
        return fc.option(arbitraryOf(schema.wrapped, hints, key), { nil: null })
      case 'optional':
      case 'exact_optional':
      case 'nullish':
        return arbitraryOf(schema.wrapped, hints, key)
      case 'array':
        return fc.array(arbitraryOf(schema.item, hints), { maxLength: 4 })
      case 'object':
      case 'strict_object':
      case 'loose_object': {
        const entries = schema.entries as Record<string, AnySchema>
        const model: Record<string, fc.Arbitrary<unknown>> = {}
        const required: string[] = []
        for (const [k, s] of Object.entries(entries)) {
          model[k] = arbitraryOf(s, hints, k)
          if (!['optional', 'exact_optional', 'nullish'].includes(s.type)) required.push(k)
        }
        return fc.record(model, { requiredKeys: required })
      }
      default:
        return fc.anything()
    }
  })()
  // Known ids from the seed and the member's own rows, so a share of requests reach the handler's logic.
  const hint = key ? hints[key] : undefined
  return hint && !['object', 'array', 'nullable', 'optional', 'nullish', 'union'].includes(schema.type) ? fc.oneof(own, hint) : own
}

/** Valid requests: the schema's arbitrary; a "confirm" field copies its twin half of the time. */
export const validRequest = (name: CallName, hints: Record<string, fc.Arbitrary<unknown>>) =>
  fc.tuple(arbitraryOf(calls[name].request, hints) as fc.Arbitrary<Body>, fc.boolean()).map(([body, twin]) =>
    twin && typeof body.newPassword === 'string' ? { ...body, newPasswordConfirm: body.newPassword } : body,
  )

// ---- invalid values ---------------------------------------------------------------------------

const fullWidth = fc.string({ unit: fc.constantFrom(...'０１２３４５６７８９ＡＢＣａｂｃ＠．－　アイウ漢字'), minLength: 1, maxLength: 30 })
const control = fc.string({ unit: fc.integer({ min: 0, max: 31 }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 20 })
const nasty = fc.constantFrom('\u0000', '\ud800', '\u202e', '💥'.repeat(50), "' OR 1=1 --", '"; DROP TABLE members; --', '../../etc/passwd', '%00', '__proto__', 'constructor', '{"a":', '\\', '1e309', 'NaN', '-0')
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('a', 'あ', '\u0000', 'Ａ').map((c) => c.repeat(100_000)), // huge strings
  fullWidth,
  control,
  nasty,
  fc.integer({ min: -1e9, max: -1 }),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, 2 ** 53, -(2 ** 31), 0.1, -0),
  fc.constantFrom(null, true, false, [], {}, [1, 'a'], { $gt: '' }),
  fc.array(fc.anything(), { maxLength: 3 }),
  fc.object({ maxDepth: 2 }),
  fc.constant(JSON.parse('{"__proto__":{"polluted":1}}') as unknown),
)

/** A raw POST body text or a query for GET: invalid in one of several ways. */
export type Mutation =
  | { kind: 'field'; body: Body }
  | { kind: 'missing'; body: Body }
  | { kind: 'extra'; body: Body }
  | { kind: 'not-object'; raw: unknown }
  | { kind: 'broken-json'; text: string }

export const invalidRequest = (name: CallName, hints: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Mutation> => {
  const base = validRequest(name, hints)
  const keys = Object.keys((calls[name].request as AnySchema).entries ?? {})
  const pickKey = keys.length ? fc.constantFrom(...keys) : fc.constant('x')
  return fc.oneof(
    { weight: 4, arbitrary: fc.tuple(base, pickKey, hostile).map(([b, k, bad]): Mutation => ({ kind: 'field', body: { ...b, [k]: bad } })) },
    { weight: 2, arbitrary: fc.tuple(base, pickKey).map(([b, k]): Mutation => { const c = { ...b }; delete c[k]; return { kind: 'missing', body: c } }) },
    { weight: 1, arbitrary: fc.tuple(base, fc.string({ minLength: 1, maxLength: 20 }), hostile).map(([b, k, bad]): Mutation => ({ kind: 'extra', body: { ...b, [k]: bad } })) },
    { weight: 1, arbitrary: fc.oneof(fc.constantFrom(null, 0, 'x', [], true), fc.array(fc.anything(), { maxLength: 3 }), fc.constant(nestedDeep(2000))).map((raw): Mutation => ({ kind: 'not-object', raw })) },
    { weight: 1, arbitrary: fc.constantFrom('{', '{"a":}', 'null', '[', '\u0000', '{"x":1}}', 'ｎｕｌｌ', '"\\ud800"').map((text): Mutation => ({ kind: 'broken-json', text })) },
  )
}

function nestedDeep(depth: number): unknown {
  let x: unknown = 1
  for (let i = 0; i < depth; i++) x = { a: x }
  return x
}

// ---- sending ------------------------------------------------------------------------------------

const toQuery = (body: unknown): string => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return `?q=${encodeURIComponent(JSON.stringify(body) ?? '')}`
  const q = new URLSearchParams()
  for (const [k, val] of Object.entries(body)) {
    if (val === undefined) continue
    if (Array.isArray(val)) for (const x of val) q.append(k, typeof x === 'object' ? JSON.stringify(x) : String(x))
    else q.append(k, typeof val === 'object' && val !== null ? JSON.stringify(val) : String(val))
  }
  return `?${q.toString()}`
}

export type Sent = { status: number; json: boolean; message: boolean }

/** Sends one generated request in-process; a thrown error (not an HTTP answer) is a crash. */
export async function send(h: Harness, name: CallName, req: Mutation | { kind: 'valid'; body: Body }, auth: { token?: string; key?: string }): Promise<Sent> {
  const call = calls[name]
  const headers: Record<string, string> = {}
  if (auth.token) headers.authorization = `Bearer ${auth.token}`
  if (auth.key) headers[IDEMPOTENCY_HEADER] = auth.key
  let url = `/api/${name}`
  let init: RequestInit = { method: call.method, headers }
  const payload = 'body' in req ? req.body : 'raw' in req ? req.raw : undefined
  if (call.method === 'GET') {
    url += req.kind === 'broken-json' ? `?${encodeURIComponent(req.text)}` : toQuery(payload)
  } else {
    headers['content-type'] = 'application/json'
    init = { ...init, body: req.kind === 'broken-json' ? req.text : JSON.stringify(payload) }
  }
  const res = await h.app.request(url, init)
  const text = await res.text()
  let parsed: unknown
  let json = true
  try {
    parsed = JSON.parse(text)
  } catch {
    json = false
  }
  const message = res.status < 400 || (typeof parsed === 'object' && parsed !== null && typeof (parsed as { message?: unknown }).message === 'string')
  return { status: res.status, json, message }
}

// ---- the run ------------------------------------------------------------------------------------

export type CallReport = { call: CallName; valid: number; invalid: number; accepted: number; byStatus: Record<string, number>; fiveHundreds: number; notJson: number; crashes: number }

/** Real ids the generated requests draw from (the seed's products and coupons, the member's rows). */
export async function fuzzHints(h: Harness, token: string, email: string) {
  const support = await h.get('user-data', { token, query: { data: 'MEMBER_SUPPORT_TICKET' } })
  const tickets = ((support.body.supportTicketList ?? []) as { ticketNumber: string }[]).map((t) => t.ticketNumber)
  const cardTokens = await Promise.all([h.cardToken(undefined, token), h.cardToken(undefined, token), h.cardToken(sandboxTestCards.declined, token).catch(() => 'tok_none')])
  const hints: Record<string, fc.Arbitrary<unknown>> = {
    productId: fc.constantFrom('SUPPORT-30', 'SUPPORT-60', 'SUPPORT-90', 'SUPPORT-120', 'INTERVIEW', 'ADD-30', 'TIP-500'),
    couponCode: fc.constantFrom('CAMPAIGN2000', 'SUPPORT60-1000', 'NOPE'),
    recaptchaToken: fc.constant('off'),
    email: fc.constant(email),
    cardId: fc.constant(''),
    staffId: fc.constantFrom('STAFF-01', 'STAFF-03', 'STAFF-04', ''),
    dt: fc.constantFrom('20250610', '20250611', '20250613', '20250630', '99999999'),
    reservationTime: fc.constantFrom('SUPPORT-20250611-14-00', 'SUPPORT-20250613-10-00', 'SUPPORT-20250612-16-30', 'ADD', 'TIP'),
    minutesToSupport: fc.constantFrom(30, 60, 90, 120),
    cardToken: fc.constantFrom(...cardTokens),
    tokenId: fc.constantFrom(...cardTokens),
    number: fc.constantFrom(...Object.values(sandboxTestCards)),
    period: fc.constantFrom('LAST_3_MONTHS', '2024', '2025'),
  }
  if (tickets.length) {
    hints.ticketNumber = fc.constantFrom(...tickets)
    hints.parentTicketNumber = fc.constantFrom(...tickets)
  }
  return hints
}

/**
 * Runs `perCall` requests (half valid, half invalid) against one call. Member calls carry the
 * token of a member of their own ('demo' fixture), and some requests none at all.
 */
export async function fuzzCall(h: Harness, name: CallName, perCall: number, seed?: number): Promise<CallReport> {
  const call = calls[name]
  const m = await h.member('demo')
  const hints = await fuzzHints(h, m.token, m.email)
  const report: CallReport = { call: name, valid: 0, invalid: 0, accepted: 0, byStatus: {}, fiveHundreds: 0, notJson: 0, crashes: 0 }
  const request = fc.oneof(
    validRequest(name, hints).map((body) => ({ kind: 'valid' as const, body })),
    invalidRequest(name, hints),
  )
  const authArb = fc.record({ anonymous: fc.integer({ min: 0, max: 9 }).map((x) => x < 2), key: fc.option(fc.uuid(), { nil: undefined }) })
  let n = 0
  await fc.assert(
    fc.asyncProperty(request, authArb, async (req, a) => {
      n++
      if (req.kind === 'valid') report.valid++
      else report.invalid++
      let sent: Sent
      try {
        sent = await send(h, name, req, { token: call.auth && !a.anonymous ? m.token : undefined, key: name === 'charge' ? (a.key ?? undefined) : undefined })
      } catch (e) {
        report.crashes++
        throw e
      }
      report.byStatus[sent.status] = (report.byStatus[sent.status] ?? 0) + 1
      if (sent.status === 200) report.accepted++
      if (sent.status >= 500) report.fiveHundreds++
      if (!sent.json || !sent.message) report.notJson++
      return sent.status < 500 && sent.json && sent.message
    }),
    { numRuns: perCall, seed, endOnFailure: true },
  ).catch((e: Error) => {
    throw new Error(`fuzz ${name} after ${n} runs: ${e.message.slice(0, 4000)}`)
  })
  return report
}

export const callNames = Object.keys(calls) as CallName[]
