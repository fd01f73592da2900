import { and, eq, gte, lt, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deskMessages as dm } from '../../contract/desk-messages'
import { deskExportName, type DeskExportKind } from '../../contract/desk-exports'
import { DESK_EXPORT_PREFIX } from '../../contract/file-calls'
import { auditLog, members, numbersStaleDays, purchases, ratings, refunds, staffShifts, tickets } from '../../server/db/schema'
import { partsOf, summariseStaleDays } from '../../server/services/desk/numbers-days'
import { createHarness, type Harness } from './harness'
import { buySupport, staffAccount, staffGet, staffPost } from './staff-harness'

// 数字 and the accountant's CSV (docs/server.md "Numbers and exports"). The numbers are checked
// against figures this file computes itself from the rows (purchases, refunds, tickets, shifts,
// ratings), in TypeScript, after purchases with coupons and a partial refund it made; the CSV byte
// for byte: the BOM, CRLF, quoting, and a member whose name is a spreadsheet formula.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type T = Record<string, any>

let h: Harness
let op: Awaited<ReturnType<typeof staffAccount>>
beforeAll(async () => {
  h = await createHarness()
  op = await staffAccount(h, [{ role: 'operator' }])
}, 120_000)
afterAll(async () => h?.close())

// June 2025 in Japan time: 2025-05-31 15:00Z … 2025-06-30 15:00Z.
const JUNE = { from: '20250601', to: '20250630' }
const START = new Date('2025-05-31T15:00:00Z')
const END = new Date('2025-06-30T15:00:00Z')
const numbers = async (query: T = JUNE) => staffGet(h, 'desk-numbers', { token: op.token, query })

/** The day in Japan of an instant, `YYYYMMDD`, and the first day of its week (Monday) or month. */
const jstParts = (d: Date) => {
  const j = new Date(d.getTime() + 9 * 3_600_000)
  return { y: j.getUTCFullYear(), m: j.getUTCMonth(), d: j.getUTCDate(), wd: (j.getUTCDay() + 6) % 7 }
}
const ymd = (y: number, m: number, d: number) => {
  const x = new Date(Date.UTC(y, m, d))
  return `${x.getUTCFullYear()}${String(x.getUTCMonth() + 1).padStart(2, '0')}${String(x.getUTCDate()).padStart(2, '0')}`
}
const periodOf = (d: Date, unit: 'WEEK' | 'MONTH') => {
  const p = jstParts(d)
  return unit === 'MONTH' ? ymd(p.y, p.m, 1) : ymd(p.y, p.m, p.d - p.wd)
}
const round1 = (x: number) => Math.round(x * 10) / 10
/** 00:00 JST of a `YYYYMMDD` day. */
const jstMidnight = (day: string) => new Date(Date.UTC(+day.slice(0, 4), +day.slice(4, 6) - 1, +day.slice(6, 8)) - 9 * 3_600_000)

