import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deskCalls, type DeskCallName } from '../../contract/desk-calls'
import { IMAGE_BASE64_MAX } from '../../contract/desk/catalog'
import { deskMessages as dm } from '../../contract/desk-messages'
import { staffMessages } from '../../contract/staff-messages'
import { auditLog, coupons, mailOutbox, notices, products, refunds, reservationMenus, staff, uploadedImages } from '../../server/db/schema'
import { NOW, createHarness, type Harness } from './harness'
import { buySupport, staffAccount, staffGet, staffPost } from './staff-harness'

/**
 * The operator's desk from outside: every desk call × {anonymous, member, consultant, operator},
 * expecting exactly the operator's cell open (401 anonymous, 403 member and consultant); then bad
 * input on every call — an unknown field, a wrong type, an oversized value — answered 4xx with a
 * message, never 5xx, and nothing written (the desk's tables and the audit trail keep their rows).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type T = Record<string, any>
const nowSec = Math.floor(NOW.getTime() / 1000)
const names = Object.keys(deskCalls) as DeskCallName[]
/** A 1×1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='

let h: Harness
let tokens: { member: string; consultant: string; operator: string }
let valid: Record<DeskCallName, T>

beforeAll(async () => {
  h = await createHarness()
  const member = await h.member('demo')
  const consultant = await staffAccount(h, [{ role: 'consultant', staffId: 'STAFF-02' }])
  const operator = await staffAccount(h, [{ role: 'operator' }])
  tokens = { member: member.token, consultant: consultant.token, operator: operator.token }
  const bought = await buySupport(h, member, { reservationTime: 'SUPPORT-20250613-10-00', staffId: null })
  const notice = (await staffPost(h, 'desk-notice-save', { token: operator.token, body: { kind: 'INFORMATION', content: '権限テスト' } })).body.notice
  const coupon = (await staffPost(h, 'desk-coupon-save', { token: operator.token, body: { couponCode: 'ACCESS-1', couponName: '権限テスト', discountPrice: 100, expire: nowSec + 86_400, availableProductList: [{ productType: 'SUPPORT', minutesToSupport: null }] } })).body.coupon
  const menu = (await staffPost(h, 'desk-menu-save', { token: operator.token, body: { menuTitle: '権限テスト', imageUrl: '/images/menu/a.png', estimatedMinute: 30 } })).body.menu
  const mails = (await staffGet(h, 'desk-mails', { token: operator.token, query: { memberId: member.memberId } })).body.items as T[]
  // A job that failed after its retries, for the operator to run again.
  const engine = await h.jobEngine([{ name: 'access-matrix-failing', schedule: () => ({ cron: '* * * * *' }), retryLimit: 0, run: async () => Promise.reject(new Error('権限テストの失敗')) }])
  const [failedJob] = await engine.runDue()
  valid = {
    'desk-notices': {},
    'desk-notice-save': { id: notice.id, version: notice.version, kind: 'INFORMATION', content: '権限テスト（編集）' },
    'desk-notice-withdraw': { id: notice.id, version: notice.version + 1 },
    'desk-coupons': { page: 1, pageSize: 10 },
    'desk-coupon-save': { couponCode: 'ACCESS-1', version: coupon.version, couponName: '権限テスト2', discountPrice: 100, expire: nowSec + 86_400, availableProductList: [{ productType: 'SUPPORT', minutesToSupport: null }] },
    'desk-coupon-stop': { couponCode: 'ACCESS-1', version: coupon.version + 1 },
    'desk-coupon-claims': { couponCode: 'ACCESS-1' },
    'desk-products': { productType: 'SUPPORT' },
    'desk-product-save': { productId: 'TIP-300', version: 1, productName: 'チップ 300円', price: 300, showOnMypage: true },
    'desk-menus': { estimatedMinute: 30 },
    'desk-menu-save': { menuId: menu.menuId, version: menu.version, menuTitle: '権限テスト（編集）', imageUrl: '/images/menu/a.png', estimatedMinute: 30 },
    'desk-menu-delete': { menuId: menu.menuId, version: menu.version + 1 },
    'desk-image-upload': { purpose: 'MENU', fileName: 'a.png', dataBase64: PNG },
    'desk-consultants': {},
    'desk-consultant-save': { staffId: 'STAFF-03', version: 1, staffNickname: 'みどり', staffAge: 28, staffGender: 'FEMALE', staffImageUrl: '/images/staff/staff-03.png' },
    'desk-consultant-active': { staffId: 'STAFF-03', version: 2, active: true },
    'desk-members': { query: member.email },
    'desk-member': { memberId: member.memberId },
    'desk-mails': { memberId: member.memberId },
    'desk-mail-resend': { id: mails[0].id },
    'desk-jobs-failed': {},
    'desk-job-retry': { id: failedJob.id },
    'desk-refund': { ticketNumber: bought.ticketNumber, amount: 100, reason: '権限テスト', idempotencyKey: 'access-matrix-1' },
    'desk-receipt': { receiptNumber: bought.receiptNumber },
    'desk-audit': { action: 'notice-create' },
    'desk-today': {},
    'desk-bookings': { from: '20250613', to: '20250613', member: member.email },
    'desk-numbers': { from: '20250601', to: '20250630', trend: 'WEEK' },
  }
}, 120_000)
afterAll(async () => h?.close())

const send = (name: DeskCallName, token: string | undefined, r: T) =>
  deskCalls[name].method === 'GET' ? staffGet(h, name, { token, query: r }) : staffPost(h, name, { token, body: r })

/** Rows of every table a desk call writes, and of the audit trail. */
async function written() {
  const out: Record<string, number> = {}
  for (const [name, table] of Object.entries({ auditLog, coupons, mailOutbox, notices, products, refunds, reservationMenus, staff, uploadedImages })) {
    const [{ n }] = await h.db.select({ n: count() }).from(table)
    out[name] = Number(n)
  }
  return out
}

