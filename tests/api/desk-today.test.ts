import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deskMessages as dm } from '../../contract/desk-messages'
import { members, purchases, refunds, tickets } from '../../server/db/schema'
import { createHarness, type Harness } from './harness'
import { buySupport, staffAccount, staffGet, staffPost } from './staff-harness'

// The operator's desk runs a day (docs/product.md §10 "The operator's desk"): 今日の状況 answers
// today's and tomorrow's consultations by consultant, outcomes not recorded, follow-ups owed and
// today's purchases and refunds; bookings are found by days, consultant, status and member; members
// by name (kana-insensitively), and listed when the query is empty.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type T = Record<string, any>

let h: Harness
let op: Awaited<ReturnType<typeof staffAccount>>
beforeAll(async () => {
  h = await createHarness()
  op = await staffAccount(h, [{ role: 'operator' }])
}, 120_000)
afterAll(async () => h?.close())

const get = (name: string, query: T = {}) => staffGet(h, name, { token: op.token, query })
const post = (name: string, body: T) => staffPost(h, name, { token: op.token, body })
const today = async () => {
  const r = await get('desk-today')
  expect(r.status).toBe(200)
  return r.body as T
}

const DAY = 86_400_000
/** 00:00 JST of the JST day holding `d`. */
const jstDayStart = (d: Date) => new Date(Math.floor((d.getTime() + 9 * 3_600_000) / DAY) * DAY - 9 * 3_600_000)

/**
 * What the glance must say, computed here from the raw rows (not by the server's queries): the
 * same definitions as docs/product.md §10, written again in plain TypeScript.
 */
async function expected() {
  const now = h.clock.now()
  const start = jstDayStart(now)
  const end = new Date(start.getTime() + DAY)
  const lookback = new Date(start.getTime() - 30 * DAY)
  const all = await h.db.select().from(tickets)
  const ts = all.filter((t) => t.productType === 'SUPPORT' && t.reservationAt && t.staffId)
  // The end with the unrefunded extensions; overdue once OUTCOME_GRACE_HOURS (24) past it (docs/decisions.md 85).
  const endOf = (t: (typeof all)[number]) =>
    t.reservationAt!.getTime() + (t.minutesToSupport + all.filter((x) => x.productType === 'ADD' && x.parentTicketNumber === t.ticketNumber && x.amountRefunded === 0).reduce((n, x) => n + x.minutesToSupport, 0)) * 60_000
  const ps = await h.db.select().from(purchases)
  const rs = await h.db.select().from(refunds)
  const inDay = (d: Date, from: Date) => d >= from && d.getTime() < from.getTime() + DAY
  const todayPurchases = ps.filter((p) => inDay(p.purchaseTime, start))
  const todayRefunds = rs.filter((r) => r.status === 'succeeded' && inDay(r.createdAt, start))
  return {
    today: ts.filter((t) => inDay(t.reservationAt!, start)).length,
    tomorrow: ts.filter((t) => inDay(t.reservationAt!, end)).length,
    outcomesMissing: ts.filter(
      (t) =>
        t.supportStatus === 'UNSUPPORTED' && !t.noContact && t.amountRefunded === 0 && t.reservationAt! >= lookback &&
        t.reservationAt! <= now && endOf(t) + DAY <= now.getTime(),
    ).length,
    followUps: ts.filter((t) => t.supportStatus === 'UNSOLVED' && t.amountRefunded === 0).length,
    purchases: { count: todayPurchases.length, yen: todayPurchases.reduce((a, p) => a + p.amount, 0) },
    refunds: { count: todayRefunds.length, yen: todayRefunds.reduce((a, r) => a + r.amount, 0) },
  }
}

const summary = (g: T) => ({
  today: g.today.total,
  tomorrow: g.tomorrow.total,
  outcomesMissing: g.outcomesMissing.total,
  followUps: g.followUps.total,
  purchases: { count: g.purchases.count, yen: g.purchases.yen },
  refunds: { count: g.refunds.count, yen: g.refunds.yen },
})
const chip = (g: T, day: 'today' | 'tomorrow', ticketNumber: string) =>
  (g[day].consultants as T[]).flatMap((s) => (s.consultations as T[]).map((c): T => ({ ...c, row: s.staffId }))).find((c) => c.ticketNumber === ticketNumber)