/** What the numbers of [start, end) must say, computed here from the rows alone. */
async function expected(now: Date, start = START, end = END) {
  const inRange = (d: Date) => d >= start && d < end
  const bought = (await h.db.select().from(purchases)).filter((p) => inRange(p.purchaseTime))
  const allPurchases = new Map((await h.db.select().from(purchases)).map((p) => [p.receiptNumber, p]))
  const refunded = (await h.db.select().from(refunds)).filter((r) => r.status === 'succeeded' && inRange(r.createdAt))
  const rows = new Map<string, T>()
  const row = (productType: string, productName: string) => {
    const key = `${productType}/${productName}`
    if (!rows.has(key)) rows.set(key, { productType, productName, count: 0, gross: 0, discount: 0, refunds: 0, refundCount: 0, net: 0 })
    return rows.get(key)!
  }
  for (const p of bought) {
    const r = row(p.productType, p.productName)
    r.count += 1
    r.gross += p.amountBeforeCoupon
    r.discount += p.amountBeforeCoupon - p.amount
  }
  for (const x of refunded) {
    const p = allPurchases.get(x.receiptNumber)!
    const r = row(p.productType, p.productName)
    r.refunds += x.amount
    r.refundCount += 1
  }
  for (const r of rows.values()) r.net = r.gross - r.discount - r.refunds
  const total = { count: 0, gross: 0, discount: 0, refunds: 0, refundCount: 0, net: 0 }
  for (const r of rows.values()) for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += r[k]

  const coupons: Record<string, { uses: number; discount: number }> = {}
  for (const p of bought.filter((p) => p.couponCode)) {
    const c = (coupons[p.couponCode!] ??= { uses: 0, discount: 0 })
    c.uses += 1
    c.discount += p.amountBeforeCoupon - p.amount
  }

  const staffOf: Record<string, T> = {}
  const s = (id: string) => (staffOf[id] ??= { bookedMinutes: 0, shiftMinutes: 0, consultations: 0, ended: 0, completed: 0, unsolved: 0, noContact: 0 })
  for (const t of await h.db.select().from(tickets)) {
    if (t.productType !== 'SUPPORT' || !t.reservationAt || !t.staffId || !inRange(t.reservationAt) || t.amountRefunded > 0) continue
    const x = s(t.staffId)
    x.bookedMinutes += t.minutesToSupport
    x.consultations += 1
    if (t.reservationAt.getTime() + t.minutesToSupport * 60_000 > now.getTime()) continue
    x.ended += 1
    if (t.supportStatus === 'COMPLETED') x.completed += 1
    if (t.supportStatus === 'UNSOLVED' || t.supportStatus === 'UNSOLVED_COMPLETED') x.unsolved += 1
    if (t.supportStatus === 'UNSUPPORTED' && t.noContact) x.noContact += 1
  }
  for (const sh of await h.db.select().from(staffShifts)) if (inRange(sh.startsAt)) s(sh.staffId).shiftMinutes += (sh.endsAt.getTime() - sh.startsAt.getTime()) / 60_000

  const rated = (await h.db.select().from(ratings)).filter((r) => inRange(r.createdAt))
  const trend = (unit: 'WEEK' | 'MONTH') => {
    const by = new Map<string, number[]>()
    for (const r of rated) by.set(periodOf(r.createdAt, unit), [...(by.get(periodOf(r.createdAt, unit)) ?? []), r.memberTotalScore])
    return [...by.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([ymd, xs]) => ({ ymd, count: xs.length, average: round1(xs.reduce((a, b) => a + b, 0) / xs.length) }))
  }
  const ratingAverage = rated.length ? round1(rated.reduce((a, r) => a + r.memberTotalScore, 0) / rated.length) : null
  return { rows: [...rows.values()], total, coupons, staffOf, rated, trend, ratingAverage }
}

/** The numbers of `range` (both trends) equal what the rows say, figure by figure. */
async function agrees(range: { from: string; to: string }, now: Date) {
  const start = jstMidnight(range.from)
  const end = new Date(jstMidnight(range.to).getTime() + 86_400_000)
  for (const trend of ['WEEK', 'MONTH'] as const) {
    const r = await numbers({ ...range, trend })
    expect(r.status).toBe(200)
    const e = await expected(now, start, end)
    expect(byKey(r.body.sales.rows)).toEqual(byKey(e.rows))
    expect(r.body.sales.total).toEqual(e.total)
    // By type: the rows of each type added up.
    for (const t of r.body.sales.byType as T[]) {
      const of = e.rows.filter((x) => x.productType === t.productType)
      expect(t.gross).toBe(of.reduce((a, x) => a + x.gross, 0))
      expect(t.net).toBe(of.reduce((a, x) => a + x.net, 0))
    }
    expect(Object.fromEntries((r.body.coupons as T[]).map((c) => [c.couponCode, { uses: c.uses, discount: c.discount }]))).toEqual(e.coupons)
    for (const c of r.body.consultants as T[]) {
      const x = e.staffOf[c.staffId] ?? { bookedMinutes: 0, shiftMinutes: 0, consultations: 0, ended: 0, completed: 0, unsolved: 0, noContact: 0 }
      expect(c, c.staffId).toMatchObject(x)
      expect(c.unrecorded).toBe(x.ended - x.completed - x.unsolved - x.noContact)
    }
    expect(Object.keys(e.staffOf).every((id) => r.body.consultants.some((c: T) => c.staffId === id))).toBe(true)
    const sum = (k: string) => Object.values(e.staffOf).reduce((a, x) => a + x[k], 0)
    expect(r.body.outcomes).toEqual({ ended: sum('ended'), completed: sum('completed'), unsolved: sum('unsolved'), noContact: sum('noContact'), unrecorded: sum('ended') - sum('completed') - sum('unsolved') - sum('noContact') })
    expect(r.body.ratings).toEqual({ count: e.rated.length, average: e.ratingAverage, trend: e.trend(trend) })
  }
}

