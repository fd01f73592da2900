import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deskMessages as dm } from '../../contract/desk-messages'
import type { Mailer, OutgoingMail } from '../../server/adapters/mailer'
import { createApp } from '../../server/app'
import { mailOutbox, members } from '../../server/db/schema'
import { deliverDue, SECRET_MARK } from '../../server/infra/outbox'
import { outboxOf } from '../../server/services/delivery'
import { createHarness, NOW, type Harness } from './harness'
import { buySupport, staffAccount, staffGet, staffPost } from './staff-harness'

// Support staff look a member up (e-mail, phone, member id, ticket number), see their tickets,
// purchases, coupons and mails; every mail the server sends is in the outbox with its delivery
// status, a dead one (given up after its retries) is sent again by an operator, and a mail carrying
// a secret is kept blanked (docs/server.md "Outbox").

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

describe('member look-up', () => {
  it('finds a member by e-mail (from its start), phone, member id and ticket number; pages', async () => {
    const m = await h.member('demo')
    const bought = await buySupport(h, m, { reservationTime: 'SUPPORT-20250612-11-00', staffId: null })
    const ids = async (query: T) => ((await get('desk-members', query)).body.items as T[]).map((r) => r.memberId)
    expect(await ids({ query: m.email })).toEqual([m.memberId])
    expect(await ids({ query: m.email.slice(0, 10).toUpperCase(), by: 'EMAIL' })).toContain(m.memberId)
    expect(await ids({ query: m.memberId })).toEqual([m.memberId])
    expect(await ids({ query: bought.ticketNumber })).toEqual([m.memberId])
    expect(await ids({ query: bought.ticketNumber, by: 'TICKET' })).toEqual([m.memberId])
    // Fixture members share a phone number: paged, 1 a page.
    const byPhone = await get('desk-members', { query: '090-0000-0000', pageSize: 1 })
    expect(byPhone.body.total).toBeGreaterThanOrEqual(1)
    expect(byPhone.body.items).toHaveLength(1)
    // A LIKE wildcard typed by the operator matches itself only.
    expect((await get('desk-members', { query: '%', by: 'EMAIL' })).body.total).toBe(0)
    expect((await get('desk-members', { query: 'nobody-here' })).body.total).toBe(0)
  })

  // docs/product.md "Finding members": 自動判定 reads text an address can start with (ASCII letters,
  // digits, . _ + -, no 「@」) as the start of an e-mail too, beside a member id, a ticket and a name.
  it('自動判定: the start of an address without its 「@」 finds the member by e-mail; what an address cannot start with does not', async () => {
    const m = await h.member('fresh')
    const other = await h.member('fresh')
    const address = `kobayashi.k-7+${m.memberId.slice(-6).toLowerCase()}@example.jp`
    await h.db.update(members).set({ email: address }).where(eq(members.memberId, m.memberId))
    // Another member whose name is written in Latin letters: a name still matches as before.
    await h.db.update(members).set({ memberLastname: 'Kobayashi', memberFirstname: 'Ken' }).where(eq(members.memberId, other.memberId))
    const ids = async (query: string, by?: string) => ((await get('desk-members', { query, ...(by ? { by } : {}), pageSize: 100 })).body.items as T[]).map((r) => r.memberId)

    for (const prefix of ['kobayashi.k-7', 'KOBAYASHI.K-7+', address.split('@')[0], address]) expect(await ids(prefix), prefix).toContain(m.memberId)
    // From its start only: the middle of an address is no e-mail match.
    expect(await ids('bayashi.k-7')).not.toContain(m.memberId)
    // The Latin name and the address both answer 「kobayashi」.
    expect(await ids('kobayashi')).toEqual(expect.arrayContaining([m.memberId, other.memberId]))
    // With a space it is a name, not an address; NAME still means only the name.
    expect(await ids('kobayashi k')).not.toContain(m.memberId)
    expect(await ids('kobayashi.k-7', 'NAME')).not.toContain(m.memberId)
    // A phone number stays a phone number (the fixture members' 090-0000-0000), not an e-mail start.
    expect(await ids('09000000000')).toContain(other.memberId)
  })

  it("a member's page: tickets of every type, purchases with what may be refunded, coupons, mails", async () => {
    const m = await h.member('demo')
    const bought = await buySupport(h, m, { reservationTime: 'SUPPORT-20250612-12-00', staffId: null })
    const r = await get('desk-member', { memberId: m.memberId })
    expect(r.status).toBe(200)
    expect(r.body.member).toMatchObject({ memberId: m.memberId, email: m.email })
    const types = new Set((r.body.tickets as T[]).map((t) => t.productType))
    expect(types.has('SUPPORT') && types.has('INTERVIEW')).toBe(true)
    const p = (r.body.purchases as T[]).find((x) => x.ticketNumber === bought.ticketNumber)
    expect(p).toMatchObject({ amount: 5500, amountRefunded: 0, refundable: 5500, refunds: [] })
    expect(Array.isArray(r.body.coupons)).toBe(true)
    expect((r.body.mails as T[]).map((x) => x.subject)).toContain('【ITサポート】ご購入ありがとうございます')
    expect((await get('desk-member', { memberId: 'MB0000000000' })).status).toBe(404)
  })
})

