import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deskExportName, type DeskExportKind } from '../../contract/desk-exports'
import { DESK_EXPORT_PREFIX } from '../../contract/file-calls'
import { staff, tickets } from '../../server/db/schema'
import { remindFollowUps } from '../../server/jobs/follow-up-reminder'
import { sendEveningReminders, sendSoonReminders } from '../../server/jobs/reminders'
import { partsOf, summariseStaleDays } from '../../server/services/desk/numbers-days'
import { createHarness, NOW, type Harness } from './harness'
import { buySupport, staffAccount, staffGet, staffPost } from './staff-harness'

// A business day is a day in Japan, 00:00:00 to 23:59:59 JST (docs/product.md §10 "The operator's
// desk": 今日の状況's purchases and refunds are today's in Japan; "Numbers and exports": any JST range;
// docs/server.md "Reminders": the evening before is tomorrow's bookings in Japan; decision 85: the
// follow-up's due day counts business days from the day 未解決 is recorded, in Japan). Every test here
// puts something on each side of a midnight in Japan — 23:59:59 and 00:00:00 JST, 15:00 UTC — and
// asks every view that counts days on which side it fell. The clock is set, never waited for.
//
// The day D is Wednesday 18 June 2025 (no business holiday from the 17th to the 22nd; the seed's is
// the 16th). Its first second is 2025-06-17T15:00:00Z and its last 2025-06-18T14:59:59Z.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type T = Record<string, any>

const D = '20250618'
const D_BEFORE = '20250617'
const D_AFTER = '20250619'
/** The four instants around D: the last second before it, its first, its last, the first after it. */
const EDGE = {
  lastBefore: new Date('2025-06-17T14:59:59Z'), // 17 June 23:59:59 JST
  first: new Date('2025-06-17T15:00:00Z'), // 18 June 00:00:00 JST
  last: new Date('2025-06-18T14:59:59Z'), // 18 June 23:59:59 JST
  firstAfter: new Date('2025-06-18T15:00:00Z'), // 19 June 00:00:00 JST
} as const
type Edge = keyof typeof EDGE
const EDGES = Object.keys(EDGE) as Edge[]
/** A product and a refund of its own per instant, so every count and sum says which instants it took. */
const BOUGHT: Record<Edge, { productId: string; price: number; refund: number }> = {
  lastBefore: { productId: 'SUPPORT-30', price: 3300, refund: 100 },
  first: { productId: 'SUPPORT-60', price: 5500, refund: 200 },
  last: { productId: 'SUPPORT-90', price: 7700, refund: 400 },
  firstAfter: { productId: 'SUPPORT-120', price: 9900, refund: 800 },
}

let h: Harness
let op: Awaited<ReturnType<typeof staffAccount>>
const bought = {} as Record<Edge, { ticketNumber: string; receiptNumber: string }>

beforeAll(async () => {
  h = await createHarness()
  op = await staffAccount(h, [{ role: 'operator' }])
  // A purchase at each instant (指名なし on the 20th, each its own member and hour), and a partial
  // refund of it at the same instant.
  const hours = { lastBefore: 10, first: 11, last: 13, firstAfter: 14 }
  for (const edge of EDGES) {
    h.clock.set(EDGE[edge])
    const m = await h.member('fresh')
    bought[edge] = await buySupport(h, m, { reservationTime: `SUPPORT-20250620-${hours[edge]}-00`, staffId: null, productId: BOUGHT[edge].productId })
    const r = await staffPost(h, 'desk-refund', { token: op.token, body: { ticketNumber: bought[edge].ticketNumber, amount: BOUGHT[edge].refund, reason: '日付の境界のテスト', idempotencyKey: `jst-edge-${edge}` } })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
  }
  h.clock.set(NOW)
}, 180_000)
afterAll(async () => h?.close())