describe('今日の状況 (desk-today)', () => {
  it('after known purchases, bookings, outcomes and refunds: exactly those counts and yen', async () => {
    const before = await today()
    expect(summary(before)).toEqual(await expected())
    expect(before.today.ymd).toBe('20250610')
    expect(before.tomorrow.ymd).toBe('20250611')

    const m = await h.member('fresh')
    // The clock is at 2025-06-10 10:00 JST.
    const a = await buySupport(h, m, { reservationTime: 'SUPPORT-20250610-11-00', staffId: null, productId: 'SUPPORT-60' })
    const b = await buySupport(h, m, { reservationTime: 'SUPPORT-20250610-15-00', staffId: null, productId: 'SUPPORT-30' })
    const c = await buySupport(h, m, { reservationTime: 'SUPPORT-20250611-13-00', staffId: null, productId: 'SUPPORT-90' })
    const paid = async (ticketNumber: string) => (await h.db.select().from(purchases).where(eq(purchases.ticketNumber, ticketNumber)))[0].amount
    const yen = (await paid(a.ticketNumber)) + (await paid(b.ticketNumber)) + (await paid(c.ticketNumber))
    expect(yen).toBeGreaterThan(0)
    const refund = await post('desk-refund', { ticketNumber: b.ticketNumber, amount: 1000, reason: '一部返金', idempotencyKey: 'desk-today-1' })
    expect(refund.status).toBe(200)

    const after = await today()
    expect(summary(after)).toEqual({
      ...summary(before),
      today: before.today.total + 2,
      tomorrow: before.tomorrow.total + 1,
      purchases: { count: before.purchases.count + 3, yen: before.purchases.yen + yen },
      refunds: { count: before.refunds.count + 1, yen: before.refunds.yen + 1000 },
    })
    expect(summary(after)).toEqual(await expected())
    // Each consultation is a chip on its consultant's row; the refunded one reads 返金済み, never 未対応.
    const [ta] = await h.db.select().from(tickets).where(eq(tickets.ticketNumber, a.ticketNumber))
    expect(chip(after, 'today', a.ticketNumber)).toMatchObject({ row: ta.staffId, staffId: ta.staffId, memberId: m.memberId, memberName: 'テスト 会員', status: 'UNSUPPORTED', reservationTime: 'SUPPORT-20250610-11-00' })
    expect(chip(after, 'today', b.ticketNumber)).toMatchObject({ status: 'REFUNDED' })
    expect(chip(after, 'tomorrow', c.ticketNumber)).toMatchObject({ status: 'UNSUPPORTED', minutes: 90 })
    expect((after.refunds.items as T[])[0]).toMatchObject({ memberId: m.memberId, ticketNumber: b.ticketNumber, amount: 1000 })
    expect((after.purchases.items as T[]).map((p) => p.ticketNumber)).toEqual(expect.arrayContaining([a.ticketNumber, b.ticketNumber, c.ticketNumber]))

    // 12:30: a (11:00–12:00) has ended without an outcome, inside the grace period for recording it
    // (OUTCOME_GRACE_HOURS, 24): not overdue yet.
    h.clock.set(new Date('2025-06-10T03:30:00Z'))
    const inGrace = await today()
    expect(inGrace.outcomesMissing.total).toBe((await expected()).outcomesMissing)
    expect((inGrace.outcomesMissing.items as T[]).map((x) => x.ticketNumber)).not.toContain(a.ticketNumber)
    // A day after its end it is overdue.
    h.clock.set(new Date('2025-06-11T03:00:00Z'))
    const ended = await today()
    expect(ended.outcomesMissing.total).toBe((await expected()).outcomesMissing)
    expect((ended.outcomesMissing.items as T[]).map((x) => x.ticketNumber)).toContain(a.ticketNumber)
    h.clock.set(new Date('2025-06-10T03:30:00Z'))

    // UNSOLVED: no longer missing, a follow-up is owed; 未解決で完了 settles it.
    expect((await post('consultation-outcome', { ticketNumber: a.ticketNumber, outcome: 'UNSOLVED' })).status).toBe(200)
    const unsolved = await today()
    expect(summary(unsolved)).toEqual(await expected())
    expect(unsolved.outcomesMissing.total).toBe(inGrace.outcomesMissing.total)
    expect((unsolved.outcomesMissing.items as T[]).map((x) => x.ticketNumber)).not.toContain(a.ticketNumber)
    expect(unsolved.followUps.total).toBe(before.followUps.total + 1)
    expect((unsolved.followUps.items as T[]).find((x) => x.ticketNumber === a.ticketNumber)).toMatchObject({ status: 'UNSOLVED', memberId: m.memberId })
    expect(chip(unsolved, 'today', a.ticketNumber)).toMatchObject({ status: 'UNSOLVED' })
    expect((await post('consultation-outcome', { ticketNumber: a.ticketNumber, outcome: 'UNSOLVED_COMPLETED', unsolvedAfterFollowContent: '再設定で解決' })).status).toBe(200)
    const settled = await today()
    expect(settled.followUps.total).toBe(before.followUps.total)
    expect(summary(settled)).toEqual(await expected())
    h.clock.set(new Date('2025-06-10T01:00:00Z'))
  })

  it('takes no input: an unknown field is 400', async () => {
    expect(await get('desk-today', { day: '20250610' })).toEqual({ status: 400, body: { message: dm.unknownField } })
  })
})

