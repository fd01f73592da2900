import { and, eq, gte } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookings } from '../../server/db/schema'
import { couponClaimPath } from '../../contract/desk/coupons'
import { deskMessages as dm } from '../../contract/desk-messages'
import { NOW, createHarness, type Harness } from './harness'
import { buySupport, staffAccount, staffGet, staffPost } from './staff-harness'

// The operator's desk, catalogue side: notices and campaigns, coupons, products and menus,
// consultants — each write seen by members on their next request, refused with 409 when another
// operator changed the row first, and recorded in the audit trail with its before and after.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type T = Record<string, any>
const nowSec = Math.floor(NOW.getTime() / 1000)
const day = 24 * 3600

let h: Harness
let op: Awaited<ReturnType<typeof staffAccount>>
beforeAll(async () => {
  h = await createHarness()
  op = await staffAccount(h, [{ role: 'operator' }])
}, 120_000)
afterAll(async () => h?.close())

const get = (name: string, query: T = {}) => staffGet(h, name, { token: op.token, query })
const post = (name: string, body: T) => staffPost(h, name, { token: op.token, body })
const auditOf = async (targetType: string, targetId: string) => (await get('desk-audit', { targetType, targetId })).body.items as T[]

describe('notices and campaigns', () => {
  it('a notice published now is on every member home at once; a scheduled one only inside its window; a withdrawn one nowhere', async () => {
    const m = await h.member('demo')
    const now = await post('desk-notice-save', { kind: 'INFORMATION', content: '臨時休業のお知らせ（テスト）' })
    expect(now.status).toBe(200)
    expect(now.body.notice).toMatchObject({ kind: 'INFORMATION', state: 'PUBLISHED', version: 1, updateTime: nowSec })
    const later = await post('desk-notice-save', { kind: 'CAMPAIGN', content: '来週から始まるキャンペーン', publishFrom: nowSec + day, publishUntil: nowSec + 3 * day })
    expect(later.body.notice.state).toBe('SCHEDULED')

    const home = async () => (await h.get('user-data', { token: m.token, query: { data: 'INFORMATION' } })).body as T
    let lists = await home()
    expect(lists.informationList.map((n: T) => n.content)).toContain('臨時休業のお知らせ（テスト）')
    expect(lists.campaignList.map((n: T) => n.content)).not.toContain('来週から始まるキャンペーン')

    h.clock.set(new Date(NOW.getTime() + 2 * day * 1000))
    try {
      lists = await home()
      expect(lists.campaignList[0]).toEqual({ content: '来週から始まるキャンペーン', updateTime: nowSec + day })
      h.clock.set(new Date(NOW.getTime() + 4 * day * 1000))
      expect((await home()).campaignList.map((n: T) => n.content)).not.toContain('来週から始まるキャンペーン')
    } finally {
      h.clock.set(NOW)
    }

    const withdrawn = await post('desk-notice-withdraw', { id: now.body.notice.id, version: 1 })
    expect(withdrawn.body.notice).toMatchObject({ state: 'WITHDRAWN', version: 2 })
    expect((await home()).informationList.map((n: T) => n.content)).not.toContain('臨時休業のお知らせ（テスト）')

    const trail = await auditOf('notice', String(now.body.notice.id))
    expect(trail.map((a) => a.action)).toEqual(['notice-withdraw', 'notice-create'])
    expect(trail[0]).toMatchObject({ actorUid: op.uid, actorEmail: op.email, actorRole: 'operator', before: { withdrawnAt: null }, after: { content: '臨時休業のお知らせ（テスト）' } })
    expect(trail[0].after.withdrawnAt).toBe(NOW.toISOString())

    const listed = await get('desk-notices', { state: 'SCHEDULED' })
    expect(listed.body.items.map((n: T) => n.id)).toEqual([later.body.notice.id])
  })

  it('an end before the start, an unknown kind or an edit without its version are 400 and write nothing', async () => {
    const before = (await get('desk-notices')).body.total
    expect((await post('desk-notice-save', { kind: 'INFORMATION', content: 'x', publishFrom: nowSec + 100, publishUntil: nowSec })).body.message).toBe(dm.windowInvalid)
    expect((await post('desk-notice-save', { kind: 'NEWS', content: 'x' })).status).toBe(400)
    expect((await post('desk-notice-save', { id: 1, kind: 'INFORMATION', content: 'x' })).body.message).toBe(dm.versionRequired)
    expect((await get('desk-notices')).body.total).toBe(before)
  })
})