describe('mail outbox', () => {
  it('every mail sent is recorded as sent; a link is kept blanked and cannot be resent; the reset code is resent with a code that works', async () => {
    const m = await h.member('demo')
    expect((await h.post('password-reset-request', { body: { email: m.email } })).status).toBe(200)
    const sent = h.mailer.last(m.email)!
    const code = /認証コード: (\d{6})/.exec(sent.text)![1]
    const mails = (await get('desk-mails', { memberId: m.memberId })).body.items as T[]
    const reset = mails.find((x) => x.subject.includes('認証コード'))!
    expect(reset).toMatchObject({ status: 'SENT', attempts: 1, resendable: true, toAddress: m.email, memberId: m.memberId })
    expect(reset.body).toContain(SECRET_MARK)
    expect(reset.body).not.toContain(code)
    const [row] = await h.db.select().from(mailOutbox).where(eq(mailOutbox.id, reset.id))
    expect(row.body.includes(code)).toBe(false)
    expect(row.pendingBody).toBeNull()
    // Resent while the code is live: the same code. Resent after it expired: a new one, which works.
    expect((await staffPost(h, 'desk-mail-resend', { token: op.token, body: { id: reset.id } })).body.mail).toMatchObject({ status: 'SENT', attempts: 2 })
    expect(/認証コード: (\d{6})/.exec(h.mailer.last(m.email)!.text)![1]).toBe(code)
    h.clock.set(new Date(NOW.getTime() + 31 * 60_000))
    try {
      expect((await staffPost(h, 'desk-mail-resend', { token: op.token, body: { id: reset.id } })).body.mail).toMatchObject({ status: 'SENT', attempts: 3 })
      const fresh = /認証コード: (\d{6})/.exec(h.mailer.last(m.email)!.text)![1]
      expect(fresh).not.toBe(code)
      expect((await h.post('password-reset', { body: { email: m.email, authCode: code, newPassword: 'reset-new-1', newPasswordConfirm: 'reset-new-1' } })).status).toBe(400)
      expect((await h.post('password-reset', { body: { email: m.email, authCode: fresh, newPassword: 'reset-new-1', newPasswordConfirm: 'reset-new-1' } })).status).toBe(200)
    } finally {
      h.clock.set(NOW)
    }
    // A signup link cannot go again: the database keeps only its hash.
    const email = `desk-link-${Date.now()}@example.com`
    expect((await h.post('signup-request', { body: { memberLastname: '鈴木', memberFirstname: '一郎', phoneNumber: '09011112222', email, password: 'abc123!', source: 'SIGNUP_FORM', recaptchaToken: 'off' } })).status).toBe(200)
    const [link] = await h.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))
    expect(link).toMatchObject({ status: 'sent', resendable: false, pendingBody: null })
    expect(link.body).toContain(SECRET_MARK)
    expect(await staffPost(h, 'desk-mail-resend', { token: op.token, body: { id: link.id } })).toEqual({ status: 400, body: { message: dm.mailNotResendable } })
  })

  it('a mail the mail server refuses is retried with back-off by the clock, given up after a day (FAILED, no address in its error); the operator resends it and it is sent once', async () => {
    // The same database with a mail server that is down, then back.
    let down = true
    const delivered: OutgoingMail[] = []
    const transport: Mailer = {
      async deliver(mail) {
        if (down) throw new Error(`550 mailbox unavailable for ${mail.to}`)
        delivered.push(mail)
      },
    }
    const app = createApp({ ...h.deps, mailer: transport })
    const outbox = outboxOf({ ...h.deps, mailer: transport })
    const m = await h.member('demo')
    const token = await h.cardToken(undefined, m.token)
    const paid = await app.request('/api/charge', {
      method: 'POST',
      headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json', 'Idempotency-Key': 'outbox-down-1' },
      body: JSON.stringify({ productId: 'SUPPORT-60', cardToken: token, reservationTime: 'SUPPORT-20250613-16-00', staffId: '', supportType: 'TEL' }),
    })
    // The purchase stands although its mail could not be sent.
    expect(paid.status).toBe(200)
    const [written] = await h.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, m.email))
    expect(written).toMatchObject({ subject: '【ITサポート】ご購入ありがとうございます', status: 'pending', attempts: 0 })
    // Tried, refused, due again after 30 s, 1 min, 2 min … (an hour at most), by the clock.
    const tries: number[] = []
    try {
      for (let i = 0; i < 60; i++) {
        await deliverDue(outbox)
        const [row] = await h.db.select().from(mailOutbox).where(eq(mailOutbox.id, written.id))
        if (row.status === 'dead') break
        expect(row.status).toBe('pending')
        tries.push(row.nextAttemptAt!.getTime() - h.clock.now().getTime())
        h.clock.set(row.nextAttemptAt!)
      }
    } finally {
      h.clock.set(NOW)
    }
    expect(tries.slice(0, 4)).toEqual([30_000, 60_000, 120_000, 240_000])
    expect(Math.max(...tries)).toBe(3_600_000)
    const failed = ((await get('desk-mails', { memberId: m.memberId, status: 'FAILED' })).body.items as T[])[0]
    expect(failed).toMatchObject({ id: written.id, status: 'FAILED', attempts: tries.length + 1, resendable: true })
    expect(failed.lastError).toContain('550 mailbox unavailable')
    expect(failed.lastError).not.toContain(m.email)
    expect(delivered).toEqual([])

    // The operator resends through an app whose mail server is back.
    down = false
    const opApp = await app.request('/api/staff/desk-mail-resend', {
      method: 'POST',
      headers: { authorization: `Bearer ${op.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: failed.id }),
    })
    const resent = (await opApp.json()) as T
    expect(opApp.status).toBe(200)
    expect(resent.mail).toMatchObject({ id: failed.id, status: 'SENT', attempts: tries.length + 2, lastError: null })
    expect(delivered.map((d) => d.to)).toEqual([m.email])
    expect(delivered[0].text).toContain('ご購入ありがとうございます')
    const trail = (await get('desk-audit', { action: 'mail-resend', targetId: String(failed.id) })).body.items as T[]
    expect(trail).toHaveLength(1)
    expect(trail[0]).toMatchObject({ actorUid: op.uid, before: { status: 'dead' }, after: { status: 'pending' } })
    // Delivered once: another delivery run finds nothing of it.
    await deliverDue(outbox)
    expect(delivered).toHaveLength(1)
  })
})
