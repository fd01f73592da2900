import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { calls } from '../../contract/calls'
import { deskCalls } from '../../contract/desk-calls'
import { DESK_EXPORT_KINDS, deskExportName } from '../../contract/desk-exports'
import { DESK_EXPORT_PREFIX } from '../../contract/file-calls'
import { DAY_MAX, DAY_MIN, UNIX_SECONDS_MAX, UNIX_SECONDS_MIN } from '../../contract/ids'
import { staffCalls } from '../../contract/staff-calls'
import { isJapanese } from '../../contract/validation-messages'
import { createScratchDatabase } from '../../scripts/stack/scratch-db'
import { freePort, stopAll } from '../../scripts/stack/processes'
import { startServer } from '../../scripts/stack/services'
import { jstDay, newMember, type T } from './replica-client'

/*
 * The extremes of every date and range parameter of every call (docs/api.md "Bounds"), sent to a
 * real compiled server process (PostgreSQL with TEST_DATABASE_URL, else PGlite): each answer is 200
 * or 4xx, within a second, never 5xx and never a hang — a request that held the process would time
 * out here instead of hanging the test. A value outside its documented span is refused at the
 * schema (400, in Japanese). The calls are the contract's registries, the same the access matrices
 * walk (tests/api/access-matrix.test.ts, staff-access-matrix.test.ts): every request field whose
 * name says it is a day, a time, a year or a count of days or pages must have its row here, or the
 * first test fails.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- valibot schemas walked by shape
type Schema = any
const DATE_OR_RANGE = /^(dt|from|to|ymd|add|remove|removeExceptions|reservationTime|purchaseTime|publishFrom|publishUntil|expire|period|expYear|expMonth|days|page|pageSize)$|(date|time|day|days|ymd|until|since|year|month)$/i
/** Named like one, but no date or range: a day of the week (1–7, its own rule). */
const NOT_A_DATE = new Set(['weekday'])

/** Every field of a request schema (nested objects and arrays as `a.[].b`). */
function fields(s: Schema, at = '', out = new Set<string>()): Set<string> {
  if (!s) return out
  if (Array.isArray(s.pipe) && s.pipe[0] !== s) return fields(s.pipe[0], at, out)
  switch (s.type) {
    case 'object':
    case 'strict_object':
    case 'loose_object':
      for (const [k, v] of Object.entries(s.entries)) {
        out.add(at + k)
        fields(v, `${at}${k}.`, out)
      }
      break
    case 'optional':
    case 'nullable':
    case 'nullish':
      fields(s.wrapped, at, out)
      break
    case 'array':
      fields(s.item, `${at}[].`, out)
      break
    case 'union':
    case 'variant':
      for (const o of s.options) fields(o, at, out)
      break
  }
  return out
}

// ---- the values sent

const DAYS = ['00000101', '19991231', DAY_MIN, '20250231', DAY_MAX, '21010101', '99991231']
const dayInSpan = (d: string) => d >= DAY_MIN && d <= DAY_MAX
const UNIX = [-1, 0, UNIX_SECONDS_MIN - 1, UNIX_SECONDS_MIN, 1_750_000_000, 4_102_444_800, UNIX_SECONDS_MAX, UNIX_SECONDS_MAX + 1, 99_999_999_999, 10_000_000_000_000_000]
const unixInSpan = (n: number) => n >= UNIX_SECONDS_MIN && n <= UNIX_SECONDS_MAX
/** Counts of days, pages and rows: none of the calls takes more than 100,000. */
const COUNTS = [-1, 0, 1, 31, 32, 100, 101, 9999, 100_000, 100_001, 2 ** 31, 10_000_000_000_000_000]
const countInSpan = (n: number) => n >= 0 && n <= 100_000
const YEARS = ['0000', '1999', '2000', '2023', '2100', '2101', '9999']

type Case = { label: string; send: () => Promise<{ status: number; message?: string; ms: number }>; outOfSpan: boolean }
type Row = { call: string; fields: string[]; cases: () => Promise<Case[]> }