const receipts = (edges: Edge[]) => edges.map((e) => bought[e].receiptNumber).sort()
const ours = new Set<string>()
const mine = (receiptNumbers: string[]) => receiptNumbers.filter((r) => ours.has(r)).sort()
const sum = (edges: Edge[], k: 'price' | 'refund') => edges.reduce((a, e) => a + BOUGHT[e][k], 0)

describe('今日の状況 (desk-today): purchases and refunds of the day in Japan', () => {
  // Which of the instants each clock reading calls today.
  const cases: [string, Date, Edge[]][] = [
    ['17 June 23:59:59 JST', EDGE.lastBefore, ['lastBefore']],
    ['18 June 00:00:00 JST', EDGE.first, ['first', 'last']],
    ['18 June 09:00:00 JST', new Date('2025-06-18T00:00:00Z'), ['first', 'last']],
    ['18 June 23:59:59 JST', EDGE.last, ['first', 'last']],
    ['19 June 00:00:00 JST', EDGE.firstAfter, ['firstAfter']],
  ]
  for (const [label, at, edges] of cases) {
    it(`at ${label}: today's purchases and refunds are those of ${edges.join(', ')}`, async () => {
      for (const e of EDGES) ours.add(bought[e].receiptNumber)
      h.clock.set(at)
      const g = (await staffGet(h, 'desk-today', { token: op.token })).body as T
      h.clock.set(NOW)
      // Nothing else is bought or refunded on the 17th to the 19th in this file: the totals are ours.
      expect({ count: g.purchases.count, yen: g.purchases.yen }).toEqual({ count: edges.length, yen: sum(edges, 'price') })
      expect({ count: g.refunds.count, yen: g.refunds.yen }).toEqual({ count: edges.length, yen: sum(edges, 'refund') })
      const tickets = (list: T[]) => list.map((x) => x.ticketNumber).sort()
      expect(tickets(g.purchases.items)).toEqual(edges.map((e) => bought[e].ticketNumber).sort())
      expect(tickets(g.refunds.items)).toEqual(edges.map((e) => bought[e].ticketNumber).sort())
    })
  }
})

describe('数字 (desk-numbers) and the CSV exports: one JST day', () => {
  const numbers = (from: string, to: string) => staffGet(h, 'desk-numbers', { token: op.token, query: { from, to } })
  const sales = async (day: string) => {
    const r = await numbers(day, day)
    expect(r.status).toBe(200)
    const t = r.body.sales.total as T
    return { count: t.count, gross: t.gross, refunds: t.refunds, refundCount: t.refundCount }
  }
  const expected = (edges: Edge[]) => ({ count: edges.length, gross: sum(edges, 'price'), refunds: sum(edges, 'refund'), refundCount: edges.length })
  const days: [string, Edge[]][] = [
    [D_BEFORE, ['lastBefore']],
    [D, ['first', 'last']],
    [D_AFTER, ['firstAfter']],
  ]

  it('read live from the rows (the day is not over): each day holds the instants inside it', async () => {
    h.clock.set(new Date('2025-06-19T03:00:00Z'))
    expect((await partsOf(h.db, D, D, h.clock.now())).summarised).toEqual([])
    for (const [day, edges] of days) expect(await sales(day), day).toEqual(expected(edges))
    // The two days together, as one range.
    expect((await numbers(D_BEFORE, D)).body.sales.total.count).toBe(3)
    h.clock.set(NOW)
  })

  it('read from the summaries of past days: the same days hold the same instants', async () => {
    h.clock.set(new Date('2025-06-24T03:00:00Z'))
    await summariseStaleDays(h.deps)
    expect((await partsOf(h.db, D_BEFORE, D_AFTER, h.clock.now())).summarised).toEqual([{ from: D_BEFORE, to: D_AFTER }])
    for (const [day, edges] of days) expect(await sales(day), day).toEqual(expected(edges))
    h.clock.set(NOW)
  })

  const exportPath = (kind: DeskExportKind, from: string, to: string) => `${DESK_EXPORT_PREFIX}${deskExportName(kind, from, to)}`
  const csv = async (kind: DeskExportKind, day: string) => {
    const r = await h.app.request(exportPath(kind, day, day), { headers: { authorization: `Bearer ${op.token}` } })
    expect(r.status).toBe(200)
    return new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(await r.arrayBuffer())).slice(1).split('\r\n').slice(1, -1)
  }

  it('the purchases and refunds exports of a day: the rows inside it, with their Japan times', async () => {
    for (const e of EDGES) ours.add(bought[e].receiptNumber)
    for (const [day, edges] of days) {
      // purchases: 購入日時,受付番号,…; refunds: 返金日時,返金ID,受付番号,…
      const purchases = await csv('purchases', day)
      expect(mine(purchases.map((l) => l.split(',')[1])), `purchases ${day}`).toEqual(receipts(edges))
      const refunds = await csv('refunds', day)
      expect(mine(refunds.map((l) => l.split(',')[2])), `refunds ${day}`).toEqual(receipts(edges))
    }
    const lines = await csv('purchases', D)
    expect(lines.find((l) => l.includes(bought.first.receiptNumber))).toMatch(/^2025\/06\/18 00:00:00,/)
    expect(lines.find((l) => l.includes(bought.last.receiptNumber))).toMatch(/^2025\/06\/18 23:59:59,/)
  })
})