/** A booking written straight into the tickets (no cells: the search reads tickets). */
let seq = 0
async function booking(memberId: string, at: string, staffId: string, extra: Partial<typeof tickets.$inferInsert> = {}) {
  const ticketNumber = `S8${String(Date.now()).slice(-8)}${String(++seq).padStart(4, '0')}`
  await h.db.insert(tickets).values({
    ticketNumber, memberId, productId: 'SUPPORT-30', productType: 'SUPPORT', productName: '30分サポートチケット', price: 3300,
    minutesToSupport: 30, reservationAt: new Date(at), staffId, supportType: 'TEL', supportStatus: 'UNSUPPORTED', purchaseTime: h.clock.now(), ...extra,
  })
  return ticketNumber
}

async function named(last: string, first: string, createdAt?: Date) {
  const m = await h.member('fresh')
  await h.db.update(members).set({ memberLastname: last, memberFirstname: first, ...(createdAt ? { createdAt } : {}) }).where(eq(members.memberId, m.memberId))
  return m
}

describe('bookings can be found (desk-bookings)', () => {
  it('by days, consultant, each status and member (name, e-mail, member id, ticket number); paged', async () => {
    const m = await named('ツクシノ', 'ハルカ')
    // 2025-07-20 and 21 JST: no other booking of this member.
    const t = {
      open: await booking(m.memberId, '2025-07-20T01:00:00Z', 'STAFF-01'),
      done: await booking(m.memberId, '2025-07-20T02:00:00Z', 'STAFF-02', { supportStatus: 'COMPLETED', minutesUsed: 30 }),
      unsolved: await booking(m.memberId, '2025-07-20T03:00:00Z', 'STAFF-01', { supportStatus: 'UNSOLVED' }),
      followed: await booking(m.memberId, '2025-07-20T04:00:00Z', 'STAFF-02', { supportStatus: 'UNSOLVED_COMPLETED', unsolvedAfterFollowContent: '済' }),
      noContact: await booking(m.memberId, '2025-07-21T01:00:00Z', 'STAFF-01', { noContact: true }),
      refunded: await booking(m.memberId, '2025-07-21T02:00:00Z', 'STAFF-03', { amountRefunded: 3300, refundReason: 'キャンセル' }),
    }
    const found = async (q: T) => {
      const r = await get('desk-bookings', { pageSize: 100, ...q })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return (r.body.items as T[]).map((x) => x.ticketNumber)
    }
    const all = Object.values(t)
    // member: a name (hiragana for katakana, half-width, partial), the e-mail, the member id, a ticket number.
    expect(await found({ member: m.memberId, from: '20250720' })).toEqual(all)
    expect(await found({ member: 'つくしの はるか' })).toEqual([...all].reverse())
    expect(await found({ member: 'ｼﾉﾊﾙ' })).toHaveLength(6)
    expect(await found({ member: m.email })).toHaveLength(6)
    expect(await found({ member: t.unsolved })).toEqual([t.unsolved])
    // days: both ends included, JST.
    expect(await found({ member: m.memberId, from: '20250721', to: '20250721' })).toEqual([t.noContact, t.refunded])
    expect(await found({ member: m.memberId, to: '20250720' })).toEqual([t.followed, t.unsolved, t.done, t.open])
    // consultant.
    expect(await found({ member: m.memberId, from: '20250720', staffId: 'STAFF-02' })).toEqual([t.done, t.followed])
    // each status; a refunded booking is 返金済み, never 未対応.
    const byStatus = { UNSUPPORTED: [t.open], COMPLETED: [t.done], UNSOLVED: [t.unsolved], UNSOLVED_COMPLETED: [t.followed], NO_CONTACT: [t.noContact], REFUNDED: [t.refunded] }
    for (const [status, want] of Object.entries(byStatus)) expect(await found({ member: m.memberId, status }), status).toEqual(want)
    const r = await get('desk-bookings', { member: t.refunded })
    expect(r.body.items[0]).toMatchObject({ status: 'REFUNDED', memberId: m.memberId, memberName: 'ツクシノ ハルカ', staffId: 'STAFF-03', reservationTime: 'SUPPORT-20250721-11-00' })
    // paged.
    const page2 = await get('desk-bookings', { member: m.memberId, from: '20250720', page: 2, pageSize: 4 })
    expect(page2.body).toMatchObject({ total: 6, page: 2, pageSize: 4 })
    expect((page2.body.items as T[]).map((x) => x.ticketNumber)).toEqual([t.noContact, t.refunded])
    // Bad input is a 400 with a message.
    expect(await get('desk-bookings', { from: '20250721', to: '20250720' })).toEqual({ status: 400, body: { message: dm.rangeInvalid } })
    expect(await get('desk-bookings', { from: '20251340' })).toEqual({ status: 400, body: { message: dm.dateInvalid } })
    expect((await get('desk-bookings', { status: 'DONE' })).status).toBe(400)
  })
})