describe('operator desk access matrix', () => {
  it('every desk call: 401 anonymous, 403 member and consultant, served to an operator', async () => {
    const rows: { call: string; anonymous: number; member: number; consultant: number; operator: number }[] = []
    for (const name of names) {
      const r = valid[name]
      const anonymous = (await send(name, undefined, r)).status
      const member = await send(name, tokens.member, r)
      const consultant = await send(name, tokens.consultant, r)
      const operator = await send(name, tokens.operator, r)
      rows.push({ call: name, anonymous, member: member.status, consultant: consultant.status, operator: operator.status })
      expect(member.body.message, name).toBe(staffMessages.forbidden)
      expect(consultant.body.message, name).toBe(staffMessages.forbidden)
      expect(operator.status, `${name}: ${JSON.stringify(operator.body)}`).toBe(200)
    }
    console.table(rows)
    expect(rows.filter((r) => r.anonymous !== 401 || r.member !== 403 || r.consultant !== 403)).toEqual([])
  })
})

describe('bad operator input from outside', () => {
  /**
   * A field of the call's valid request with a value of the wrong type. A query string holds only
   * text: there the wrong type is letters for a number (the page).
   */
  const wrongType = (name: DeskCallName, r: T): T => {
    if (deskCalls[name].method === 'GET') return { ...r, page: 'twelve' }
    const [k, v] = Object.entries(r)[0] ?? ['page', 1]
    return { ...r, [k]: typeof v === 'string' ? 12345 : typeof v === 'number' ? 'twelve' : typeof v === 'boolean' ? 'yes' : 'x' }
  }
  const oversized = (name: DeskCallName, r: T): T => {
    if (name === 'desk-image-upload') return { ...r, dataBase64: 'A'.repeat(IMAGE_BASE64_MAX + 4) }
    const k = Object.entries(r).find(([, v]) => typeof v === 'string')?.[0]
    return k ? { ...r, [k]: 'あ'.repeat(5000) } : { ...r, page: '9'.repeat(40) }
  }

  it('unknown fields, wrong types and oversized values: 4xx with a message, never 5xx, nothing written', async () => {
    const before = await written()
    const bad: string[] = []
    for (const name of names) {
      const r = valid[name]
      for (const [what, body] of [
        ['unknown field', { ...r, isAdmin: true }],
        ['wrong type', wrongType(name, r)],
        ['oversized', oversized(name, r)],
      ] as const) {
        const res = await send(name, tokens.operator, body)
        if (res.status < 400 || res.status >= 500 || typeof res.body?.message !== 'string') bad.push(`${name} ${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`)
      }
    }
    expect(bad).toEqual([])
    expect(await written()).toEqual(before)
  })

  it('the unknown-field answer names the rule in Japanese; a body over the call’s limit is 413 before it is read', async () => {
    const r = await staffPost(h, 'desk-notice-save', { token: tokens.operator, body: { kind: 'INFORMATION', content: 'x', role: 'admin' } })
    expect(r).toEqual({ status: 400, body: { message: dm.unknownField } })
    const big = await staffPost(h, 'desk-notice-save', { token: tokens.operator, body: { kind: 'INFORMATION', content: 'x'.repeat(20_000) } })
    expect(big.status).toBe(413)
    const notJson = await h.app.request('/api/staff/desk-notice-save', { method: 'POST', headers: { authorization: `Bearer ${tokens.operator}`, 'content-type': 'text/plain' }, body: '{}' })
    expect(notJson.status).toBe(415)
  })

  it('no call edits or deletes an audit row: the database refuses both', async () => {
    await expect(h.db.update(auditLog).set({ action: 'forged' })).rejects.toThrow()
    await expect(h.db.delete(auditLog)).rejects.toThrow()
  })
})