describe('bookings around midnight: the board, the consultations export, the reminders', () => {
  let seq = 0
  /** A booked consultation of 30 minutes at `at` (a member of its own, bought a week before). */
  async function booking(at: string, staffId: string) {
    const m = await h.member('fresh')
    const ticketNumber = `S7${String(Date.now()).slice(-8)}${String(++seq).padStart(4, '0')}`
    await h.db.insert(tickets).values({
      ticketNumber, memberId: m.memberId, productId: 'SUPPORT-30', productType: 'SUPPORT', productName: '30分サポートチケット', price: 3300,
      minutesToSupport: 30, reservationAt: new Date(at), staffId, supportType: 'TEL', supportStatus: 'UNSUPPORTED', purchaseTime: NOW,
    })
    return { ticketNumber, email: m.email }
  }
  const b = {} as Record<'lateBefore' | 'midnight' | 'lateOn' | 'midnightAfter', { ticketNumber: string; email: string }>
  beforeAll(async () => {
    b.lateBefore = await booking('2025-06-17T14:30:00Z', 'STAFF-01') // 17 June 23:30 JST
    b.midnight = await booking('2025-06-17T15:00:00Z', 'STAFF-02') // 18 June 00:00 JST
    b.lateOn = await booking('2025-06-18T14:30:00Z', 'STAFF-03') // 18 June 23:30 JST
    b.midnightAfter = await booking('2025-06-18T15:00:00Z', 'STAFF-04') // 19 June 00:00 JST
  }, 60_000)
  const of = (...keys: (keyof typeof b)[]) => keys.map((k) => b[k].ticketNumber).sort()
  const ofAll = (list: string[]) => list.filter((n) => Object.values(b).some((x) => x.ticketNumber === n)).sort()

  it("今日の状況's board: today and tomorrow are days in Japan", async () => {
    for (const at of [EDGE.first, EDGE.last]) {
      h.clock.set(at)
      const g = (await staffGet(h, 'desk-today', { token: op.token })).body as T
      const board = (day: T) => ofAll((day.consultants as T[]).flatMap((s) => (s.consultations as T[]).map((c) => c.ticketNumber)))
      expect(g.today.ymd, at.toISOString()).toBe(D)
      expect(board(g.today), at.toISOString()).toEqual(of('midnight', 'lateOn'))
      expect(board(g.tomorrow), at.toISOString()).toEqual(of('midnightAfter'))
    }
    h.clock.set(NOW)
  })

  it('the consultations export of a day: the consultations that start inside it', async () => {
    for (const [day, want] of [[D_BEFORE, of('lateBefore')], [D, of('midnight', 'lateOn')], [D_AFTER, of('midnightAfter')]] as const) {
      const r = await h.app.request(`${DESK_EXPORT_PREFIX}${deskExportName('consultations', day, day)}`, { headers: { authorization: `Bearer ${op.token}` } })
      const lines = new TextDecoder().decode(new Uint8Array(await r.arrayBuffer())).split('\r\n')
      expect(ofAll(lines.map((l) => l.split(',')[3] ?? '')), day).toEqual([...want])
    }
  })

  const mailsTo = (email: string, subject: string) => h.mailer.sent.filter((m) => m.to === email && m.subject.includes(subject))

  it('the evening before (18:00 JST on the 17th) reminds of the bookings of the 18th in Japan: from 00:00, to 23:30', async () => {
    h.clock.set(new Date('2025-06-17T09:00:00Z'))
    await sendEveningReminders(h.deps)
    await h.deliver()
    h.clock.set(NOW)
    const reminded = Object.entries(b).filter(([, x]) => mailsTo(x.email, '明日のご予約のお知らせ').length > 0).map(([k]) => k).sort()
    expect(reminded).toEqual(['lateOn', 'midnight'])
  })

  it('an hour before a midnight booking: from 23:00:00 JST the evening before, not at 22:59:59', async () => {
    h.clock.set(new Date('2025-06-18T13:59:59Z')) // 18 June 22:59:59 JST
    await sendSoonReminders(h.deps)
    await h.deliver()
    expect(mailsTo(b.midnightAfter.email, 'まもなくご予約の時間です')).toEqual([])
    h.clock.set(new Date('2025-06-18T14:00:00Z')) // 23:00:00 JST
    await sendSoonReminders(h.deps)
    await h.deliver()
    const [soon] = mailsTo(b.midnightAfter.email, 'まもなくご予約の時間です')
    expect(soon.text).toMatch(/ご予約日時: 2025年6月19日 0?0:00/)
    h.clock.set(NOW)
  })

  it('the follow-up due day counts from the day in Japan 未解決 was recorded; its mail comes from 00:00 of the business day before', async () => {
    const early = await booking('2025-06-17T14:30:00Z', 'STAFF-05') // 17 June 23:30 JST
    const late = await booking('2025-06-17T14:30:00Z', 'STAFF-06')
    await h.db.update(staff).set({ email: 'cs-staff-05@example.com' }).where(eq(staff.staffId, 'STAFF-05'))
    await h.db.update(staff).set({ email: 'cs-staff-06@example.com' }).where(eq(staff.staffId, 'STAFF-06'))
    const unsolved = async (ticketNumber: string, at: Date) => {
      h.clock.set(at)
      const r = await staffPost(h, 'consultation-outcome', { token: op.token, body: { ticketNumber, outcome: 'UNSOLVED' } })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return r.body.consultation.followUpDue as string
    }
    // Three business days after the 17th is the 20th; after the 18th, the 21st.
    expect(await unsolved(early.ticketNumber, EDGE.lastBefore)).toBe('20250620')
    expect(await unsolved(late.ticketNumber, EDGE.first)).toBe('20250621')

    const mailed = (ticketNumber: string) => h.mailer.sent.filter((m) => m.subject.includes('フォロー期限が近づいています') && m.text.includes(ticketNumber)).length
    const run = async (iso: string) => {
      h.clock.set(new Date(iso))
      await remindFollowUps(h.deps)
      await h.deliver()
    }
    await run('2025-06-18T14:59:59Z') // 18 June 23:59:59: the 20th is two days off
    expect(mailed(early.ticketNumber)).toBe(0)
    await run('2025-06-18T15:00:00Z') // 19 June 00:00:00: the business day before the 20th
    expect(mailed(early.ticketNumber)).toBe(1)
    expect(mailed(late.ticketNumber)).toBe(0)
    await run('2025-06-19T14:59:59Z')
    expect(mailed(late.ticketNumber)).toBe(0)
    await run('2025-06-19T15:00:00Z') // 20 June 00:00:00: the business day before the 21st
    expect(mailed(late.ticketNumber)).toBe(1)
    h.clock.set(NOW)
  })
})