const byKey = (rows: T[]) => Object.fromEntries(rows.map((r) => [`${r.productType}/${r.productName}`, r]))

let boughtA: { ticketNumber: string; receiptNumber: string }
let boughtB: { ticketNumber: string; receiptNumber: string }
let staffA = ''

describe('desk-numbers', () => {
  it('after two coupon purchases, a full-price one and a partial refund: the yen move by exactly what was paid and refunded', async () => {
    // A demo member comes with a seeded history (some of it in June): the baseline is taken after.
    const a = await h.member('demo')
    const b = await h.member('demo')
    const before = (await numbers()).body
    // 指名なし: the server picks who is free; the tickets say whom.
    boughtA = await buyWithCoupon(a, 'SUPPORT-20250612-13-00', null, 'SUPPORT60-1000')
    boughtB = await buyWithCoupon(b, 'SUPPORT-20250612-15-00', null, 'SUPPORT60-1000')
    const full = await buySupport(h, a, { reservationTime: 'SUPPORT-20250613-10-00', staffId: null })
    const refund = await staffPost(h, 'desk-refund', { token: op.token, body: { ticketNumber: full.ticketNumber, amount: 2000, reason: '一部のみご利用のため', idempotencyKey: `numbers-${Date.now()}` } })
    expect(refund.status).toBe(200)

    const after = (await numbers()).body
    expect(after.sales.total.count - before.sales.total.count).toBe(3)
    expect(after.sales.total.gross - before.sales.total.gross).toBe(3 * 5500)
    expect(after.sales.total.discount - before.sales.total.discount).toBe(2 * 1000)
    expect(after.sales.total.refunds - before.sales.total.refunds).toBe(2000)
    expect(after.sales.total.refundCount - before.sales.total.refundCount).toBe(1)
    expect(after.sales.total.net - before.sales.total.net).toBe(3 * 5500 - 2000 - 2000)
    const coupon = (r: T) => r.coupons.find((c: T) => c.couponCode === 'SUPPORT60-1000') ?? { uses: 0, discount: 0 }
    expect(coupon(after).uses - coupon(before).uses).toBe(2)
    expect(coupon(after).discount - coupon(before).discount).toBe(2000)
    expect(coupon(after).couponName).toBe('60分チケット1,000円OFF')
    // The refunded booking holds no minutes; the two others 60 each, with whoever holds them.
    const booked = (r: T) => (r.consultants as T[]).reduce((n, c) => n + c.bookedMinutes, 0)
    expect(booked(after) - booked(before)).toBe(120)
    const [ta] = await h.db.select().from(tickets).where(eq(tickets.ticketNumber, boughtA.ticketNumber))
    const [tb] = await h.db.select().from(tickets).where(eq(tickets.ticketNumber, boughtB.ticketNumber))
    const staffRow = (r: T, id: string) => r.consultants.find((c: T) => c.staffId === id)
    expect(staffRow(after, ta.staffId!).bookedMinutes - staffRow(before, ta.staffId!).bookedMinutes).toBe(ta.staffId === tb.staffId ? 120 : 60)
    staffA = ta.staffId!
  })

  it('agrees to the yen with the purchase, refund, ticket, shift and rating rows, summed independently', async () => {
    // One consultation completed, one with no contact, after their time.
    h.clock.set(new Date('2025-06-12T07:00:00Z')) // 16:00 JST
    expect((await staffPost(h, 'consultation-outcome', { token: op.token, body: { ticketNumber: boughtA.ticketNumber, outcome: 'COMPLETED', minutesUsed: 50 } })).status).toBe(200)
    h.clock.set(new Date('2025-06-12T07:30:00Z'))
    expect((await staffPost(h, 'consultation-outcome', { token: op.token, body: { ticketNumber: boughtB.ticketNumber, outcome: 'NO_CONTACT' } })).status).toBe(200)
    h.clock.set(new Date('2025-06-20T03:00:00Z'))
    const now = h.clock.now()

    await agrees(JUNE, now)
    const june = (await numbers()).body
    expect(june.outcomes.completed).toBeGreaterThanOrEqual(1)
    expect(june.outcomes.noContact).toBeGreaterThanOrEqual(1)
    expect((await numbers()).body.sales.total.gross).toBeGreaterThan(0)
  })

  it('a range that is not one: a Japanese 400, never a 500', async () => {
    const bad: [T, string][] = [
      [{ from: '20250630', to: '20250601' }, dm.rangeInvalid],
      [{ from: '20250230', to: '20250301' }, dm.dayInvalid],
      [{ from: '20240101', to: '20250101' }, dm.rangeTooLong],
      [{ from: '2025-06-01', to: '20250630' }, dm.dateInvalid],
      [{ from: '20250601', to: '20250630', trend: 'DAY' }, dm.trendInvalid],
    ]
    for (const [query, message] of bad) expect(await numbers(query), JSON.stringify(query)).toEqual({ status: 400, body: { message } })
    // A leap year's 366 days are one range.
    expect((await numbers({ from: '20240101', to: '20241231' })).status).toBe(200)
  })
})

