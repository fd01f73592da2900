import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { memberCoupons, members, purchaseAttempts, purchases, refunds, sandboxCharges, savedCards, tickets } from '../../server/db/schema'
import { anonymisedEmail } from '../../server/services/member/cancel-account'
import { createHarness, type Harness } from './harness'
import { buySupport, staffAccount } from './staff-harness'

let h: Harness
beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(async () => h?.close())

const linkToken = (text: string | undefined) => /token=([0-9a-f]+)/.exec(text ?? '')?.[1] ?? ''

describe('records kept after cancel-account', () => {
  it('erases personal data, keeps tickets and purchases anonymised, and the address can sign up again', async () => {
    const m = await h.member('fresh')
    // A purchase with a saved card, its reservation then past (a missed reservation does not hold the account).
    const bought = await buySupport(h, m, { reservationTime: 'SUPPORT-20250612-15-00', staffId: 'STAFF-03' })
    await h.db.insert(savedCards).values({ cardId: `card-${m.memberId}`, memberId: m.memberId, cardBrand: 'Visa', cardLast4: '4242', providerRef: 'tok', createdAt: h.clock.now() })
    await h.db.insert(memberCoupons).values({ memberId: m.memberId, couponCode: 'WELCOME500', claimedAt: h.clock.now() })
    // Part of it refunded at the desk while still a member.
    const op = await staffAccount(h, [{ role: 'operator' }])
    const refund = (amount: number, idempotencyKey: string) =>
      h.app.request('/api/staff/desk-refund', {
        method: 'POST', headers: { authorization: `Bearer ${op.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ticketNumber: bought.ticketNumber, amount, reason: '一部のみご利用のため', idempotencyKey }),
      })
    expect((await refund(1000, `kept-${m.memberId}-1`)).status).toBe(200)
    const before = h.clock.now()
    h.clock.set(new Date('2025-06-13T00:00:00Z'))
    try {
      expect((await h.post('cancel-account', { token: m.token, body: {} })).status).toBe(200)
    } finally {
      h.clock.set(before)
    }
    expect((await h.get('user-data', { token: m.token, query: { data: 'MEMBER' } })).status).toBe(401)

    const [row] = await h.db.select().from(members).where(eq(members.memberId, m.memberId))
    expect(row).toMatchObject({ email: anonymisedEmail(m.memberId), memberLastname: '', memberFirstname: '', phoneNumber: '', stripeCustomerId: null })
    expect(row.deletedAt).not.toBeNull()
    const kept = await h.db.select().from(tickets).where(eq(tickets.memberId, m.memberId))
    expect(kept.map((t) => t.ticketNumber)).toContain(bought.ticketNumber)
    expect(kept.find((t) => t.ticketNumber === bought.ticketNumber)?.counsellingComment).toBeNull()
    expect((await h.db.select().from(purchases).where(eq(purchases.receiptNumber, bought.receiptNumber)))[0]).toMatchObject({ memberId: m.memberId, amount: 5500 })
    expect(await h.db.select().from(savedCards).where(eq(savedCards.memberId, m.memberId))).toEqual([])
    expect(await h.db.select().from(memberCoupons).where(eq(memberCoupons.memberId, m.memberId))).toEqual([])
    // The money's records: the refund, the purchase attempt (the charge's key) and the charge itself.
    expect(await h.db.select({ amount: refunds.amount, status: refunds.status }).from(refunds).where(eq(refunds.receiptNumber, bought.receiptNumber))).toEqual([{ amount: 1000, status: 'succeeded' }])
    const [attempt] = await h.db.select().from(purchaseAttempts).where(eq(purchaseAttempts.memberId, m.memberId))
    expect(attempt).toMatchObject({ status: 'succeeded', productId: 'SUPPORT-60' })
    expect(await h.db.select().from(sandboxCharges)).not.toEqual([])
    // A refund after the cancellation is still made and recorded; there is no address to mail it to.
    const mailsBefore = h.mailer.sent.length
    expect((await refund(500, `kept-${m.memberId}-2`)).status).toBe(200)
    expect(h.mailer.sent.slice(mailsBefore).filter((mail) => mail.to === row.email || mail.to === m.email)).toEqual([])
    expect((await h.db.select().from(tickets).where(eq(tickets.ticketNumber, bought.ticketNumber)))[0].amountRefunded).toBe(1500)
    // The database refuses to delete a member with accounting records.
    await expect(h.db.execute(sql`delete from members where member_id = ${m.memberId}`)).rejects.toThrow()

    // The same address signs up again: a new member.
    const body = { memberLastname: '鈴木', memberFirstname: '一郎', phoneNumber: '09011112222', email: m.email, password: 'abc123!', source: 'SIGNUP_FORM', recaptchaToken: 'off' }
    expect((await h.post('signup-request', { body })).status).toBe(200)
    const done = await h.post('signup-complete', { body: { token: linkToken(h.mailer.last(m.email)?.text) } })
    expect(done.status).toBe(200)
    expect(done.body.memberId).not.toBe(m.memberId)
    const token = await h.signIn(m.email, 'abc123!')
    expect((await h.get('user-data', { token, query: { data: 'MEMBER' } })).body).toMatchObject({ email: m.email, memberLastname: '鈴木' })
  })
})
