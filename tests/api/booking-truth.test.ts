import { and, eq, gte } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Ticket } from '../../contract/entities'
import { staffMessages as sm } from '../../contract/staff-messages'
import { heldTickets, isListed, ticketLabel } from '../../contract/ticket-rules'
import { bookings, members } from '../../server/db/schema'
import { NOW, createHarness, type Harness } from './harness'
import { buySupport, staffAccount, staffGet, staffPost } from './staff-harness'

// One truth per booking (docs/server.md "Consultation state"): whatever happened to a booking —
// refunded in part, its member's account cancelled, extended, completed, changed — the
// consultant's day, 割り当て, the desk's member page, the calendar feed and the member's own
// tickets read the same. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type T = Record<string, any>

let h: Harness
let op: Awaited<ReturnType<typeof staffAccount>>
/** The consultants of STAFF-02 and STAFF-03 (one account per consultant row). */
let cs02: Awaited<ReturnType<typeof staffAccount>>
let cs03: Awaited<ReturnType<typeof staffAccount>>
beforeAll(async () => {
  h = await createHarness()
  op = await staffAccount(h, [{ role: 'operator' }])
  cs02 = await staffAccount(h, [{ role: 'consultant', staffId: 'STAFF-02' }])
  cs03 = await staffAccount(h, [{ role: 'consultant', staffId: 'STAFF-03' }])
}, 120_000)
afterAll(async () => h?.close())

let keys = 0
const refund = (ticketNumber: string, amount: number) =>
  staffPost(h, 'desk-refund', { token: op.token, body: { ticketNumber, amount, reason: '体調不良のため', idempotencyKey: `truth-${++keys}-${Date.now()}` } })

/** Runs `fn` with the clock at `iso`, then puts it back. */
async function at<R>(iso: string, fn: () => Promise<R>): Promise<R> {
  const before = h.clock.now()
  h.clock.set(new Date(iso))
  try {
    return await fn()
  } finally {
    h.clock.set(before)
  }
}

const consultantDay = async (token: string, from: string) => (await staffGet(h, 'consultant-day', { token, query: { from } })).body.consultations as T[]
const assignments = async (from: string) => (await staffGet(h, 'assignments', { token: op.token, query: { from, days: 1 } })).body.assignments as T[]
const memberTickets = async (token: string) => (await h.get('user-data', { token, query: { data: 'MEMBER_SUPPORT_TICKET' } })).body.supportTicketList as Ticket[]

/** The feed's events by ticket number: STATUS and DTEND of each. */
async function feedEvents(token: string): Promise<Map<string, { status: string; end: string; summary: string }>> {
  const made = await staffPost(h, 'calendar-feed', { token, body: { action: 'ROTATE' } })
  const res = await h.app.request(new URL(made.body.url as string).pathname)
  const text = (await res.text()).replace(/\r\n[ \t]/g, '')
  const events = new Map<string, { status: string; end: string; summary: string }>()
  for (const block of text.split('BEGIN:VEVENT').slice(1)) {
    const field = (name: string) => new RegExp(`^${name}[:;](.*)$`, 'm').exec(block)?.[1]?.replace(/^.*:/, '') ?? ''
    events.set(field('UID').replace('@mypage', ''), { status: field('STATUS'), end: field('DTEND'), summary: field('SUMMARY') })
  }
  return events
}

