import { and, eq, gte, lt } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Identity } from '../../server/adapters/identity'
import { createApp } from '../../server/app'
import { bookings, staff } from '../../server/db/schema'
import { NOW, createHarness, type Harness } from './harness'
import { buySupport, staffAccount, staffGet, staffPost } from './staff-harness'

// The member and schedule caches (server/infra/cache.ts, docs/decisions.md 17) seen from a
// caller: whatever a write changes shows in the very next answer, although the TTL (seconds) has
// not run out — the pinned clock does not move unless a test moves it.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type T = Record<string, any>
let h: Harness
let n = 0
const key = () => `cache-${Date.now()}-${++n}`
beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(async () => h?.close())

const schedule = async (token: string, dt: string, minutesToSupport = 60) => {
  const r = await h.get('reservation-schedule', { token, query: { dt, minutesToSupport } })
  expect(r.status).toBe(200)
  return r.body as T
}
const row = (answer: T, staffId: string) => answer.staffSchedules.find((s: T) => s.staffId === staffId) as T | undefined
/** The first open (consultant, slot) of an answer. */
const openCell = (answer: T) => {
  for (const s of answer.staffSchedules as T[]) {
    const slot = Object.keys(s.schedules).find((k) => s.schedules[k])
    if (slot) return { staffId: s.staffId as string, slot }
  }
  throw new Error(`no open cell on ${answer.selectDate}`)
}
const supportTickets = async (token: string) => (await h.get('user-data', { token, query: { data: 'MEMBER_SUPPORT_TICKET' } })).body.supportTicketList as T[]

describe('schedule cache: a booking write shows in the next answer', () => {
  it('a charge books a cell: the next schedule shows it taken', async () => {
    const m = await h.member('fresh')
    const before = await schedule(m.token, '20250617')
    const { staffId, slot } = openCell(before)
    const body = {
      productId: 'SUPPORT-60', cardToken: await h.cardToken(undefined, m.token), saveCard: false, staffId, reservationTime: `SUPPORT-20250617-${slot}`, supportType: 'TEL',
      reservationMenuList: [{ menuId: 'MENU-60-1', estimatedMinute: 60, menuTitle: 'パソコンの動作が遅い' }],
    }
    expect((await h.post('charge', { token: m.token, headers: { 'Idempotency-Key': key() }, body })).status).toBe(200)
    expect(row(await schedule(m.token, '20250617'), staffId)?.schedules[slot]).toBe(false)
    // Another member asks for the same cell: refused cleanly, whatever a cache said.
    const other = await h.member('fresh')
    const again = await h.post('charge', { token: other.token, headers: { 'Idempotency-Key': key() }, body: { ...body, cardToken: await h.cardToken(undefined, other.token) } })
    expect(again).toEqual({ status: 400, body: { message: 'STAFF_DENY' } })
  })

  it('a reservation change: the old cell is free and the new one taken in the next answers', async () => {
    const m = await h.member('demo')
    const nowSec = NOW.getTime() / 1000
    const ticket = (await supportTickets(m.token)).find((t) => t.supportStatus === 'UNSUPPORTED' && t.amountRefunded === 0 && t.minutesToSupport === 60 && t.reservationUnixTime > nowSec + 3600)!
    const [, oldDay, hh, mm] = (ticket.reservationTime as string).split('-')
    const oldSlot = `${hh}-${mm}`
    const oldStaff = ticket.staff.staffId as string
    expect(row(await schedule(m.token, oldDay), oldStaff)?.schedules[oldSlot]).toBe(false)
    const target = openCell(await schedule(m.token, '20250619'))
    const moved = await h.post('update-resevation-date', { token: m.token, body: { ticketNumber: ticket.ticketNumber, staffId: target.staffId, reservationTime: `SUPPORT-20250619-${target.slot}`, minutesToSupport: 60 } })
    expect(moved.status).toBe(200)
    expect(row(await schedule(m.token, '20250619'), target.staffId)?.schedules[target.slot]).toBe(false)
    expect(row(await schedule(m.token, oldDay), oldStaff)?.schedules[oldSlot]).toBe(true)
  })

  it("a rating changes the consultant's averageScore in the next answer", async () => {
    const m = await h.member('demo')
    const unrated = (await supportTickets(m.token)).find((t) => t.supportStatus === 'COMPLETED' && !t.alreadyRating && t.staff)!
    const staffId = unrated.staff.staffId as string
    // One rating must move the rounded average: give the consultant a single earlier rating of 4.
    await h.db.update(staff).set({ averageScore: 4, ratingCount: 1 }).where(eq(staff.staffId, staffId))
    // A day of the window on which that consultant works (and so appears in the answer).
    let day = ''
    let before: T | undefined
    for (let d = 10; d <= 24 && !before; d++) {
      day = `202506${d}`
      before = row(await schedule(m.token, day), staffId)
    }
    expect(before?.averageScore).toBe(4)
    const detail = ['親しみやすさ', '進行のスムーズさ', '問題解決力', '説明のわかりやすさ'].map((title) => ({ title, score: 1 }))
    expect((await h.post('rating', { token: m.token, body: { ticketNumber: unrated.ticketNumber, memberTotalScore: 1, memberDetailScore: detail } })).status).toBe(200)
    expect(row(await schedule(m.token, day), staffId)?.averageScore).toBe(2.5)
  })

  it('the 30-minute cut-off closes a slot at its instant, although the TTL has not run out', async () => {
    const m = await h.member('fresh')
    try {
      // 2025-06-10 10:29:58 JST: 11:00 is more than 30 minutes ahead; two seconds later it is not.
      h.clock.set(new Date('2025-06-10T01:29:58Z'))
      expect((await schedule(m.token, '20250610', 30)).noAssignSchedules['11-00']).toBe(true)
      h.clock.set(new Date('2025-06-10T01:30:00Z'))
      expect((await schedule(m.token, '20250610', 30)).noAssignSchedules['11-00']).toBe(false)
    } finally {
      h.clock.set(NOW)
    }
  })
})