describe('coupons', () => {
  it('made on the desk, claimed from its link, listed on home, used once at payment; its claims and uses are seen', async () => {
    const made = await post('desk-coupon-save', {
      couponCode: 'DESK-TEST-700',
      couponName: 'デスク作成700円OFF',
      discountPrice: 700,
      expire: nowSec + 10 * day,
      availableProductList: [{ productType: 'SUPPORT', minutesToSupport: 60 }],
      maxClaims: 5,
    })
    expect(made.status).toBe(200)
    expect(made.body.coupon).toMatchObject({ state: 'ACTIVE', claimCount: 0, useCount: 0, claimPath: couponClaimPath('DESK-TEST-700'), version: 1 })
    expect(made.body.coupon.claimPath).toBe('/get-coupon?couponCode=DESK-TEST-700')

    const m = await h.member('demo')
    expect((await h.post('get-coupon', { token: m.token, body: { couponCode: 'DESK-TEST-700' } })).status).toBe(200)
    const held = (await h.get('user-data', { token: m.token, query: { data: 'MEMBER_COUPON' } })).body.couponList as T[]
    expect(held.find((c) => c.couponCode === 'DESK-TEST-700')).toMatchObject({ couponName: 'デスク作成700円OFF', discountPrice: 700 })

    const paid = await h.post('charge', {
      token: m.token,
      headers: { 'Idempotency-Key': 'desk-coupon-use' },
      body: { productId: 'SUPPORT-60', cardToken: await h.cardToken(undefined, m.token), reservationTime: 'SUPPORT-20250612-15-00', staffId: '', supportType: 'TEL', couponCode: 'DESK-TEST-700' },
    })
    expect(paid.status).toBe(200)
    expect(paid.body.amount).toBe(5500 - 700)
    // Used once: offered no more, refused at the next payment.
    const again = await h.get('coupon-valid', { token: m.token, query: { productId: 'SUPPORT-60', couponCode: 'DESK-TEST-700' } })
    expect(again.body.couponAvailable).toBe(false)

    const claims = await get('desk-coupon-claims', { couponCode: 'DESK-TEST-700' })
    expect(claims.body.items).toEqual([expect.objectContaining({ memberId: m.memberId, usedTicketNumber: paid.body.ticketNumber })])
    const listed = (await get('desk-coupons')).body.items.find((c: T) => c.couponCode === 'DESK-TEST-700')
    expect(listed).toMatchObject({ claimCount: 1, useCount: 1 })
  })

  it('two operators editing one coupon: the second is told it changed (409), nothing of theirs is written', async () => {
    const base = { couponCode: 'DESK-EDIT', couponName: '編集テスト', discountPrice: 300, expire: nowSec + 5 * day, availableProductList: [{ productType: 'SUPPORT', minutesToSupport: null }] }
    const made = await post('desk-coupon-save', base)
    const v = made.body.coupon.version
    const first = await post('desk-coupon-save', { ...base, version: v, couponName: '一人目の変更' })
    expect(first.status).toBe(200)
    const second = await post('desk-coupon-save', { ...base, version: v, discountPrice: 9999 })
    expect(second).toEqual({ status: 409, body: { message: dm.changedByOther } })
    const now = (await get('desk-coupons')).body.items.find((c: T) => c.couponCode === 'DESK-EDIT')
    expect(now).toMatchObject({ couponName: '一人目の変更', discountPrice: 300, version: v + 1 })
    const trail = await auditOf('coupon', 'DESK-EDIT')
    expect(trail.map((a) => a.action)).toEqual(['coupon-update', 'coupon-create'])
    expect(trail[0].before.couponName).toBe('編集テスト')
    expect(trail[0].after.couponName).toBe('一人目の変更')
    // A code already taken cannot be created again.
    expect((await post('desk-coupon-save', base)).status).toBe(409)
  })

  it('a claim limit is held, and a stopped coupon is no longer claimed, listed or applied', async () => {
    await post('desk-coupon-save', { couponCode: 'DESK-ONE', couponName: '先着1名', discountPrice: 100, expire: nowSec + day, availableProductList: [{ productType: 'SUPPORT', minutesToSupport: null }], maxClaims: 1 })
    const [a, b] = [await h.member('demo'), await h.member('demo')]
    expect((await h.post('get-coupon', { token: a.token, body: { couponCode: 'DESK-ONE' } })).status).toBe(200)
    expect((await h.post('get-coupon', { token: a.token, body: { couponCode: 'DESK-ONE' } })).body).toEqual({ alreadyCompleted: true })
    expect((await h.post('get-coupon', { token: b.token, body: { couponCode: 'DESK-ONE' } })).body.message).toBe('COUPON_CLAIM_LIMIT_REACHED')
    const full = (await get('desk-coupons', { state: 'FULL' })).body.items.map((c: T) => c.couponCode)
    expect(full).toContain('DESK-ONE')

    const c = (await get('desk-coupons')).body.items.find((x: T) => x.couponCode === 'DESK-ONE')
    const stopped = await post('desk-coupon-stop', { couponCode: 'DESK-ONE', version: c.version })
    expect(stopped.body.coupon.state).toBe('STOPPED')
    const held = (await h.get('user-data', { token: a.token, query: { data: 'MEMBER_COUPON' } })).body.couponList as T[]
    expect(held.map((x) => x.couponCode)).not.toContain('DESK-ONE')
    expect((await h.get('coupon-valid', { token: a.token, query: { productId: 'SUPPORT-60', couponCode: 'DESK-ONE' } })).body.couponAvailable).toBe(false)
    expect((await post('desk-coupon-save', { couponCode: 'DESK-ONE', version: stopped.body.coupon.version, couponName: 'x', discountPrice: 1, expire: nowSec + day, availableProductList: [{ productType: 'SUPPORT', minutesToSupport: null }] })).body.message).toBe(dm.couponStopped)
  })
})

