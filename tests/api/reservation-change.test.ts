import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { changeRefusalMessages } from '../../contract/messages'
import { NOW, createHarness, type Harness } from './harness'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type T = Record<string, any>
let h: Harness
const nowSec = NOW.getTime() / 1000

beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(async () => h?.close())

async function memberWithTickets() {
  const m = await h.member('demo')
  const list = (await h.get('user-data', { query: { data: 'MEMBER_SUPPORT_TICKET' }, token: m.token })).body.supportTicketList as T[]
  const pick = (f: (t: T) => boolean) => list.find(f)!
  return {
    ...m,
    changeable: pick((t) => t.supportStatus === 'UNSUPPORTED' && t.amountRefunded === 0 && t.reservationUnixTime > nowSec + 1800),
    soon: pick((t) => t.supportStatus === 'UNSUPPORTED' && t.amountRefunded === 0 && t.reservationUnixTime > nowSec && t.reservationUnixTime <= nowSec + 1800),
    unrated: pick((t) => t.supportStatus === 'COMPLETED' && !t.alreadyRating),
    rated: pick((t) => t.supportStatus === 'COMPLETED' && t.alreadyRating),
    refunded: pick((t) => t.supportStatus === 'UNSUPPORTED' && t.amountRefunded > 0),
  }
}

describe('ticket-data', () => {
  it('CHANGE_RESERVATION: the ticket more than 30 minutes ahead, RESERVATION_TIMEOUT within 30', async () => {
    const m = await memberWithTickets()
    const ok = await h.get('ticket-data', { token: m.token, query: { ticketNumber: m.changeable.ticketNumber, action: 'CHANGE_RESERVATION' } })
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ ticketNumber: m.changeable.ticketNumber, minutesToSupport: 60, productName: expect.any(String), reservationTime: expect.stringMatching(/^SUPPORT-/) })
    expect(ok.body.staff.staffId).toBeTruthy()
    const late = await h.get('ticket-data', { token: m.token, query: { ticketNumber: m.soon.ticketNumber, action: 'CHANGE_RESERVATION' } })
    expect(late).toEqual({ status: 400, body: { message: 'RESERVATION_TIMEOUT' } })
    expect((await h.get('ticket-data', { token: m.token, query: { ticketNumber: m.refunded.ticketNumber, action: 'CHANGE_RESERVATION' } })).status).toBe(400)
  })

  // docs/product.md "Changing a reservation": an old change link (a calendar invite's, a reminder's)
  // of a booking that can no longer change says why — refunded, or over — instead of "not found".
  it('CHANGE_RESERVATION of a refunded booking says TICKET_REFUNDED, of a consulted one TICKET_NOT_CHANGEABLE; the move is refused alike', async () => {
    const m = await memberWithTickets()
    const read = (ticketNumber: string) => h.get('ticket-data', { token: m.token, query: { ticketNumber, action: 'CHANGE_RESERVATION' } })
    expect(await read(m.refunded.ticketNumber)).toEqual({ status: 400, body: { message: changeRefusalMessages.refunded } })
    expect(await read(m.unrated.ticketNumber)).toEqual({ status: 400, body: { message: changeRefusalMessages.notChangeable } })
    const move = await h.post('update-resevation-date', { token: m.token, body: { ticketNumber: m.refunded.ticketNumber, staffId: '', reservationTime: m.changeable.reservationTime, minutesToSupport: 60 } })
    expect(move).toEqual({ status: 400, body: { message: changeRefusalMessages.refunded } })
  })
  it('RATING: only a COMPLETED SUPPORT ticket not yet rated', async () => {
    const m = await memberWithTickets()
    expect((await h.get('ticket-data', { token: m.token, query: { ticketNumber: m.unrated.ticketNumber, action: 'RATING' } })).status).toBe(200)
    expect((await h.get('ticket-data', { token: m.token, query: { ticketNumber: m.rated.ticketNumber, action: 'RATING' } })).status).toBe(400)
    expect((await h.get('ticket-data', { token: m.token, query: { ticketNumber: m.changeable.ticketNumber, action: 'RATING' } })).status).toBe(400)
  })
  it("another member's ticket answers 404; bad input 400; no token 401", async () => {
    const a = await memberWithTickets()
    const b = await h.member('demo')
    expect((await h.get('ticket-data', { token: b.token, query: { ticketNumber: a.changeable.ticketNumber, action: 'CHANGE_RESERVATION' } })).status).toBe(404)
    expect((await h.get('ticket-data', { token: b.token, query: { ticketNumber: 'X', action: 'NOPE' } })).status).toBe(400)
    expect((await h.get('ticket-data', { query: { ticketNumber: 'X', action: 'RATING' } })).status).toBe(401)
  })
})