describe('a partly refunded booking and the next booking of its cell', () => {
  it('every staff view and the member agree: one live consultation at the cell, the refunded one marked; reassigning it is refused with one message', async () => {
    const a = await h.member('fresh')
    const b = await h.member('fresh')
    const cs = cs02
    // 2025-06-12: STAFF-02 works 13–21 (server/db/seed/catalog.ts shiftFor).
    const cell = 'SUPPORT-20250612-13-00'
    const first = await buySupport(h, a, { reservationTime: cell, staffId: 'STAFF-02' })
    expect((await refund(first.ticketNumber, 1000)).status).toBe(200)
    // The refund ended the reservation: the same consultant and cell can be booked again.
    const second = await buySupport(h, b, { reservationTime: cell, staffId: 'STAFF-02' })

    const atCell = (list: T[]) => list.filter((c) => c.reservationTime === cell)
    const expectOneLive = (list: T[]) => {
      const here = atCell(list)
      expect(here.filter((c) => c.state === 'live').map((c) => c.ticketNumber)).toEqual([second.ticketNumber])
      expect(here.find((c) => c.ticketNumber === first.ticketNumber)).toMatchObject({ state: 'refunded', refunded: true })
    }
    expectOneLive(await consultantDay(cs.token, '20250612'))
    expectOneLive(await assignments('20250612'))

    // The desk's member page: the ticket reads refunded (返金済み, never 未対応) by the member's own rule.
    const desk = await staffGet(h, 'desk-member', { token: op.token, query: { memberId: a.memberId } })
    const deskTicket = (desk.body.tickets as Ticket[]).find((t) => t.ticketNumber === first.ticketNumber)!
    expect(ticketLabel(deskTicket, NOW)).toBe('refunded')

    // The calendar feed: the refunded one is a cancelled event, the new booking the only confirmed one.
    const events = await feedEvents(cs.token)
    expect(events.get(first.ticketNumber)).toMatchObject({ status: 'CANCELLED' })
    expect(events.get(first.ticketNumber)?.summary).toContain('返金済み')
    expect(events.get(second.ticketNumber)).toMatchObject({ status: 'CONFIRMED' })

    // Member A: the ticket is no reservation (hidden from the held tickets, labelled refunded); B holds the cell.
    const mineA = (await memberTickets(a.token)).find((t) => t.ticketNumber === first.ticketNumber)!
    expect(isListed(mineA)).toBe(false)
    expect(ticketLabel(mineA, NOW)).toBe('refunded')
    expect(ticketLabel((await memberTickets(b.token)).find((t) => t.ticketNumber === second.ticketNumber)!, NOW)).toBe('reserved')

    // Reassigning the refunded booking: the candidates and the change answer the same one message.
    expect(await staffGet(h, 'reassign-candidates', { token: op.token, query: { ticketNumber: first.ticketNumber } })).toEqual({ status: 409, body: { message: sm.reassignRefunded } })
    expect(await staffPost(h, 'reassign', { token: op.token, body: { ticketNumber: first.ticketNumber, staffId: 'STAFF-03', reason: '担当変更' } })).toEqual({
      status: 409,
      body: { message: sm.reassignRefunded },
    })
  })
})

describe('a cancelled account', () => {
  it('a refunded booking stays refunded after its member leaves; a booking still ahead of a gone member reads 取消 everywhere and cannot be reassigned', async () => {
    const cs = cs02
    const c = await h.member('fresh')
    const booked = await buySupport(h, c, { reservationTime: 'SUPPORT-20250612-18-00', staffId: 'STAFF-02' })
    // The account cannot go while the booking is ahead (product.md §8 UNUSED_SUPPORT_TICKETS_ARE_AVAILABLE) …
    expect((await h.post('cancel-account', { token: c.token, body: {} })).status).toBe(400)
    // … a refund ends the booking, then it can.
    expect((await refund(booked.ticketNumber, 5500)).status).toBe(200)
    expect((await h.post('cancel-account', { token: c.token, body: {} })).status).toBe(200)
    const refunded = (await consultantDay(cs.token, '20250612')).find((x) => x.ticketNumber === booked.ticketNumber)!
    expect(refunded).toMatchObject({ state: 'refunded', memberName: '（退会済み）', telNumber: null })

    // A member row gone with a booking still ahead (the state every view derives for it, whatever
    // removed the account): its cells are free, every view marks it cancelled.
    const d = await h.member('fresh')
    const ahead = await buySupport(h, d, { reservationTime: 'SUPPORT-20250612-19-30', staffId: 'STAFF-02' })
    await h.db.update(members).set({ deletedAt: NOW }).where(eq(members.memberId, d.memberId))
    await h.db.delete(bookings).where(and(eq(bookings.ticketNumber, ahead.ticketNumber), gte(bookings.cellStart, NOW)))
    const gone = (await consultantDay(cs.token, '20250612')).find((x) => x.ticketNumber === ahead.ticketNumber)!
    expect(gone).toMatchObject({ state: 'cancelled', memberName: '（退会済み）' })
    expect((await assignments('20250612')).find((x) => x.ticketNumber === ahead.ticketNumber)).toMatchObject({ state: 'cancelled' })
    expect((await feedEvents(cs.token)).get(ahead.ticketNumber)).toMatchObject({ status: 'CANCELLED' })
    expect(await staffPost(h, 'reassign', { token: op.token, body: { ticketNumber: ahead.ticketNumber, staffId: 'STAFF-03', reason: '担当変更' } })).toEqual({
      status: 409,
      body: { message: sm.reassignCancelled },
    })
  })

  it('a consultation under way when its member leaves stays live and keeps its cells', async () => {
    const cs = cs03
    const e = await h.member('fresh')
    // 2025-06-10: STAFF-03 works 09–17.
    const booked = await buySupport(h, e, { reservationTime: 'SUPPORT-20250610-11-00', staffId: 'STAFF-03' })
    expect((await at('2025-06-10T02:10:00Z', () => h.post('cancel-account', { token: e.token, body: {} }))).status).toBe(200)
    expect((await h.db.select().from(bookings).where(eq(bookings.ticketNumber, booked.ticketNumber))).length).toBe(2)
    expect((await consultantDay(cs.token, '20250610')).find((x) => x.ticketNumber === booked.ticketNumber)).toMatchObject({ state: 'live', memberName: '（退会済み）' })
  })
})