describe('member cache: a write to the member row shows in the next call', () => {
  it('a profile update shows in the next user-data', async () => {
    const m = await h.member('fresh')
    expect((await h.get('user-data', { token: m.token, query: { data: 'MEMBER' } })).body).toMatchObject({ memberLastname: 'テスト' })
    expect((await h.post('user-update', { token: m.token, body: { memberLastname: '高橋', memberFirstname: '次郎', phoneNumber: '0312345678' } })).status).toBe(200)
    expect((await h.get('user-data', { token: m.token, query: { data: 'MEMBER' } })).body).toMatchObject({ memberLastname: '高橋', memberFirstname: '次郎', phoneNumber: '0312345678' })
  })

  it('an e-mail change shows in the next user-data', async () => {
    const m = await h.member('fresh')
    expect((await h.get('user-data', { token: m.token, query: { data: 'MEMBER' } })).body.email).toBe(m.email)
    const next = `cache-${Date.now()}@example.com`
    expect((await h.post('email-change-request', { token: m.token, body: { email: next } })).status).toBe(200)
    const token = /token=([0-9a-f]+)/.exec(h.mailer.last(next)?.text ?? '')?.[1]
    expect((await h.post('email-change-complete', { body: { token } })).status).toBe(200)
    const signedIn = await h.signIn(next, m.password)
    expect((await h.get('user-data', { token: signedIn, query: { data: 'MEMBER' } })).body.email).toBe(next)
  })

  it('a cancelled member is refused on the next call, although their token still verifies', async () => {
    // ID tokens stay valid until they expire; a provider may verify them locally (no revocation
    // round trip). Here tokens are verified from a map, so only the member row can refuse.
    const local = new Map<string, string>()
    const identity: Identity = {
      ...h.deps.identity,
      verifyIdToken: async (t) => {
        const uid = local.get(t)
        if (!uid) throw new Error('invalid token')
        return { uid }
      },
    }
    const app = createApp({ ...h.deps, identity })
    const call = (method: 'GET' | 'POST', path: string, token: string) =>
      app.request(path, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, ...(method === 'POST' ? { body: '{}' } : {}) })
    const m = await h.member('fresh')
    local.set(`local-${m.memberId}`, m.memberId)
    expect((await call('GET', '/api/user-data?data=MEMBER', `local-${m.memberId}`)).status).toBe(200)
    expect((await call('POST', '/api/cancel-account', `local-${m.memberId}`)).status).toBe(200)
    expect((await call('GET', '/api/user-data?data=MEMBER', `local-${m.memberId}`)).status).toBe(401)
    expect((await call('GET', '/api/reservation-schedule?dt=20250617&minutesToSupport=60', `local-${m.memberId}`)).status).toBe(401)
  })
})

