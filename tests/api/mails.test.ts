import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHarness, type Harness } from './harness'

// The mails say what was booked in the member's words — date, time, consultant, support
// method, ticket number, the coupon's name and discount, never the internal code
// (`SUPPORT-20250617-10-30`) — and the reset mail links to the page where its code is entered.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type T = Record<string, any>
let h: Harness
beforeAll(async () => {
  h = await createHarness()
}, 60_000)
afterAll(async () => h?.close())

describe('mails', () => {
  it('the purchase mail states the booking, the support method and the coupon, without the internal code', async () => {
    const m = await h.member('demo')
    const day = (await h.get('reservation-schedule', { token: m.token, query: { dt: '20250617', minutesToSupport: 60 } })).body as T
    const s = (day.staffSchedules as T[]).find((x) => Object.values(x.schedules).some(Boolean))!
    const slot = Object.keys(s.schedules).find((k) => s.schedules[k])!
    const paid = await h.post('charge', {
      token: m.token,
      headers: { 'Idempotency-Key': `mail-${Date.now()}` },
      body: {
        productId: 'SUPPORT-60', cardToken: await h.cardToken(undefined, m.token), saveCard: false, staffId: s.staffId, reservationTime: `SUPPORT-20250617-${slot}`,
        supportType: 'ONLINE', couponCode: 'SUPPORT60-1000', reservationMenuList: [],
      },
    })
    expect(paid.status).toBe(200)
    const text = h.mailer.last(m.email)?.text ?? ''
    const [hh, mm] = slot.split('-')
    expect(text).toContain(`ご予約日時: 2025年6月17日 ${hh}:${mm}`)
    expect(text).toContain(`担当相談員: ${s.staffNickname}`)
    expect(text).toContain('サポート方法: オンライン')
    expect(text).toContain(`チケット番号: ${paid.body.ticketNumber}`)
    expect(text).toContain('クーポン: 60分チケット1,000円OFF（1,000円引き）')
    expect(text).toContain('お支払い金額: 4,500円（税込）')
    expect(text).not.toMatch(/SUPPORT-\d{8}-\d{2}-\d{2}/)
  })

  it('the reset mail links to the code page with the address filled in', async () => {
    const m = await h.member('fresh')
    expect((await h.post('password-reset-request', { body: { email: m.email } })).status).toBe(200)
    const text = h.mailer.last(m.email)?.text ?? ''
    expect(text).toMatch(/認証コード: \d{6}/)
    expect(text).toContain(`http://app.test/password-reset?email=${encodeURIComponent(m.email)}`)
  })
})
