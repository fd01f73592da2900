import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { NO_CONTACT_WAIT_MINUTES } from '../../contract/outcome-rules'
import { fieldMessages } from '../../contract/messages'
import { CASE_NOTE_MAX } from '../../contract/staff-calls'
import { staffMessages } from '../../contract/staff-messages'
import { auditLog, tickets } from '../../server/db/schema'
import { createHarness, type Harness } from './harness'
import { buySupport, staffAccount, staffGet, staffPost } from './staff-harness'

// docs/product.md §10 "Outcomes fit the time", "Case notes" and "The consultant's past": the server's
// side, with the clock moved to the instants that matter (never a wait).

type Account = Awaited<ReturnType<typeof staffAccount>>
let h: Harness
/** One sign-in account per consultant row (a row has one account): みどり, ゆうこ, しょう, and an operator. */
let midori: Account, yuko: Account, sho: Account, operator: Account
beforeAll(async () => {
  h = await createHarness()
  midori = await staffAccount(h, [{ role: 'consultant', staffId: 'STAFF-03' }])
  yuko = await staffAccount(h, [{ role: 'consultant', staffId: 'STAFF-05' }])
  sho = await staffAccount(h, [{ role: 'consultant', staffId: 'STAFF-06' }])
  operator = await staffAccount(h, [{ role: 'operator' }])
}, 60_000)
afterAll(async () => h?.close())

/** Runs `fn` with the clock at `iso`, then puts it back. */
async function at<T>(iso: string, fn: () => Promise<T>): Promise<T> {
  const before = h.clock.now()
  h.clock.set(new Date(iso))
  try {
    return await fn()
  } finally {
    h.clock.set(before)
  }
}

const plus = (iso: string, seconds: number) => new Date(new Date(iso).getTime() + seconds * 1000).toISOString()

describe('an outcome fits the time of the consultation', () => {
  it('not before the start; ご連絡なし only after the wait; minutes used never above the minutes begun or bought, an extension included', async () => {
    const member = await h.member('fresh')
    // 2025-06-13 13:00, 14:00 and 16:00 JST (04:00Z, 05:00Z, 07:00Z), 60 minutes each, with みどり.
    const a = await buySupport(h, member, { reservationTime: 'SUPPORT-20250613-13-00', staffId: 'STAFF-03' })
    const b = await buySupport(h, member, { reservationTime: 'SUPPORT-20250613-14-00', staffId: 'STAFF-03' })
    const c = await buySupport(h, member, { reservationTime: 'SUPPORT-20250613-16-00', staffId: 'STAFF-03' })
    const mine = midori
    const post = (iso: string, body: object) => at(iso, () => staffPost(h, 'consultation-outcome', { token: mine.token, body }))

    // A second before the start: nothing.
    expect(await post('2025-06-13T03:59:59Z', { ticketNumber: a.ticketNumber, outcome: 'UNSOLVED' })).toEqual({ status: 409, body: { message: staffMessages.notStarted } })

    // ご連絡なし: refused a second before the wait is over, taken at its end.
    const wait = NO_CONTACT_WAIT_MINUTES * 60
    expect(await post(plus('2025-06-13T05:00:00Z', 27), { ticketNumber: b.ticketNumber, outcome: 'NO_CONTACT' })).toEqual({ status: 409, body: { message: staffMessages.noContactTooEarly(NO_CONTACT_WAIT_MINUTES) } })
    expect((await post(plus('2025-06-13T05:00:00Z', wait - 1), { ticketNumber: b.ticketNumber, outcome: 'NO_CONTACT' })).status).toBe(409)
    const noContact = await post(plus('2025-06-13T05:00:00Z', wait), { ticketNumber: b.ticketNumber, outcome: 'NO_CONTACT' })
    expect(noContact.status).toBe(200)
    expect(noContact.body.consultation).toMatchObject({ supportStatus: 'UNSUPPORTED', noContact: true })

    // 80 minutes three minutes in: refused with the largest value allowed; 30 at exactly 30 minutes
    // taken (a minute begun counts: 29 min 1 s also allows 30), 31 refused.
    expect(await post('2025-06-13T04:03:00Z', { ticketNumber: a.ticketNumber, outcome: 'COMPLETED', minutesUsed: 80 })).toEqual({ status: 400, body: { message: staffMessages.minutesUsedOverElapsed(3) } })
    expect(await post('2025-06-13T04:30:00Z', { ticketNumber: a.ticketNumber, outcome: 'COMPLETED', minutesUsed: 31 })).toEqual({ status: 400, body: { message: staffMessages.minutesUsedOverElapsed(30) } })
    expect((await post('2025-06-13T04:29:01Z', { ticketNumber: a.ticketNumber, outcome: 'COMPLETED', minutesUsed: 31 })).status).toBe(400)
    const done = await post('2025-06-13T04:30:00Z', { ticketNumber: a.ticketNumber, outcome: 'COMPLETED', minutesUsed: 30 })
    expect(done.status).toBe(200)
    expect(done.body.consultation).toMatchObject({ supportStatus: 'COMPLETED', minutesUsed: 30 })
    const refusals = await h.db.select().from(auditLog).where(eq(auditLog.targetId, a.ticketNumber))
    expect(refusals).toHaveLength(1)

    // 80 minutes into a 60-minute consultation: 60 at most; an extension of 30 raises it to the 80
    // begun; a refunded extension does not.
    const late = '2025-06-13T08:20:00Z'
    expect(await post(late, { ticketNumber: c.ticketNumber, outcome: 'COMPLETED', minutesUsed: 61 })).toEqual({ status: 400, body: { message: staffMessages.minutesUsedOverElapsed(60) } })
    const ext = await h.post('charge', {
      token: member.token, headers: { 'Idempotency-Key': `ext-${c.ticketNumber}` },
      body: { productId: 'ADD-30', cardToken: await h.cardToken(undefined, member.token), saveCard: false, reservationTime: 'ADD', parentTicketNumber: c.ticketNumber },
    })
    expect(ext.status).toBe(200)
    await h.db.update(tickets).set({ amountRefunded: 3300 }).where(eq(tickets.ticketNumber, ext.body.ticketNumber))
    expect((await post(late, { ticketNumber: c.ticketNumber, outcome: 'COMPLETED', minutesUsed: 61 })).body).toEqual({ message: staffMessages.minutesUsedOverElapsed(60) })
    await h.db.update(tickets).set({ amountRefunded: 0 }).where(eq(tickets.ticketNumber, ext.body.ticketNumber))
    expect(await post(late, { ticketNumber: c.ticketNumber, outcome: 'COMPLETED', minutesUsed: 81 })).toEqual({ status: 400, body: { message: staffMessages.minutesUsedOverElapsed(80) } })
    const extended = await post(late, { ticketNumber: c.ticketNumber, outcome: 'COMPLETED', minutesUsed: 80 })
    expect(extended.status).toBe(200)
    expect(extended.body.consultation).toMatchObject({ minutesUsed: 80, addedMinutes: 30 })
  })
})