describe('an extension and its consultation', () => {
  it('the end includes the extension minutes everywhere; once completed, the extension is no reservation for the member; /buy names what it extends', async () => {
    const m = await h.member('fresh')
    const cs = cs03
    const booked = await buySupport(h, m, { reservationTime: 'SUPPORT-20250610-14-00', staffId: 'STAFF-03' })
    const data = await h.get('charge-data', { token: m.token, query: { productId: 'ADD-30', parentTicketNumber: booked.ticketNumber } })
    expect(data.body.parent).toMatchObject({ ticketNumber: booked.ticketNumber, reservationTime: 'SUPPORT-20250610-14-00', staffNickname: 'みどり' })
    const other = await h.member('fresh')
    expect((await h.get('charge-data', { token: other.token, query: { productId: 'ADD-30', parentTicketNumber: booked.ticketNumber } })).status).toBe(404)
    const add = await h.post('charge', {
      token: m.token,
      headers: { 'Idempotency-Key': `truth-add-${Date.now()}` },
      body: { productId: 'ADD-30', cardId: '', cardToken: await h.cardToken(undefined, m.token), saveCard: false, reservationTime: 'ADD', parentTicketNumber: booked.ticketNumber },
    })
    expect(add.status).toBe(200)

    // 14:00 JST + 60 booked + 30 extension = 15:30 JST (06:30Z).
    const c = (await consultantDay(cs.token, '20250610')).find((x) => x.ticketNumber === booked.ticketNumber)!
    expect(c).toMatchObject({ addedMinutes: 30, state: 'live' })
    expect(c.endUnixTime - c.startUnixTime).toBe(90 * 60)
    expect(c.bookedEndUnixTime - c.startUnixTime).toBe(60 * 60)
    expect((await assignments('20250610')).find((x) => x.ticketNumber === booked.ticketNumber)?.endUnixTime).toBe(c.endUnixTime)
    expect((await feedEvents(cs.token)).get(booked.ticketNumber)?.end).toBe('20250610T063000Z')

    // Before the outcome: the extension is held with its consultation.
    const before = await memberTickets(m.token)
    const extension = before.find((t) => t.productType === 'ADD')!
    expect(extension.parentTicketNumber).toBe(booked.ticketNumber)
    expect(heldTickets(before, NOW).map((t) => t.ticketNumber)).toContain(extension.ticketNumber)

    // Recorded at the extended end: 85 minutes used fit the 90 begun (outcomes fit the time, decision 68).
    const done = await at('2025-06-10T06:30:00Z', () => staffPost(h, 'consultation-outcome', { token: cs.token, body: { ticketNumber: booked.ticketNumber, outcome: 'COMPLETED', minutesUsed: 85 } }))
    expect(done.status).toBe(200)
    const after = await memberTickets(m.token)
    const held = heldTickets(after, NOW)
    expect(held.map((t) => t.ticketNumber)).not.toContain(extension.ticketNumber)
    expect(held.filter((t) => ticketLabel(t, NOW) === 'reserved').map((t) => t.ticketNumber)).not.toContain(extension.ticketNumber)
  })
})

describe('a reservation change and 指名なし', () => {
  it('a change to a named consultant is no 指名なし booking any more; a change to 指名なし is one again', async () => {
    const m = await h.member('fresh')
    const booked = await buySupport(h, m, { reservationTime: 'SUPPORT-20250613-10-00', staffId: null })
    const preference = async () => (await staffGet(h, 'assignments', { token: op.token, query: { from: '20250613', days: 1 } })).body.assignments.find((x: T) => x.ticketNumber === booked.ticketNumber)
    expect(await preference()).toMatchObject({ noPreference: true })
    // 2025-06-13: STAFF-04 works 09–17.
    const named = await h.post('update-resevation-date', { token: m.token, body: { ticketNumber: booked.ticketNumber, staffId: 'STAFF-04', reservationTime: 'SUPPORT-20250613-14-00', minutesToSupport: 60 } })
    expect(named.status).toBe(200)
    expect(await preference()).toMatchObject({ noPreference: false, staffId: 'STAFF-04' })
    const unnamed = await h.post('update-resevation-date', { token: m.token, body: { ticketNumber: booked.ticketNumber, staffId: '', reservationTime: 'SUPPORT-20250613-15-00', minutesToSupport: 60 } })
    expect(unnamed.status).toBe(200)
    expect(await preference()).toMatchObject({ noPreference: true, reservationTime: 'SUPPORT-20250613-15-00' })
  })
})