let base = ''
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null
let pgliteDir = ''
const tokens = { member: '', operator: '', consultant: '' }
let changeable = ''
let ownTicket = ''
let seq = 0

async function signIn(email: string, password: string): Promise<string> {
  const res = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  })
  return ((await res.json()) as { idToken: string }).idToken
}

/** One request, timed; no answer within 5 s counts as a hang (599). */
async function send(method: 'GET' | 'POST', urlPath: string, token: string, payload?: T, headers: Record<string, string> = {}) {
  const qs = method === 'GET' && payload ? `?${new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)]))}` : ''
  const t0 = performance.now()
  try {
    const res = await fetch(`${base}${urlPath}${qs}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(method === 'POST' ? { body: JSON.stringify(payload ?? {}) } : {}),
      signal: AbortSignal.timeout(5000),
    })
    const text = await res.text()
    let message: string | undefined
    try { message = (JSON.parse(text) as { message?: string }).message } catch { /* a file */ }
    return { status: res.status, message, ms: performance.now() - t0 }
  } catch {
    return { status: 599, message: 'no answer within 5 s', ms: performance.now() - t0 }
  }
}

const member = (name: string, method: 'GET' | 'POST', payload: T, headers?: Record<string, string>) => send(method, `/api/${name}`, tokens.member, payload, headers)
const staff = (name: string, method: 'GET' | 'POST', payload: T, who: 'operator' | 'consultant' = 'operator') => send(method, `/api/staff/${name}`, tokens[who], payload)

/** Each value of `values` in the fields `set` puts it in. */
const each = <V,>(label: string, values: V[], inSpan: (v: V) => boolean, request: (v: V) => Case['send']): Case[] =>
  values.map((v) => ({ label: `${label}=${String(v)}`, send: request(v), outOfSpan: !inSpan(v) }))
/** A range's ends: each extreme day at both ends, the whole span, and the span's ends against the extremes. */
const ranges = (request: (from: string, to: string) => Case['send']): Case[] => [
  ...each('from=to', DAYS, dayInSpan, (d) => request(d, d)),
  { label: `${DAY_MIN}…${DAY_MAX}`, send: request(DAY_MIN, DAY_MAX), outOfSpan: false },
  { label: `${DAY_MIN}…99991231`, send: request(DAY_MIN, '99991231'), outOfSpan: true },
  { label: `00000101…${DAY_MAX}`, send: request('00000101', DAY_MAX), outOfSpan: true },
  { label: `${DAY_MAX}…${DAY_MIN}`, send: request(DAY_MAX, DAY_MIN), outOfSpan: false },
]
const pages = (request: (page: number, pageSize: number) => Case['send']): Case[] => [
  ...each('page', COUNTS, countInSpan, (n) => request(n, 20)),
  ...each('pageSize', COUNTS, countInSpan, (n) => request(1, n)),
]
const counts = (request: (n: number) => Case['send']) => each('days', COUNTS, countInSpan, request)

const rows: Row[] = [
  // ---- member calls (contract/calls.ts)
  { call: 'reservation-schedule', fields: ['dt'], cases: async () => each('dt', DAYS, dayInSpan, (dt) => () => member('reservation-schedule', 'GET', { dt, minutesToSupport: 60 })) },
  {
    call: 'update-resevation-date', fields: ['reservationTime'],
    cases: async () => each('reservationTime', DAYS, dayInSpan, (d) => () => member('update-resevation-date', 'POST', { ticketNumber: changeable, staffId: 'STAFF-04', reservationTime: `SUPPORT-${d}-10-00`, minutesToSupport: 60 })),
  },
  {
    call: 'purchase-list', fields: ['period', 'purchaseTime'],
    cases: async () => [
      ...each('period', YEARS, () => true, (period) => () => member('purchase-list', 'GET', { period })),
      ...each('purchaseTime', UNIX, unixInSpan, (t) => () => member('purchase-list', 'GET', { ticketNumber: ownTicket, purchaseTime: t })),
    ],
  },
  {
    call: 'charge', fields: ['reservationTime'],
    cases: async () =>
      // A new card token for each (a token is spent by its charge).
      each('reservationTime', DAYS, dayInSpan, (d) => async () => {
        const t = await fetch(`${base}/api/sandbox/tokens`, { method: 'POST', headers: { authorization: `Bearer ${tokens.member}`, 'content-type': 'application/json' }, body: JSON.stringify({ number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', name: 'TARO YAMADA' }) })
        const { tokenId } = (await t.json()) as { tokenId: string }
        return member('charge', 'POST', { productId: 'SUPPORT-60', cardToken: tokenId, saveCard: false, staffId: 'STAFF-01', reservationTime: `SUPPORT-${d}-10-00`, supportType: 'TEL', reservationMenuList: [] }, { 'Idempotency-Key': `extremes-${Date.now()}-${++seq}` })
      }),
  },
  {
    call: 'sandbox/tokens', fields: ['expYear', 'expMonth'],
    cases: async () => {
      const card = (expMonth: number, expYear: number) => () => member('sandbox/tokens', 'POST', { number: '4242424242424242', expMonth, expYear, cvc: '123', name: 'TARO YAMADA' })
      return [
        ...each('expYear', [0, 30, 2030, 2100, 2101, 9999, 10_000_000_000_000_000], (y) => y <= 2100, (y) => card(12, y)),
        ...each('expMonth', [-1, 0, 1, 12, 13, 10_000_000_000_000_000], (m) => m >= 1 && m <= 12, (m) => card(m, 2030)),
      ]
    },
  },
  // ---- staff calls (contract/staff-calls.ts)
  {
    call: 'consultant-day', fields: ['from', 'days'],
    cases: async () => [
      ...each('from', DAYS, dayInSpan, (from) => () => staff('consultant-day', 'GET', { from, days: 31 }, 'consultant')),
      ...counts((days) => () => staff('consultant-day', 'GET', { staffId: 'STAFF-01', from: DAY_MAX, days })),
    ],
  },
  {
    call: 'shift-plan', fields: ['from', 'days'],
    cases: async () => [
      ...each('from', DAYS, dayInSpan, (from) => () => staff('shift-plan', 'GET', { staffId: 'STAFF-01', from, days: 31 })),
      ...counts((days) => () => staff('shift-plan', 'GET', { staffId: 'STAFF-01', from: DAY_MAX, days })),
    ],
  },
  ...(['shift-plan-preview', 'shift-plan-update'] as const).map((call): Row => ({
    call, fields: ['setExceptions.[].ymd', 'removeExceptions'],
    cases: async () => [
      ...each('setExceptions.ymd', DAYS, dayInSpan, (ymd) => () => staff(call, 'POST', { staffId: 'STAFF-01', setExceptions: [{ ymd, off: true }] })),
      ...each('removeExceptions', DAYS, dayInSpan, (ymd) => () => staff(call, 'POST', { staffId: 'STAFF-01', removeExceptions: [ymd] })),
    ],
  })),
  { call: 'business-holidays', fields: ['from'], cases: async () => each('from', DAYS, dayInSpan, (from) => () => staff('business-holidays', 'GET', { from })) },
  {
    call: 'business-holiday-update', fields: ['add', 'remove'],
    cases: async () => [
      ...each('add', DAYS, dayInSpan, (d) => () => staff('business-holiday-update', 'POST', { add: [d] })),
      ...each('remove', DAYS, dayInSpan, (d) => () => staff('business-holiday-update', 'POST', { remove: [d] })),
    ],
  },
  {
    call: 'assignments', fields: ['from', 'days'],
    cases: async () => [
      ...each('from', DAYS, dayInSpan, (from) => () => staff('assignments', 'GET', { from, days: 31 })),
      ...counts((days) => () => staff('assignments', 'GET', { from: DAY_MAX, days })),
    ],
  },
  {
    call: 'reassign', fields: ['reservationTime'],
    cases: async () => each('reservationTime', DAYS, dayInSpan, (d) => () => staff('reassign', 'POST', { ticketNumber: changeable, staffId: 'STAFF-02', reservationTime: `SUPPORT-${d}-10-00`, reason: '確認' })),
  },
  {
    call: 'past-consultations', fields: ['from', 'to', 'page', 'pageSize'],
    cases: async () => [
      ...ranges((from, to) => () => staff('past-consultations', 'GET', { from, to })),
      ...pages((page, pageSize) => () => staff('past-consultations', 'GET', { page, pageSize })),
    ],
  },
  // ---- the operator's desk (contract/desk-calls.ts)
  ...(['desk-notices', 'desk-coupons', 'desk-members', 'desk-mails', 'desk-jobs-failed'] as const).map((call): Row => ({
    call, fields: ['page', 'pageSize'], cases: async () => pages((page, pageSize) => () => staff(call, 'GET', { page, pageSize })),
  })),
  { call: 'desk-coupon-claims', fields: ['page', 'pageSize'], cases: async () => pages((page, pageSize) => () => staff('desk-coupon-claims', 'GET', { couponCode: 'CAMPAIGN2000', page, pageSize })) },
  {
    call: 'desk-notice-save', fields: ['publishFrom', 'publishUntil'],
    cases: async () => [
      ...each('publishFrom', UNIX, unixInSpan, (t) => () => staff('desk-notice-save', 'POST', { kind: 'INFORMATION', content: '境界値のお知らせ', publishFrom: t })),
      ...each('publishUntil', UNIX, unixInSpan, (t) => () => staff('desk-notice-save', 'POST', { kind: 'INFORMATION', content: '境界値のお知らせ', publishUntil: t })),
    ],
  },
  {
    call: 'desk-coupon-save', fields: ['expire'],
    cases: async () => each('expire', UNIX, unixInSpan, (expire) => () => staff('desk-coupon-save', 'POST', { couponCode: `EXTREME${++seq}`, couponName: '境界値', discountPrice: 100, expire, availableProductList: [{ productType: 'SUPPORT', minutesToSupport: null }], maxClaims: null })),
  },
  {
    call: 'desk-audit', fields: ['from', 'to', 'page', 'pageSize'],
    cases: async () => [...ranges((from, to) => () => staff('desk-audit', 'GET', { from, to })), ...pages((page, pageSize) => () => staff('desk-audit', 'GET', { page, pageSize }))],
  },
  {
    call: 'desk-bookings', fields: ['from', 'to', 'page', 'pageSize'],
    cases: async () => [...ranges((from, to) => () => staff('desk-bookings', 'GET', { from, to })), ...pages((page, pageSize) => () => staff('desk-bookings', 'GET', { page, pageSize }))],
  },
  { call: 'desk-numbers', fields: ['from', 'to'], cases: async () => ranges((from, to) => () => staff('desk-numbers', 'GET', { from, to })) },
  // ---- the file calls (contract/file-calls.ts): the accountant's exports name their range in the path
  {
    call: 'desk-export', fields: [],
    cases: async () => DESK_EXPORT_KINDS.flatMap((kind) => ranges((from, to) => () => send('GET', `${DESK_EXPORT_PREFIX}${deskExportName(kind, from, to)}`, tokens.operator)).map((c) => ({ ...c, label: `${kind} ${c.label}` }))),
  },
]

describe('the extremes of every date and range parameter', () => {
  beforeAll(async () => {
    const pgUrl = process.env.TEST_DATABASE_URL
    if (pgUrl) scratch = await createScratchDatabase(pgUrl)
    else pgliteDir = mkdtempSync(path.join(tmpdir(), 'mypage-extremes-'))
    const port = await freePort()
    base = `http://127.0.0.1:${port}`
    await startServer({
      port, authEmulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST!, smtpUrl: 'smtp://127.0.0.1:1', appOrigin: base, testRoutes: true, compiled: true,
      ...(scratch ? { databaseUrl: scratch.url } : { pgliteDir }), env: { PURCHASE_SWEEP_MS: '0' },
    })
    const m = await newMember(base, 'demo')
    tokens.member = m.token
    // The demo staff (server/db/seed/staff-accounts.ts; SEED_DEMO=1 on the test stacks).
    tokens.operator = await signIn('operator@example.com', 'operator1234')
    tokens.consultant = await signIn('consultant@example.com', 'consultant1234')
    const tickets = (await (await fetch(`${base}/api/user-data?data=MEMBER_SUPPORT_TICKET`, { headers: { authorization: `Bearer ${tokens.member}` } })).json()).supportTicketList as T[]
    changeable = tickets.find((t) => t.supportStatus === 'UNSUPPORTED' && t.amountRefunded === 0 && t.reservationUnixTime > Date.now() / 1000 + 3600)?.ticketNumber ?? tickets[0].ticketNumber
    ownTicket = tickets[0].ticketNumber
    // Warm the process (its first calls compile their code): a budget of a second is for the call, not for the JIT.
    await send('GET', '/api/reservation-schedule', tokens.member, { dt: jstDay(1), minutesToSupport: 60 })
    await send('GET', '/api/staff/desk-numbers', tokens.operator, { from: jstDay(-30), to: jstDay(0) })
  }, 180_000)
  afterAll(async () => {
    await stopAll()
    await scratch?.drop()
    if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true })
  })

  it('every date or range field of every call of the registries has its row here', () => {
    const registries = { ...calls, ...staffCalls, ...deskCalls } as Record<string, { request: Schema }>
    const covered = new Set(rows.flatMap((r) => r.fields.map((f) => `${r.call} ${f}`)))
    const found: string[] = []
    for (const [name, call] of Object.entries(registries)) {
      for (const f of fields(call.request)) if (DATE_OR_RANGE.test(f.split('.').pop()!) && !NOT_A_DATE.has(f.split('.').pop()!)) found.push(`${name} ${f}`)
    }
    expect(found.length).toBeGreaterThan(30)
    expect(found.filter((f) => !covered.has(f))).toEqual([])
    expect([...covered].filter((f) => !found.includes(f))).toEqual([])
  })

  it('each answers 200 or 4xx within a second, never 5xx, never a hang; a value outside its span is a 400 in Japanese', async () => {
    const failures: string[] = []
    let sent = 0
    let answered = 0
    for (const row of rows) {
      for (const c of await row.cases()) {
        const r = await c.send()
        sent++
        if (r.status === 200) answered++
        if (process.env.EXTREMES_VERBOSE) console.log(`${row.call} ${c.label}: ${r.status} ${Math.round(r.ms)} ms ${r.message ?? ''}`)
        const what = `${row.call} ${c.label}: ${r.status} in ${Math.round(r.ms)} ms${r.message ? ` (${r.message})` : ''}`
        if (r.status >= 500) failures.push(`5xx or no answer — ${what}`)
        else if (r.status !== 200 && (r.status < 400 || r.status > 499)) failures.push(`neither 200 nor 4xx — ${what}`)
        else if (r.ms > 1000) failures.push(`slower than a second — ${what}`)
        else if (c.outOfSpan && r.status !== 400) failures.push(`outside its span but not refused — ${what}`)
        else if (r.status >= 400 && r.message !== undefined && !isJapanese(r.message) && c.outOfSpan) failures.push(`refused without Japanese — ${what}`)
      }
    }
    expect(sent).toBeGreaterThan(300)
    // The services were reached, not only the schemas: the in-span extremes are answered.
    expect(answered).toBeGreaterThan(100)
    expect(failures).toEqual([])
    // Still serving after all of it.
    expect((await fetch(`${base}/api/ready`)).status).toBe(200)
  }, 300_000)
})