// The staff side's writes (server/infra/cached-tables.ts): each answer is read first, so it is
// cached, then written, then read again on the pinned clock, well within the TTL.
describe('schedule cache: a staff write shows in the next answer', () => {
  let op: Awaited<ReturnType<typeof staffAccount>>
  beforeAll(async () => {
    op = await staffAccount(h, [{ role: 'operator' }])
  }, 60_000)

  it("a consultant's day off and a business holiday empty the cached day at once", async () => {
    const m = await h.member('fresh')
    // A consultant with nothing booked that day (a day off is refused over a booking).
    const day = '20250624'
    const booked = new Set((await h.db.select({ s: bookings.staffId }).from(bookings).where(and(gte(bookings.cellStart, new Date('2025-06-23T15:00:00Z')), lt(bookings.cellStart, new Date('2025-06-24T15:00:00Z'))))).map((b) => b.s))
    const staffId = ((await schedule(m.token, day)).staffSchedules as T[]).map((x) => x.staffId as string).find((id) => !booked.has(id))!
    const cs = await staffAccount(h, [{ role: 'consultant', staffId }])
    expect((await staffPost(h, 'shift-plan-update', { token: cs.token, body: { setExceptions: [{ ymd: day, off: true }] } })).status).toBe(200)
    expect(row(await schedule(m.token, day), staffId)).toBeUndefined()

    // The same day, which holds no booking (a holiday is refused over one).
    expect(booked.size).toBe(0)
    const holiday = day
    // A holiday asked for is not served: another day is (contract: the served day is in the answer).
    const served = (await schedule(m.token, holiday)).selectDate
    expect((await staffPost(h, 'business-holiday-update', { token: op.token, body: { add: [holiday] } })).status).toBe(200)
    expect((await schedule(m.token, holiday)).selectDate).not.toBe(served)
    expect((await staffPost(h, 'business-holiday-update', { token: op.token, body: { remove: [holiday] } })).status).toBe(200)
    expect((await schedule(m.token, holiday)).selectDate).toBe(served)
  })

  it('a reassignment frees the old cell and takes the new one in the next answer', async () => {
    const m = await h.member('fresh')
    const bought = await buySupport(h, m, { reservationTime: 'SUPPORT-20250620-15-00', staffId: null })
    const before = await schedule(m.token, '20250620')
    const from = (before.staffSchedules as T[]).find((s) => s.schedules['15-00'] === false)!.staffId as string
    const cand = await staffGet(h, 'reassign-candidates', { token: op.token, query: { ticketNumber: bought.ticketNumber } })
    const to = (cand.body.candidates as T[]).find((c) => c.free && c.staffId !== from)!.staffId as string
    expect(row(before, to)?.schedules['15-00']).toBe(true)
    expect((await staffPost(h, 'reassign', { token: op.token, body: { ticketNumber: bought.ticketNumber, staffId: to, reason: '担当変更' } })).status).toBe(200)
    const after = await schedule(m.token, '20250620')
    expect(row(after, to)?.schedules['15-00']).toBe(false)
    expect(row(after, from)?.schedules['15-00']).toBe(true)
  })

  it("an outcome moves the consultant's completed count in the next answer", async () => {
    const m = await h.member('fresh')
    const { staffId, slot } = openCell(await schedule(m.token, '20250612'))
    const cs = await staffAccount(h, [{ role: 'consultant', staffId }])
    const bought = await buySupport(h, m, { reservationTime: `SUPPORT-20250612-${slot}`, staffId })
    const [hh, mm] = slot.split('-').map(Number)
    try {
      // The consultation's end, in Japan time.
      h.clock.set(new Date(Date.UTC(2025, 5, 12, hh - 9 + 1, mm)))
      const count = async () => row(await schedule(m.token, '20250613'), staffId)?.supportCompleteCount as number
      const before = await count()
      expect((await staffPost(h, 'consultation-outcome', { token: cs.token, body: { ticketNumber: bought.ticketNumber, outcome: 'COMPLETED', minutesUsed: 60 } })).status).toBe(200)
      expect(await count()).toBe(before + 1)
    } finally {
      h.clock.set(NOW)
    }
  })

  it('a refund frees the cells in the next answer', async () => {
    const m = await h.member('fresh')
    const { staffId, slot } = openCell(await schedule(m.token, '20250617'))
    const bought = await buySupport(h, m, { reservationTime: `SUPPORT-20250617-${slot}`, staffId })
    expect(row(await schedule(m.token, '20250617'), staffId)?.schedules[slot]).toBe(false)
    const refunded = await staffPost(h, 'desk-refund', { token: op.token, body: { ticketNumber: bought.ticketNumber, amount: 5500, reason: '全額返金', idempotencyKey: key() } })
    expect(refunded.status).toBe(200)
    expect(row(await schedule(m.token, '20250617'), staffId)?.schedules[slot]).toBe(true)
  })
})