describe('case notes and the member\'s earlier consultations', () => {
  it('a case note is stored trimmed, kept through the follow-up, shown to staff and in no member answer', async () => {
    const member = await h.member('fresh')
    const t = await buySupport(h, member, { reservationTime: 'SUPPORT-20250614-10-00', staffId: 'STAFF-03' })
    const mine = midori
    const post = (body: object) => at('2025-06-14T02:00:00Z', () => staffPost(h, 'consultation-outcome', { token: mine.token, body }))
    const note = 'プリンタードライバを入れ直し、印刷まで確認。\n次回：スキャナーの設定'
    // Refused before the schema (every call's control-character check, decision 67): a NUL,
    // another control character; at the schema: one character too many.
    expect(await post({ ticketNumber: t.ticketNumber, outcome: 'UNSOLVED', caseNote: 'a\u0000b' })).toEqual({ status: 400, body: { message: fieldMessages.controlChars } })
    expect(await post({ ticketNumber: t.ticketNumber, outcome: 'UNSOLVED', caseNote: 'a\u001bb' })).toEqual({ status: 400, body: { message: fieldMessages.controlChars } })
    expect(await post({ ticketNumber: t.ticketNumber, outcome: 'UNSOLVED', caseNote: 'あ'.repeat(CASE_NOTE_MAX + 1) })).toEqual({ status: 400, body: { message: staffMessages.caseNoteTooLong } })
    const saved = await post({ ticketNumber: t.ticketNumber, outcome: 'UNSOLVED', caseNote: `  ${note}  \n` })
    expect(saved.status).toBe(200)
    expect(saved.body.consultation.caseNote).toBe(note)
    // The follow-up without a note keeps it.
    const followed = await post({ ticketNumber: t.ticketNumber, outcome: 'UNSOLVED_COMPLETED', unsolvedAfterFollowContent: '後日お電話で解決' })
    expect(followed.body.consultation).toMatchObject({ supportStatus: 'UNSOLVED_COMPLETED', caseNote: note })
    const [row] = await h.db.select().from(tickets).where(eq(tickets.ticketNumber, t.ticketNumber))
    expect(row.caseNote).toBe(note)

    // Staff see it on the consultation; the member never.
    const past = await at('2025-06-14T02:00:00Z', () => staffGet(h, 'past-consultations', { token: mine.token, query: { from: '20250614', to: '20250614' } }))
    expect(past.body.consultations.find((c: { ticketNumber: string }) => c.ticketNumber === t.ticketNumber)?.caseNote).toBe(note)
    // A COMPLETED one with a note too, so the rating page's ticket-data answers.
    const u = await buySupport(h, member, { reservationTime: 'SUPPORT-20250614-12-00', staffId: 'STAFF-03' })
    expect((await at('2025-06-14T04:00:00Z', () => staffPost(h, 'consultation-outcome', { token: mine.token, body: { ticketNumber: u.ticketNumber, outcome: 'COMPLETED', minutesUsed: 45, caseNote: 'スキャナーも確認済み' } }))).status).toBe(200)
    const memberAnswers = [
      await h.get('user-data', { token: member.token, query: { data: 'MEMBER_SUPPORT_TICKET' } }),
      await h.get('ticket-data', { token: member.token, query: { ticketNumber: u.ticketNumber, action: 'RATING' } }),
      await h.get('purchase-list', { token: member.token, query: {} }),
    ]
    for (const r of memberAnswers) {
      expect(r.status).toBe(200)
      const text = JSON.stringify(r.body)
      expect(text).toContain(u.ticketNumber)
      expect(text).not.toContain('スキャナー')
      expect(text).not.toMatch(/caseNote|case_note/)
    }
  })

  it('earlier consultations: through a consultant\'s own consultation only, newest first, with outcome, minutes and note', async () => {
    const member = await h.member('fresh')
    const first = await buySupport(h, member, { reservationTime: 'SUPPORT-20250617-14-00', staffId: 'STAFF-05' })
    const second = await buySupport(h, member, { reservationTime: 'SUPPORT-20250618-10-00', staffId: 'STAFF-03' })
    const now = await buySupport(h, member, { reservationTime: 'SUPPORT-20250619-14-00', staffId: 'STAFF-03' })
    const a = midori
    const b = yuko
    const op = operator
    await at('2025-06-17T06:00:00Z', () => staffPost(h, 'consultation-outcome', { token: b.token, body: { ticketNumber: first.ticketNumber, outcome: 'COMPLETED', minutesUsed: 50, caseNote: 'Wi-Fiの再設定' } }))
    await at('2025-06-18T02:00:00Z', () => staffPost(h, 'consultation-outcome', { token: a.token, body: { ticketNumber: second.ticketNumber, outcome: 'UNSOLVED', caseNote: 'メーカー修理を案内' } }))

    const history = await staffGet(h, 'member-consultations', { token: a.token, query: { ticketNumber: now.ticketNumber } })
    expect(history.status).toBe(200)
    expect(history.body).toMatchObject({ ticketNumber: now.ticketNumber, memberName: 'テスト 会員', caseNote: null, more: false })
    expect(history.body.earlier).toEqual([
      expect.objectContaining({ ticketNumber: second.ticketNumber, staffNickname: 'みどり', supportStatus: 'UNSOLVED', minutesUsed: null, caseNote: 'メーカー修理を案内', reservationTime: 'SUPPORT-20250618-10-00' }),
      expect.objectContaining({ ticketNumber: first.ticketNumber, staffNickname: 'ゆうこ', supportStatus: 'COMPLETED', minutesUsed: 50, caseNote: 'Wi-Fiの再設定' }),
    ])
    // Consultant B held an earlier one, but not the one asked about: refused. Through their own, only what came before it.
    expect(await staffGet(h, 'member-consultations', { token: b.token, query: { ticketNumber: now.ticketNumber } })).toEqual({ status: 403, body: { message: staffMessages.notOwnBooking } })
    expect((await staffGet(h, 'member-consultations', { token: b.token, query: { ticketNumber: first.ticketNumber } })).body.earlier).toEqual([])
    // An operator, through any.
    expect((await staffGet(h, 'member-consultations', { token: op.token, query: { ticketNumber: now.ticketNumber } })).body.earlier).toHaveLength(2)
    expect((await staffGet(h, 'member-consultations', { token: op.token, query: { ticketNumber: 'S0000000000000' } })).status).toBe(404)
  })
})