describe('desk-numbers from the summaries of past days', () => {
  const LATE_JUNE = { from: '20250620', to: '20250630' }
  const at = (iso: string) => h.clock.set(new Date(iso))
  const refund = async (ticketNumber: string, amount: number) => {
    const r = await staffPost(h, 'desk-refund', { token: op.token, body: { ticketNumber, amount, reason: '一部返金', idempotencyKey: `summary-${ticketNumber}-${amount}` } })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
  }
  const parts = () => partsOf(h.db, LATE_JUNE.from, LATE_JUNE.to, h.clock.now())
  const stale = async () => (await h.db.select().from(numbersStaleDays)).map((r) => r.day).filter((d) => d >= LATE_JUNE.from && d <= LATE_JUNE.to).sort()

  it('equal a direct sum of the rows, before and after a refund lands on a summarised day', async () => {
    // Purchases on three days (one with a coupon), an outcome and a rating, a partial refund.
    const m = await h.member('demo')
    at('2025-06-21T01:00:00Z')
    const a = await buyWithCoupon(m, 'SUPPORT-20250623-10-00', null, 'SUPPORT60-1000')
    at('2025-06-22T01:00:00Z')
    const b = await buySupport(h, m, { reservationTime: 'SUPPORT-20250624-13-00', staffId: null })
    at('2025-06-23T02:30:00Z') // 11:30 JST, after A's hour
    expect((await staffPost(h, 'consultation-outcome', { token: op.token, body: { ticketNumber: a.ticketNumber, outcome: 'COMPLETED', minutesUsed: 55 } })).status).toBe(200)
    const detail = ['親しみやすさ', '進行のスムーズさ', '問題解決力', '説明のわかりやすさ'].map((title) => ({ title, score: 4 }))
    const rated = await h.post('rating', { token: m.token, body: { ticketNumber: a.ticketNumber, memberTotalScore: 4, memberDetailScore: detail, ratingComment: '', tip: false } })
    expect(rated.status, JSON.stringify(rated.body)).toBe(200)
    at('2025-06-25T01:00:00Z')
    await refund(b.ticketNumber, 2000)

    // 12:00 JST on the 30th: the 20th to the 28th may be summarised; the job sums every stale one.
    at('2025-06-30T03:00:00Z')
    expect(await stale()).not.toEqual([])
    expect(await summariseStaleDays(h.deps)).toBeGreaterThan(0)
    expect((await stale()).every((d) => d > '20250628')).toBe(true)
    expect(await parts()).toEqual({ summarised: [{ from: '20250620', to: '20250628' }], live: [{ start: jstMidnight('20250629'), end: jstMidnight('20250701') }] })
    await agrees(LATE_JUNE, h.clock.now())

    // A refund made on the 26th (already summarised) of the purchase of the 21st, whose booking is
    // on the 23rd (summarised): both days are read from the rows again until the job sums them.
    at('2025-06-26T05:00:00Z')
    await refund(a.ticketNumber, 1000)
    at('2025-06-30T03:00:00Z')
    expect((await stale()).filter((d) => d <= '20250628')).toEqual(['20250623', '20250626'])
    expect((await parts()).summarised).toEqual([
      { from: '20250620', to: '20250622' },
      { from: '20250624', to: '20250625' },
      { from: '20250627', to: '20250628' },
    ])
    await agrees(LATE_JUNE, h.clock.now())
    expect(await summariseStaleDays(h.deps)).toBe(2)
    expect((await stale()).filter((d) => d <= '20250628')).toEqual([])
    await agrees(LATE_JUNE, h.clock.now())
    const n = (await numbers(LATE_JUNE)).body
    expect(n.sales.total.refunds).toBeGreaterThanOrEqual(3000)
    expect(n.coupons.find((c: T) => c.couponCode === 'SUPPORT60-1000')?.uses).toBeGreaterThanOrEqual(1)
    expect(n.ratings.count).toBeGreaterThanOrEqual(1)
  })

  it.runIf(!!process.env.TEST_DATABASE_URL)('on PostgreSQL, a day summed while a write to it is still open waits for it, and counts it', async () => {
    // The 27th is summarised; a committed purchase makes it stale, a second one is written and held open.
    at('2025-06-30T03:00:00Z')
    const m = await h.member('fresh')
    const row = (n: number) => ({ receiptNumber: `RRACE${n}`, memberId: m.memberId, ticketNumber: `SRACE${n}`, productType: 'TIP' as const, productName: 'チップ', amount: 500, amountBeforeCoupon: 500, purchaseTime: new Date('2025-06-27T03:00:00Z') })
    await h.db.insert(purchases).values(row(1))
    let release!: () => void
    let written!: () => void
    const isWritten = new Promise<void>((r) => (written = r))
    const open = h.db.transaction(async (tx) => {
      await tx.insert(purchases).values(row(2))
      written()
      await new Promise<void>((r) => (release = r))
    })
    await isWritten
    let jobDone = false
    const job = summariseStaleDays(h.deps).finally(() => (jobDone = true))
    // The job waits on the day's lock (seen in pg_locks, no timer) until the writer commits.
    const jobWaits = async () => {
      const waiting = await h.db.execute(
        sql`select 1 from pg_locks where locktype = 'advisory' and not granted and objid = 20250627 and objsubid = 2 and database = (select oid from pg_database where datname = current_database())`,
      )
      return (waiting as unknown as { rows: unknown[] }).rows.length > 0
    }
    try {
      while (!jobDone && !(await jobWaits()));
      expect(jobDone).toBe(false)
    } finally {
      release()
      await open
    }
    expect(await job).toBe(1)
    expect(await stale()).not.toContain('20250627')
    await agrees(LATE_JUNE, h.clock.now())
  })
})

