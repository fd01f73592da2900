import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { staffMessages } from '../../contract/staff-messages'
import { auditLog, staff, tickets } from '../../server/db/schema'
import { createHarness, type Harness } from './harness'
import { buySupport, staffAccount, staffGet, staffPost } from './staff-harness'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(async () => h?.close())

/** Runs `fn` with the clock at `at`, then puts it back. */
async function at<T>(h: Harness, iso: string, fn: () => Promise<T>): Promise<T> {
  const before = h.clock.now()
  h.clock.set(new Date(iso))
  try {
    return await fn()
  } finally {
    h.clock.set(before)
  }
}

describe('a consultant\'s day and the outcome of a consultation', () => {
  it('the day lists what is needed to call; COMPLETED mails the rating link, which then works for the real purchase', async () => {
    const member = await h.member('fresh')
    const bought = await buySupport(h, member, { reservationTime: 'SUPPORT-20250612-15-00', staffId: 'STAFF-03', supportType: 'TEL' })
    const mine = await staffAccount(h, [{ role: 'consultant', staffId: 'STAFF-03' }])
    const other = await staffAccount(h, [{ role: 'consultant', staffId: 'STAFF-05' }])

    const day = await staffGet(h, 'consultant-day', { token: mine.token, query: { from: '20250612' } })
    expect(day.status).toBe(200)
    const c = day.body.consultations.find((x: { ticketNumber: string }) => x.ticketNumber === bought.ticketNumber)
    expect(c).toMatchObject({
      reservationTime: 'SUPPORT-20250612-15-00', minutes: 60, supportType: 'TEL', telNumber: '09000000000', onlineEmail: null,
      concernText: 'プリンターがつながりません', device: 'PC', os: 'WINDOWS', remoteSupport: 'WISH', supportStatus: 'UNSUPPORTED', noContact: false, noPreference: false,
    })
    // Another consultant sees neither the day nor the ticket.
    expect((await staffGet(h, 'consultant-day', { token: other.token, query: { from: '20250612', staffId: 'STAFF-03' } })).status).toBe(403)
    expect((await staffGet(h, 'consultant-day', { token: other.token, query: { from: '20250612' } })).body.consultations.map((x: { ticketNumber: string }) => x.ticketNumber)).not.toContain(bought.ticketNumber)
    const body = { ticketNumber: bought.ticketNumber, outcome: 'COMPLETED', minutesUsed: 55 }
    expect(await staffPost(h, 'consultation-outcome', { token: other.token, body })).toEqual({ status: 403, body: { message: staffMessages.notOwnBooking } })
    // Not before it starts.
    expect(await staffPost(h, 'consultation-outcome', { token: mine.token, body })).toEqual({ status: 409, body: { message: staffMessages.notStarted } })
    // The rating page of the real purchase is not reachable yet.
    expect((await h.get('ticket-data', { token: member.token, query: { ticketNumber: bought.ticketNumber, action: 'RATING' } })).status).toBe(400)

    const [before] = await h.db.select().from(staff).where(eq(staff.staffId, 'STAFF-03'))
    const done = await at(h, '2025-06-12T07:00:00Z', () => staffPost(h, 'consultation-outcome', { token: mine.token, body }))
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({ ratingMailSent: true, consultation: { supportStatus: 'COMPLETED', minutesUsed: 55 } })
    // Once only.
    expect((await at(h, '2025-06-12T07:00:00Z', () => staffPost(h, 'consultation-outcome', { token: mine.token, body }))).status).toBe(409)

    const mail = h.mailer.last(member.email)
    const link = /http:\/\/app\.test\/rating\?ticketNumber=(\S+)/.exec(mail?.text ?? '')
    expect(link?.[1]).toBe(bought.ticketNumber)
    expect((await h.get('ticket-data', { token: member.token, query: { ticketNumber: bought.ticketNumber, action: 'RATING' } })).status).toBe(200)
    const rated = await h.post('rating', { token: member.token, body: { ticketNumber: bought.ticketNumber, memberTotalScore: 1, memberDetailScore: [], ratingComment: '', tip: false } })
    expect(rated.status).toBe(200)
    const [after] = await h.db.select().from(staff).where(eq(staff.staffId, 'STAFF-03'))
    expect(after.supportCompleteCount).toBe(before.supportCompleteCount + 1)
    expect(after.ratingCount).toBe(before.ratingCount + 1)
    expect(after.averageScore).toBeCloseTo((before.averageScore * before.ratingCount + 1) / (before.ratingCount + 1), 9)
  })

  it('the mean rating keeps moving past a hundred ratings: kept unrounded, answered to one decimal', async () => {
    // 4.3 over 100 ratings, then a 1: the mean is 4.267. Rounded at each step it would be stored
    // as 4.3 again, and no later rating below 5 could ever move it.
    await h.db.update(staff).set({ averageScore: 4.3, ratingCount: 100 }).where(eq(staff.staffId, 'STAFF-04'))
    const member = await h.member('fresh')
    const bought = await buySupport(h, member, { reservationTime: 'SUPPORT-20250617-10-00', staffId: 'STAFF-04' })
    await h.db.update(tickets).set({ supportStatus: 'COMPLETED' }).where(eq(tickets.ticketNumber, bought.ticketNumber))
    const rated = await h.post('rating', { token: member.token, body: { ticketNumber: bought.ticketNumber, memberTotalScore: 1, memberDetailScore: [], ratingComment: '', tip: false } })
    expect(rated.status).toBe(200)
    const [row] = await h.db.select().from(staff).where(eq(staff.staffId, 'STAFF-04'))
    expect(row.ratingCount).toBe(101)
    expect(row.averageScore).toBeCloseTo((4.3 * 100 + 1) / 101, 9)
    // Members read it to one decimal.
    await h.db.update(staff).set({ averageScore: 4.249 }).where(eq(staff.staffId, 'STAFF-04'))
    h.deps.caches.scheduleChanged()
    const grid = await h.get('reservation-schedule', { token: member.token, query: { dt: '20250617', minutesToSupport: 60 } })
    expect(grid.status).toBe(200)
    const listed = (grid.body as { staffSchedules: { staffId: string; averageScore: number }[] }).staffSchedules.find((s) => s.staffId === 'STAFF-04')
    expect(listed?.averageScore).toBe(4.2)
  })

  it('UNSOLVED then UNSOLVED_COMPLETED; NO_CONTACT keeps UNSUPPORTED (the card reads no contact); bad input is 400', async () => {
    const member = await h.member('fresh')
    const a = await buySupport(h, member, { reservationTime: 'SUPPORT-20250612-10-00', staffId: 'STAFF-03' })
    const b = await buySupport(h, member, { reservationTime: 'SUPPORT-20250612-12-00', staffId: 'STAFF-03' })
    const op = await staffAccount(h, [{ role: 'operator' }])
    const post = (body: object) => at(h, '2025-06-12T06:00:00Z', () => staffPost(h, 'consultation-outcome', { token: op.token, body }))
    expect((await post({ ticketNumber: a.ticketNumber, outcome: 'COMPLETED' })).status).toBe(400)
    expect((await post({ ticketNumber: a.ticketNumber, outcome: 'DONE' })).body).toEqual({ message: staffMessages.outcomeInvalid })
    expect((await post({ ticketNumber: a.ticketNumber, outcome: 'UNSOLVED_COMPLETED', unsolvedAfterFollowContent: '後日訪問' })).body).toEqual({ message: staffMessages.outcomeNotAllowed })
    expect((await post({ ticketNumber: a.ticketNumber, outcome: 'UNSOLVED' })).body.consultation.supportStatus).toBe('UNSOLVED')
    expect((await post({ ticketNumber: a.ticketNumber, outcome: 'UNSOLVED_COMPLETED', unsolvedAfterFollowContent: '後日訪問' })).body.consultation).toMatchObject({ supportStatus: 'UNSOLVED_COMPLETED', unsolvedAfterFollowContent: '後日訪問' })
    expect((await post({ ticketNumber: b.ticketNumber, outcome: 'NO_CONTACT' })).body).toMatchObject({ ratingMailSent: false, consultation: { supportStatus: 'UNSUPPORTED', noContact: true } })
    const [row] = await h.db.select().from(tickets).where(eq(tickets.ticketNumber, b.ticketNumber))
    expect(row.supportStatus).toBe('UNSUPPORTED')
    expect((await post({ ticketNumber: 'S0000000000000', outcome: 'NO_CONTACT' })).status).toBe(404)
    // Each recorded outcome is one audit row with the ticket's status before and after; refusals none.
    const trail = await h.db.select().from(auditLog).where(and(eq(auditLog.action, 'consultation-outcome'), eq(auditLog.actorUid, op.uid)))
    expect(trail.map((a) => [a.targetId, (a.before as { supportStatus: string }).supportStatus, (a.after as { supportStatus: string; outcome: string }).outcome])).toEqual([
      [a.ticketNumber, 'UNSUPPORTED', 'UNSOLVED'],
      [a.ticketNumber, 'UNSOLVED', 'UNSOLVED_COMPLETED'],
      [b.ticketNumber, 'UNSUPPORTED', 'NO_CONTACT'],
    ])
  })

  it('an extension link is mailed once the consultation has started, and a paid extension shows on the consultation', async () => {
    const member = await h.member('fresh')
    const bought = await buySupport(h, member, { reservationTime: 'SUPPORT-20250612-16-00', staffId: 'STAFF-03' }) // 16:00 JST = 07:00Z
    const op = await staffAccount(h, [{ role: 'operator' }])
    const token = op.token
    const send = (iso: string) => at(h, iso, () => staffPost(h, 'extension-link', { token, body: { ticketNumber: bought.ticketNumber } }))
    const extensionMails = () => h.mailer.sent.filter((m) => m.subject.includes('サポート延長のご案内') && m.text.includes(bought.ticketNumber))
    // Decision 121: 「ご相談中のサポートの延長」 only once it is under way — 35 minutes before, and a
    // second before the start, it is refused, nothing mailed and nothing audited.
    for (const early of ['2025-06-12T06:25:00Z', '2025-06-12T06:59:59Z']) {
      expect(await send(early)).toEqual({ status: 409, body: { message: staffMessages.extensionNotStarted } })
    }
    expect(extensionMails()).toEqual([])
    expect(await h.db.select().from(auditLog).where(and(eq(auditLog.action, 'extension-link'), eq(auditLog.targetId, bought.ticketNumber)))).toEqual([])
    const r = await send('2025-06-12T07:00:00Z') // at the start
    expect(r.status).toBe(200)
    expect(r.body.url).toBe(`http://app.test/buy?productId=ADD-30&parentTicketNumber=${bought.ticketNumber}`)
    expect(h.mailer.last(member.email)?.text).toContain(r.body.url)
    const sent = await h.db.select().from(auditLog).where(and(eq(auditLog.action, 'extension-link'), eq(auditLog.targetId, bought.ticketNumber)))
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ actorUid: op.uid, actorRole: 'operator' })
    const paid = await h.post('charge', {
      token: member.token, headers: { 'Idempotency-Key': `ext-${bought.ticketNumber}` },
      body: { productId: 'ADD-30', cardToken: await h.cardToken(undefined, member.token), saveCard: false, reservationTime: 'ADD', parentTicketNumber: bought.ticketNumber },
    })
    expect(paid.status).toBe(200)
    const day = await staffGet(h, 'consultant-day', { token: op.token, query: { from: '20250612', staffId: 'STAFF-03' } })
    const c = day.body.consultations.find((x: { ticketNumber: string }) => x.ticketNumber === bought.ticketNumber)
    expect(c).toMatchObject({ addedMinutes: 30, addTickets: [{ ticketNumber: paid.body.ticketNumber, minutes: 30 }] })
  })
})