describe('the consultant\'s past', () => {
  it('started consultations newest first, filtered, paged on the server, in a range of days; a 未解決 is closed from it', async () => {
    const member = await h.member('fresh')
    const day = 'SUPPORT-20250620'
    const times = ['13-00', '14-00', '15-00', '16-00', '18-00']
    const bought = []
    for (const hm of times) bought.push(await buySupport(h, member, { reservationTime: `${day}-${hm}`, staffId: 'STAFF-06' }))
    const [t13, t14, t15, t16, t18] = bought.map((b) => b.ticketNumber)
    const mine = sho
    const other = midori
    const op = operator
    // 17:30 JST on the day: four have started (18:00 has not).
    const clock = '2025-06-20T08:30:00Z'
    const record = (body: object) => at(clock, () => staffPost(h, 'consultation-outcome', { token: mine.token, body }))
    expect((await record({ ticketNumber: t13, outcome: 'COMPLETED', minutesUsed: 60 })).status).toBe(200)
    expect((await record({ ticketNumber: t14, outcome: 'UNSOLVED' })).status).toBe(200)
    expect((await record({ ticketNumber: t15, outcome: 'NO_CONTACT' })).status).toBe(200)
    const list = (token: string, query: object) => at(clock, () => staffGet(h, 'past-consultations', { token, query: { from: '20250620', to: '20250620', ...query } }))
    const numbers = (r: { body: { consultations: { ticketNumber: string }[] } }) => r.body.consultations.map((c) => c.ticketNumber)

    const all = await list(mine.token, {})
    expect(all.status).toBe(200)
    expect(all.body).toMatchObject({ staffId: 'STAFF-06', filter: 'ALL', page: 1, total: 4, consultants: [] })
    expect(numbers(all)).toEqual([t16, t15, t14, t13])
    expect(numbers(all)).not.toContain(t18)
    // Two a page: the second page goes on where the first stopped; a page past the end is empty.
    const p1 = await list(mine.token, { pageSize: 2 })
    const p2 = await list(mine.token, { pageSize: 2, page: 2 })
    expect([numbers(p1), numbers(p2), p2.body.total]).toEqual([[t16, t15], [t14, t13], 4])
    expect(numbers(await list(mine.token, { pageSize: 2, page: 3 }))).toEqual([])
    // 結果未記録: neither an outcome nor ご連絡なし; 未解決: a follow-up owed.
    expect(numbers(await list(mine.token, { filter: 'NO_OUTCOME' }))).toEqual([t16])
    expect(numbers(await list(mine.token, { filter: 'UNSOLVED' }))).toEqual([t14])
    // The range: the day before holds none of them.
    expect((await list(mine.token, { from: '20250619', to: '20250619' })).body.total).toBe(0)
    expect((await list(mine.token, { from: '20250621', to: '20250620' })).body).toEqual({ message: staffMessages.dateRangeInvalid })
    expect((await list(mine.token, { filter: 'LATER' })).status).toBe(400)
    expect((await list(mine.token, { pageSize: 51 })).status).toBe(400)

    // Another consultant: not this past, and their own holds none of these.
    expect((await list(other.token, { staffId: 'STAFF-06' })).status).toBe(403)
    expect(numbers(await list(other.token, {}))).toEqual([])
    // An operator: anyone's, with the consultants to pick from; everyone's without a staffId.
    const opView = await list(op.token, { staffId: 'STAFF-06', filter: 'UNSOLVED' })
    expect(numbers(opView)).toEqual([t14])
    expect(opView.body.consultants.map((s: { staffId: string }) => s.staffId)).toContain('STAFF-06')
    expect(numbers(await list(op.token, {}))).toEqual(expect.arrayContaining([t16, t15, t14, t13]))

    // Closed from the past the next day: 未解決で完了 with its follow-up, then it owes nothing.
    const closed = await at('2025-06-21T01:00:00Z', () => staffPost(h, 'consultation-outcome', { token: mine.token, body: { ticketNumber: t14, outcome: 'UNSOLVED_COMPLETED', unsolvedAfterFollowContent: '翌日お電話で設定を完了' } }))
    expect(closed.body.consultation).toMatchObject({ supportStatus: 'UNSOLVED_COMPLETED', unsolvedAfterFollowContent: '翌日お電話で設定を完了' })
    expect(numbers(await list(mine.token, { filter: 'UNSOLVED' }))).toEqual([])
  })
})