describe('reservation-schedule', () => {
  it('today: only slots more than 30 minutes ahead, inside a shift', async () => {
    const m = await h.member('fresh')
    const r = await h.get('reservation-schedule', { token: m.token, query: { dt: '20250610', minutesToSupport: 30 } })
    expect(r.status).toBe(200)
    expect(r.body.selectDate).toBe('20250610')
    expect(r.body.noAssignSchedules['10-30']).toBe(false)
    expect(r.body.noAssignSchedules['11-00']).toBe(true)
    expect(r.body.noAssignSchedules['09-00']).toBe(false)
    expect(Object.keys(r.body.noAssignSchedules)).toHaveLength(24)
    expect(r.body.staffSchedules.length).toBeGreaterThan(0)
    expect(r.body.staffSchedules[0]).toMatchObject({ staffId: expect.any(String), schedules: expect.any(Object), isAvailableAnyTime: expect.any(Boolean) })
    expect(r.body.isAvailableAnyTime).toBe(true)
  })
  it('a business holiday serves the next bookable day; outside the window too', async () => {
    const m = await h.member('fresh')
    expect((await h.get('reservation-schedule', { token: m.token, query: { dt: '20250616', minutesToSupport: 60 } })).body.selectDate).toBe('20250617')
    expect((await h.get('reservation-schedule', { token: m.token, query: { dt: '20250601', minutesToSupport: 60 } })).body.selectDate).toBe('20250610')
    expect((await h.get('reservation-schedule', { token: m.token, query: { dt: '20250801', minutesToSupport: 60 } })).body.selectDate).toBe('20250624')
  })
  it('a missing minutesToSupport answers "minutesToSupport None"', async () => {
    const m = await h.member('fresh')
    expect(await h.get('reservation-schedule', { token: m.token, query: { dt: '20250611' } })).toEqual({ status: 400, body: { message: 'minutesToSupport None' } })
    expect((await h.get('reservation-schedule', { token: m.token, query: { dt: 'tomorrow', minutesToSupport: 30 } })).status).toBe(400)
    expect((await h.get('reservation-schedule', { query: { dt: '20250611', minutesToSupport: 30 } })).status).toBe(401)
  })
  it("the ticket being moved frees its own cells; another member's ticket is 404", async () => {
    const m = await memberWithTickets()
    const [, ymd, hh, mm] = m.changeable.reservationTime.split('-')
    const staffId = m.changeable.staff.staffId
    const key = `${hh}-${mm}`
    const plain = await h.get('reservation-schedule', { token: m.token, query: { dt: ymd, minutesToSupport: 60 } })
    const row = (b: T) => b.staffSchedules.find((s: T) => s.staffId === staffId)
    expect(row(plain.body)?.schedules[key] ?? false).toBe(false)
    const own = await h.get('reservation-schedule', { token: m.token, query: { dt: ymd, minutesToSupport: 60, updateTargetTicketNumber: m.changeable.ticketNumber } })
    expect(row(own.body).schedules[key]).toBe(true)
    const other = await h.member('fresh')
    expect((await h.get('reservation-schedule', { token: other.token, query: { dt: ymd, minutesToSupport: 60, updateTargetTicketNumber: m.changeable.ticketNumber } })).status).toBe(404)
  })
})

describe('update-resevation-date', () => {
  it('moves the booking; the old cells are released, the new ones taken; a taken slot is refused', async () => {
    const a = await memberWithTickets()
    const b = await memberWithTickets()
    // 2025-06-13: STAFF-04 works 09–17 (server/db/seed/catalog.ts shiftFor).
    const body = { ticketNumber: a.changeable.ticketNumber, staffId: 'STAFF-04', reservationTime: 'SUPPORT-20250613-14-00', minutesToSupport: 60 }
    const r = await h.post('update-resevation-date', { token: a.token, body })
    expect(r).toEqual({ status: 200, body: { ticketNumber: a.changeable.ticketNumber, reservationTime: 'SUPPORT-20250613-14-00', staffId: 'STAFF-04' } })
    expect(h.mailer.last(a.email)?.subject).toContain('予約日時の変更')
    const taken = await h.post('update-resevation-date', { token: b.token, body: { ...body, ticketNumber: b.changeable.ticketNumber } })
    expect(taken).toEqual({ status: 400, body: { message: 'STAFF_DENY' } })
    // Half-overlapping is refused as well (cell 14:30 is taken).
    expect((await h.post('update-resevation-date', { token: b.token, body: { ...body, ticketNumber: b.changeable.ticketNumber, reservationTime: 'SUPPORT-20250613-13-30' } })).status).toBe(400)
    const after = await h.get('reservation-schedule', { token: a.token, query: { dt: '20250613', minutesToSupport: 60 } })
    expect(after.body.staffSchedules.find((s: T) => s.staffId === 'STAFF-04').schedules['14-00']).toBe(false)
    // No preference: the server assigns someone free.
    const any = await h.post('update-resevation-date', { token: b.token, body: { ...body, ticketNumber: b.changeable.ticketNumber, staffId: '' } })
    expect(any.status).toBe(200)
    expect(any.body.staffId).not.toBe('STAFF-04')
  })
  it('refuses within 30 minutes, on a holiday, outside a shift, and for another member', async () => {
    const a = await memberWithTickets()
    const base = { ticketNumber: a.changeable.ticketNumber, staffId: 'STAFF-04', minutesToSupport: 60 }
    expect(await h.post('update-resevation-date', { token: a.token, body: { ...base, ticketNumber: a.soon.ticketNumber, minutesToSupport: 30, reservationTime: 'SUPPORT-20250613-15-00' } })).toEqual({ status: 400, body: { message: 'RESERVATION_TIMEOUT' } })
    expect((await h.post('update-resevation-date', { token: a.token, body: { ...base, reservationTime: 'SUPPORT-20250616-10-00' } })).status).toBe(400)
    expect((await h.post('update-resevation-date', { token: a.token, body: { ...base, reservationTime: 'SUPPORT-20250613-19-00' } })).status).toBe(400)
    expect((await h.post('update-resevation-date', { token: a.token, body: { ...base, reservationTime: 'SUPPORT-20250613-10-00', staffId: 'NOBODY' } })).status).toBe(400)
    expect((await h.post('update-resevation-date', { token: a.token, body: { ...base, reservationTime: 'tomorrow' } })).status).toBe(400)
    const b = await h.member('fresh')
    expect((await h.post('update-resevation-date', { token: b.token, body: { ...base, reservationTime: 'SUPPORT-20250613-10-00' } })).status).toBe(404)
    expect((await h.post('update-resevation-date', { body: { ...base, reservationTime: 'SUPPORT-20250613-10-00' } })).status).toBe(401)
  })
})