describe('products and menus', () => {
  it('a price change applies to the next purchase only; a purchase made keeps what it paid', async () => {
    const m = await h.member('demo')
    const before = await buySupport(h, m, { reservationTime: 'SUPPORT-20250613-13-00', staffId: null, productId: 'SUPPORT-30' })
    const p = (await get('desk-products', { productType: 'SUPPORT' })).body.items.find((x: T) => x.productId === 'SUPPORT-30')
    const saved = await post('desk-product-save', { productId: 'SUPPORT-30', version: p.version, productName: p.productName, price: 3800, showOnMypage: true })
    expect(saved.body.product).toMatchObject({ price: 3800, version: p.version + 1 })
    const after = await buySupport(h, m, { reservationTime: 'SUPPORT-20250613-14-00', staffId: null, productId: 'SUPPORT-30' })
    const history = (await h.get('purchase-list', { token: m.token, query: {} })).body.ticketList as T[]
    expect(history.find((x) => x.ticketNumber === before.ticketNumber)).toMatchObject({ amount: 3300, amountBeforeCoupon: 3300 })
    expect(history.find((x) => x.ticketNumber === after.ticketNumber)).toMatchObject({ amount: 3800 })
    const trail = await auditOf('product', 'SUPPORT-30')
    expect(trail[0]).toMatchObject({ action: 'product-update', before: { price: 3300 }, after: { price: 3800 } })
    // Stale version: 409, the price stays.
    expect((await post('desk-product-save', { productId: 'SUPPORT-30', version: p.version, productName: p.productName, price: 1, showOnMypage: true })).status).toBe(409)
  })

  it('off sale: gone from the menu and refused at payment', async () => {
    const m = await h.member('demo')
    const p = (await get('desk-products', { productType: 'SUPPORT' })).body.items.find((x: T) => x.productId === 'SUPPORT-120')
    await post('desk-product-save', { productId: 'SUPPORT-120', version: p.version, productName: p.productName, price: p.price, showOnMypage: false })
    const menu = (await h.get('nowonsale-products', { token: m.token, query: { productType: 'SUPPORT' } })).body.productList as T[]
    expect(menu.map((x) => x.productId)).not.toContain('SUPPORT-120')
    expect((await h.get('charge-data', { token: m.token, query: { productId: 'SUPPORT-120' } })).status).toBe(400)
  })

  it('menu items per minutes: added, edited, removed; listed to members at once', async () => {
    const m = await h.member('demo')
    const made = await post('desk-menu-save', { menuTitle: 'スマホの写真整理', imageUrl: '/images/menu/menu-30-1.png', estimatedMinute: 30, sortOrder: 9 })
    expect(made.status).toBe(200)
    const id = made.body.menu.menuId
    const list = async () => ((await h.get('reservation-menu-list', { token: m.token, query: { estimatedMinute: 30 } })).body.reservationMenuList as T[]).map((x) => x.menuTitle)
    expect(await list()).toContain('スマホの写真整理')
    const edited = await post('desk-menu-save', { menuId: id, version: 1, menuTitle: 'スマホの写真整理とバックアップ', imageUrl: '/images/menu/menu-30-1.png', estimatedMinute: 30 })
    expect(edited.body.menu.version).toBe(2)
    expect(await list()).toContain('スマホの写真整理とバックアップ')
    expect((await post('desk-menu-delete', { menuId: id, version: 1 })).status).toBe(409)
    expect((await post('desk-menu-delete', { menuId: id, version: 2 })).status).toBe(200)
    expect(await list()).not.toContain('スマホの写真整理とバックアップ')
    expect((await auditOf('menu', id)).map((a) => a.action)).toEqual(['menu-delete', 'menu-update', 'menu-create'])
    // Minutes no SUPPORT product is sold with, and a missing uploaded image, are refused.
    expect((await post('desk-menu-save', { menuTitle: 'x', imageUrl: '/images/a.png', estimatedMinute: 150 })).body.message).toBe(dm.menuMinutesUnknown)
    expect((await post('desk-menu-save', { menuTitle: 'x', imageUrl: `/api/images/${'0'.repeat(32)}`, estimatedMinute: 30 })).body.message).toBe(dm.imageNotFound)
  })
})