describe('members can be found by name and listed (desk-members)', () => {
  it('name search is kana-insensitive (hiragana, katakana, half-width, full-width), partial and ignores spaces', async () => {
    const kata = await named('ミナセガワ', 'サクラ')
    const hira = await named('ほしぞらの', 'みらい')
    const wide = await named('Ｓｍｉｔｈｓｏｎ', 'Ｊｏｅ')
    const kanji = await named('鷹ノ巣', '太郎')
    const ids = async (query: string, by?: string) => {
      const r = await get('desk-members', { query, by, pageSize: 100 })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return (r.body.items as T[]).map((x) => x.memberId)
    }
    for (const q of ['ミナセガワ', 'みなせがわ', 'ﾐﾅｾｶﾞﾜ', 'みなせがわ　さくら', 'ミナセガワサクラ', 'ミナセ ガワ', 'せがわさく', 'さくら']) expect(await ids(q), q).toEqual([kata.memberId])
    for (const q of ['ホシゾラノ', 'ﾎｼｿﾞﾗﾉ', 'ほしぞらの みらい', 'ぞらのみ']) expect(await ids(q, 'NAME'), q).toEqual([hira.memberId])
    for (const q of ['smithson', 'SMITHSON JOE', 'ｓｍｉｔｈｓｏｎｊｏｅ']) expect(await ids(q), q).toEqual([wide.memberId])
    expect(await ids('鷹ノ巣 太郎')).toEqual([kanji.memberId])
    expect(await ids('鷹ノ巣')).toEqual([kanji.memberId])
    expect(await ids('ミナセガワ', 'EMAIL')).toEqual([])
    expect(await ids('%', 'NAME')).toEqual([])
  })

  it('an empty query lists members newest first, paged; a cancelled member reads 退会済み without personal data', async () => {
    const newest = await named('アタラシ', 'イチバン', new Date('2025-06-10T01:02:00Z'))
    const gone = await named('キエル', 'ヒト', new Date('2025-06-10T01:01:00Z'))
    await h.db.update(members).set({ deletedAt: h.clock.now() }).where(eq(members.memberId, gone.memberId))
    const list = await get('desk-members', { pageSize: 2 })
    expect(list.status).toBe(200)
    expect(list.body.total).toBeGreaterThanOrEqual(2)
    expect(list.body.items).toEqual([
      expect.objectContaining({ memberId: newest.memberId, name: 'アタラシ イチバン', cancelled: false }),
      { memberId: gone.memberId, name: dm.cancelledMember, email: '', phoneNumber: '', createdAt: expect.any(Number), cancelled: true },
    ])
    const [{ total }] = [(await get('desk-members', { query: '' })).body]
    expect(total).toBe((await h.db.select({ id: members.memberId }).from(members)).length)
    // Their personal data finds them no more; their member id still does.
    expect((await get('desk-members', { query: 'キエル' })).body.total).toBe(0)
    expect((await get('desk-members', { query: gone.email })).body.total).toBe(0)
    expect((await get('desk-members', { query: gone.memberId })).body.items).toEqual([expect.objectContaining({ memberId: gone.memberId, cancelled: true, email: '' })])
  })
})
