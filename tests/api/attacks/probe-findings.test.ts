import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deskMessages as dm } from '../../../contract/desk-messages'
import { fieldMessages } from '../../../contract/messages'
import { requestMessages } from '../../../contract/validation-messages'
import { coupons, members, notices } from '../../../server/db/schema'
import { createHarness, type Harness } from '../harness'
import { buySupport, staffAccount, staffGet, staffPost } from '../staff-harness'

// What a probe from outside found (docs/decisions.md 67), one test per finding:
// a NUL in a text field reached PostgreSQL before being refused; a coupon could be made already
// expired; a 5,000-character Idempotency-Key was answered "header is required". Run on PostgreSQL
// too (TEST_DATABASE_URL), where a NUL is a data exception, not just a refused value.

let h: Harness
let op: Awaited<ReturnType<typeof staffAccount>>
beforeAll(async () => {
  h = await createHarness()
  op = await staffAccount(h, [{ role: 'operator' }])
}, 60_000)
afterAll(async () => h?.close())

const nowSec = () => Math.floor(h.clock.now().getTime() / 1000)
const day = 86_400
const couponBody = (code: string, expire: number) => ({ couponCode: code, couponName: '期限テスト', discountPrice: 100, expire, availableProductList: [{ productType: 'SUPPORT', minutesToSupport: null }] })

describe('control characters are refused by the schema, for members and staff alike', () => {
  it('a member\'s name with NUL (and with BEL) is a 400 naming the rule; nothing is stored', async () => {
    const m = await h.member('fresh')
    for (const bad of ['山\u0000田', '山\u0007田']) {
      const r = await h.post('user-update', { token: m.token, body: { memberLastname: bad, memberFirstname: '太郎', phoneNumber: '09012345678' } })
      expect(r).toEqual({ status: 400, body: { message: fieldMessages.controlChars } })
    }
    const [row] = await h.db.select().from(members).where(eq(members.memberId, m.memberId))
    expect(row.memberLastname).not.toContain('\u0000')
  })

  it('staff and desk calls: a NUL anywhere in the body or the query is a 400 before any handler runs', async () => {
    const member = await h.member('fresh')
    const bought = await buySupport(h, member, { reservationTime: 'SUPPORT-20250619-10-00', staffId: 'STAFF-02' })
    const cases: [string, 'GET' | 'POST', Record<string, unknown>][] = [
      ['reassign', 'POST', { ticketNumber: bought.ticketNumber, staffId: 'STAFF-03', reason: '体調不良\u0000のため' }],
      ['role-revoke', 'POST', { uid: 'x\u0000', role: 'consultant' }],
      ['desk-notice-save', 'POST', { kind: 'INFORMATION', content: 'お知らせ\u0000' }],
      ['desk-refund', 'POST', { ticketNumber: bought.ticketNumber, amount: 100, reason: '\u0000', idempotencyKey: 'probe-nul-1' }],
      ['desk-members', 'GET', { query: 'demo\u0000' }],
      ['desk-audit', 'GET', { targetId: '\u0000' }],
    ]
    for (const [name, method, body] of cases) {
      const r = method === 'GET' ? await staffGet(h, name, { token: op.token, query: body as Record<string, string> }) : await staffPost(h, name, { token: op.token, body })
      expect({ name, status: r.status, message: r.body.message }).toEqual({ name, status: 400, message: fieldMessages.controlChars })
    }
    // Tabs and line breaks are text: a notice keeps its paragraphs.
    const kept = await staffPost(h, 'desk-notice-save', { token: op.token, body: { kind: 'INFORMATION', content: '一段落目\n\n二段落目\tです' } })
    expect(kept.status).toBe(200)
    const [row] = await h.db.select().from(notices).where(eq(notices.id, kept.body.notice.id))
    expect(row.content).toBe('一段落目\n\n二段落目\tです')
  })
})

describe('coupon expiry', () => {
  it('a coupon is never made already expired; an edit keeps a past expiry only unchanged', async () => {
    const past = await staffPost(h, 'desk-coupon-save', { token: op.token, body: couponBody('PROBE-PAST', nowSec() - 60) })
    expect(past).toMatchObject({ status: 400, body: { message: dm.couponExpirePast } })
    expect(await h.db.select().from(coupons).where(eq(coupons.couponCode, 'PROBE-PAST'))).toEqual([])

    const expire = nowSec() + day
    const made = await staffPost(h, 'desk-coupon-save', { token: op.token, body: couponBody('PROBE-EDIT', expire) })
    expect(made.status).toBe(200)
    // Two days later the coupon has expired: its name can still be corrected with the expiry as it was…
    const start = h.clock.now()
    h.clock.set(new Date(start.getTime() + 2 * day * 1000))
    try {
      const renamed = await staffPost(h, 'desk-coupon-save', { token: op.token, body: { ...couponBody('PROBE-EDIT', expire), couponName: '名前だけ直す', version: made.body.coupon.version } })
      expect(renamed.status).toBe(200)
      expect(renamed.body.coupon.state).toBe('EXPIRED')
      // …but not moved to another time in the past; a future one revives it.
      const moved = await staffPost(h, 'desk-coupon-save', { token: op.token, body: { ...couponBody('PROBE-EDIT', expire - 60), version: renamed.body.coupon.version } })
      expect(moved).toMatchObject({ status: 400, body: { message: dm.couponExpirePast } })
      const revived = await staffPost(h, 'desk-coupon-save', { token: op.token, body: { ...couponBody('PROBE-EDIT', nowSec() + day), version: renamed.body.coupon.version } })
      expect(revived.body.coupon.state).toBe('ACTIVE')
    } finally {
      h.clock.set(start)
    }
  })
})

describe('Idempotency-Key', () => {
  it('a 5,000-character key is answered that it is too long, in Japanese; a missing one that it is needed', async () => {
    const m = await h.member('fresh')
    const body = {
      productId: 'SUPPORT-60', cardId: '', cardToken: await h.cardToken(undefined, m.token), saveCard: false, staffId: 'STAFF-03', reservationTime: 'SUPPORT-20250612-15-00',
      supportType: 'ONLINE', reservationMenuList: [], counsellingComment: '相談', contactDevice: 'PC', contactOs: 'WINDOWS', remoteSupport: 'WISH',
    }
    const long = await h.post('charge', { token: m.token, headers: { 'Idempotency-Key': 'k'.repeat(5000) }, body })
    expect(long).toMatchObject({ status: 400, body: { message: requestMessages.idempotencyKeyTooLong(200) } })
    expect(long.body.message).toMatch(/長すぎます/)
    const none = await h.post('charge', { token: m.token, body })
    expect(none).toMatchObject({ status: 400, body: { message: requestMessages.idempotencyKeyRequired } })
  })
})