const exportPath = (kind: DeskExportKind, from: string, to: string) => `${DESK_EXPORT_PREFIX}${deskExportName(kind, from, to)}`
async function download(kind: DeskExportKind, from = JUNE.from, to = JUNE.to) {
  const r = await h.app.request(exportPath(kind, from, to), { headers: { authorization: `Bearer ${op.token}` } })
  return { status: r.status, headers: r.headers, bytes: new Uint8Array(await r.arrayBuffer()) }
}
const text = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)

async function buyWithCoupon(m: { token: string }, reservationTime: string, staffId: string | null, couponCode: string) {
  const r = await h.post('charge', {
    token: m.token,
    headers: { 'Idempotency-Key': `numbers-${Date.now()}-${Math.random()}` },
    body: { productId: 'SUPPORT-60', cardId: '', cardToken: await h.cardToken(undefined, m.token), saveCard: false, staffId, reservationTime, supportType: 'TEL', couponCode, reservationMenuList: [], counsellingComment: '', contactDevice: 'PC', contactOs: 'WINDOWS', remoteSupport: 'WISH' },
  })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return r.body as { ticketNumber: string; receiptNumber: string }
}

describe('CSV exports', () => {
  it('purchases: BOM, CRLF, RFC 4180 quoting, a formula name made inert, the sums of the numbers, an audit row', async () => {
    h.clock.set(new Date('2025-06-20T03:00:00Z'))
    const m = await h.member('demo')
    // A name a spreadsheet would run, with a comma, quotes and a line break in it.
    await h.db.update(members).set({ memberLastname: '=HYPERLINK("https://evil.example/","x")', memberFirstname: '太郎,"次"\n郎' }).where(eq(members.memberId, m.memberId))
    const bought = await buySupport(h, m, { reservationTime: 'SUPPORT-20250624-10-00', staffId: null })

    const r = await download('purchases')
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(r.headers.get('content-disposition')).toBe('attachment; filename="purchases-20250601-20250630.csv"')
    expect([...r.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const body = text(r.bytes).slice(1)
    expect(body.endsWith('\r\n')).toBe(true)
    // Every line break outside a quoted cell is CRLF: no bare LF or CR between records.
    expect(body.replace(/"(?:[^"]|"")*"/g, '').match(/\r(?!\n)|(?<!\r)\n/g)).toBeNull()
    const lines = body.split('\r\n')
    expect(lines[0]).toBe('購入日時,受付番号,チケット番号,会員ID,会員氏名,商品種別,商品名,定価（円）,クーポンコード,クーポン割引（円）,支払額（円）,返金済み額（円）,決済ID')
    const [p] = await h.db.select().from(purchases).where(eq(purchases.receiptNumber, bought.receiptNumber))
    const t = new Date(p.purchaseTime.getTime() + 9 * 3_600_000).toISOString()
    const when = `${t.slice(0, 4)}/${t.slice(5, 7)}/${t.slice(8, 10)} ${t.slice(11, 19)}`
    const expectedRow =
      `${when},${bought.receiptNumber},${bought.ticketNumber},${m.memberId},` +
      `"'=HYPERLINK(""https://evil.example/"",""x"") 太郎,""次""\n郎",サポート,60分サポートチケット,5500,,0,5500,0,${p.chargeId}\r\n`
    expect(body).toContain(`\r\n${expectedRow}`)

    // The paid column adds up to what the numbers say was kept before refunds.
    const n = (await numbers()).body
    const records = await h.db.select().from(purchases).where(and(gte(purchases.purchaseTime, START), lt(purchases.purchaseTime, END)))
    expect(body.split('\r\n').length - 2).toBe(records.length)
    expect(records.reduce((a, x) => a + x.amount, 0)).toBe(n.sales.total.gross - n.sales.total.discount)

    const audit = await h.db.select().from(auditLog).where(and(eq(auditLog.action, 'desk-export'), eq(auditLog.targetId, 'purchases-20250601-20250630.csv')))
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ actorUid: op.uid, actorRole: 'operator', targetType: 'export', after: { kind: 'purchases', from: '20250601', to: '20250630' } })
  })

  it('refunds and consultations: their headers, the refund with its reason quoted, the consultation with its status in words', async () => {
    const refundsCsv = text((await download('refunds')).bytes).slice(1).split('\r\n')
    expect(refundsCsv[0]).toBe('返金日時,返金ID,受付番号,チケット番号,会員ID,会員氏名,商品名,支払額（円）,返金額（円）,返金理由,決済サービスの返金ID')
    const refunded = refundsCsv.filter((l) => l.includes('一部のみご利用のため'))
    expect(refunded).toHaveLength(1)
    expect(refunded[0]).toMatch(/,60分サポートチケット,5500,2000,一部のみご利用のため,/)
    const succeeded = (await h.db.select().from(refunds)).filter((x) => x.status === 'succeeded' && x.createdAt >= START && x.createdAt < END)
    expect(refundsCsv.length - 2).toBe(succeeded.length)

    const consultations = text((await download('consultations')).bytes).slice(1).split('\r\n')
    expect(consultations[0]).toBe('開始日時,終了日時,分数,チケット番号,会員ID,会員氏名,相談員ID,相談員,商品名,方法,状態,利用分数,結果記録日時,定価（円）,返金額（円）')
    const line = consultations.find((l) => l.includes(boughtA.ticketNumber))!
    expect(line).toMatch(/^2025\/06\/12 13:00:00,2025\/06\/12 14:00:00,60,/)
    expect(line).toMatch(new RegExp(`,${staffA},[^,]+,60分サポートチケット,電話,完了,50,2025/06/12 16:00:00,5500,0$`))
    expect(consultations.find((l) => l.includes(boughtB.ticketNumber))).toMatch(/,電話,ご連絡なし,,2025\/06\/12 16:30:00,5500,0$/)
  })

  it('pages by a keyset: 2,500 purchases at two instants come out once each, in order', async () => {
    const m = await h.member('fresh')
    const at1 = new Date('2024-03-10T01:00:00Z')
    const at2 = new Date('2024-03-11T01:00:00Z')
    const rows = Array.from({ length: 2500 }, (_, i) => ({
      receiptNumber: `RK${String(i).padStart(6, '0')}`,
      memberId: m.memberId,
      ticketNumber: `SK${String(i).padStart(6, '0')}`,
      productType: 'SUPPORT' as const,
      productName: '30分サポートチケット',
      amount: 3300,
      amountBeforeCoupon: 3300,
      purchaseTime: i < 1500 ? at1 : at2,
    }))
    await h.db.insert(purchases).values(rows)
    const body = text((await download('purchases', '20240301', '20240331')).bytes).slice(1)
    const receipts = body.split('\r\n').slice(1, -1).map((l) => l.split(',')[1])
    expect(receipts).toEqual(rows.map((r) => r.receiptNumber))
  })

  it('a name that is no range: 400 with the desk’s message, nothing audited; an unknown kind: 404', async () => {
    const audits = async () => (await h.db.select().from(auditLog).where(eq(auditLog.action, 'desk-export'))).length
    const before = await audits()
    for (const [from, to, message] of [
      ['20250630', '20250601', dm.rangeInvalid],
      ['20250231', '20250301', dm.dayInvalid],
      ['20240101', '20250101', dm.rangeTooLong],
    ]) {
      const r = await download('refunds', from, to)
      expect(r.status).toBe(400)
      expect(JSON.parse(text(r.bytes))).toEqual({ message })
    }
    const unknown = await h.app.request(`${DESK_EXPORT_PREFIX}members-20250601-20250630.csv`, { headers: { authorization: `Bearer ${op.token}` } })
    expect(unknown.status).toBe(404)
    expect(await audits()).toBe(before)
  })
})