describe('consultants', () => {
  it('a profile edit shows in the member grid; deactivating one who holds bookings is refused with the list, then leaves the grid', async () => {
    const m = await h.member('fresh')
    const grid = async () => (await h.get('reservation-schedule', { token: m.token, query: { dt: '20250612', minutesToSupport: 60 } })).body.staffSchedules as T[]
    const list = (await get('desk-consultants')).body.items as T[]
    const c = list.find((x) => x.staffId === 'STAFF-04')!
    const saved = await post('desk-consultant-save', { staffId: 'STAFF-04', version: c.version, staffNickname: 'けんじ（新人）', staffAge: 39, staffGender: 'MALE', staffImageUrl: null })
    expect(saved.body.consultant).toMatchObject({ staffNickname: 'けんじ（新人）', version: c.version + 1 })
    expect((await grid()).find((s) => s.staffId === 'STAFF-04')?.staffNickname).toBe('けんじ（新人）')

    const booked = await buySupport(h, m, { reservationTime: 'SUPPORT-20250612-13-00', staffId: 'STAFF-04' })
    const fresh = (await get('desk-consultants')).body.items.find((x: T) => x.staffId === 'STAFF-04')
    expect(fresh.upcomingBookings).toBeGreaterThanOrEqual(1)
    const refused = await post('desk-consultant-active', { staffId: 'STAFF-04', version: fresh.version, active: false })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toContain(dm.staffHoldsBookings)
    expect(refused.body.message).toContain(booked.ticketNumber)
    expect((await get('desk-consultants')).body.items.find((x: T) => x.staffId === 'STAFF-04').active).toBe(true)

    // A consultant with no bookings from now on, seen in the grid on some day: deactivated, gone
    // from the grid, never booked.
    const days = ['20250611', '20250612', '20250613', '20250614', '20250616', '20250617']
    const rowsOn = async (dt: string) => ((await h.get('reservation-schedule', { token: m.token, query: { dt, minutesToSupport: 30 } })).body.staffSchedules as T[]).map((s) => s.staffId as string)
    // The fixture members' bookings of STAFF-03 are cleared first (test setup: they would have to be
    // reassigned, which is the consultation loop's business).
    await h.db.delete(bookings).where(and(eq(bookings.staffId, 'STAFF-03'), gte(bookings.cellStart, NOW)))
    h.deps.caches.scheduleChanged()
    let pick: { consultant: T; dt: string } | null = null
    const three = ((await get('desk-consultants')).body.items as T[]).find((x) => x.staffId === 'STAFF-03')!
    expect(three.upcomingBookings).toBe(0)
    for (const dt of days) if (!pick && (await rowsOn(dt)).includes('STAFF-03')) pick = { consultant: three, dt }
    expect(pick).not.toBeNull()
    const six = pick!.consultant
    const off = await post('desk-consultant-active', { staffId: six.staffId, version: six.version, active: false })
    expect(off.body.consultant.active).toBe(false)
    expect(await rowsOn(pick!.dt)).not.toContain(six.staffId)
    const slot = `SUPPORT-${pick!.dt}-15-00`
    const charged = await h.post('charge', {
      token: m.token,
      headers: { 'Idempotency-Key': 'inactive-1' },
      body: { productId: 'SUPPORT-30', cardToken: await h.cardToken(undefined, m.token), reservationTime: slot, staffId: six.staffId, supportType: 'TEL' },
    })
    expect(charged.body.message).toBe('STAFF_DENY')
    expect((await auditOf('staff', six.staffId))[0]).toMatchObject({ action: 'consultant-deactivate', before: { active: true }, after: { active: false } })
    const on = await post('desk-consultant-active', { staffId: six.staffId, version: off.body.consultant.version, active: true })
    expect(on.body.consultant.active).toBe(true)
  })

  it('a new consultant is created active, with a generated id', async () => {
    const made = await post('desk-consultant-save', { staffNickname: 'あおい', staffAge: 30, staffGender: 'FEMALE' })
    expect(made.status).toBe(200)
    expect(made.body.consultant).toMatchObject({ staffNickname: 'あおい', active: true, version: 1, staffImageUrl: null })
    expect(made.body.consultant.staffId).toMatch(/^STAFF-[0-9A-F]{6}$/)
  })
})
