import type { LocalDate } from '@js-joda/core'
import { atJst, formatYmd, todayJst } from '../../domain/time'
import type { Tx } from '../client'
import { PLAN_HORIZON_DAYS, plannedPeriods, instantOf, type ExceptionRow, type PlanRow } from '../../services/staff/shifts'
import { businessHolidays, coupons, notices, products, reservationMenus, staff, staffShiftExceptions, staffShifts, staffWeeklyPlans } from '../schema'

// Demo catalogue (docs/design.md "Seed data"). Prices are ours: the spec does not give them.

export const productRows = [
  { productId: 'SUPPORT-30', productType: 'SUPPORT', productName: '30分サポートチケット', price: 3300, minutesToSupport: 30, showOnMypage: true, sortOrder: 1 },
  { productId: 'SUPPORT-60', productType: 'SUPPORT', productName: '60分サポートチケット', price: 5500, minutesToSupport: 60, showOnMypage: true, sortOrder: 2 },
  { productId: 'SUPPORT-90', productType: 'SUPPORT', productName: '90分サポートチケット', price: 7700, minutesToSupport: 90, showOnMypage: true, sortOrder: 3 },
  { productId: 'SUPPORT-120', productType: 'SUPPORT', productName: '120分サポートチケット', price: 9900, minutesToSupport: 120, showOnMypage: true, sortOrder: 4 },
  { productId: 'SUPPORT-180', productType: 'SUPPORT', productName: '180分サポートチケット（法人向け）', price: 14800, minutesToSupport: 180, showOnMypage: false, sortOrder: 5 },
  { productId: 'INTERVIEW-30', productType: 'INTERVIEW', productName: '無料電話相談（問診）', price: 0, minutesToSupport: 30, showOnMypage: true, sortOrder: 10 },
  { productId: 'ADD-30', productType: 'ADD', productName: '30分延長チケット', price: 3300, minutesToSupport: 30, showOnMypage: true, sortOrder: 20 },
  { productId: 'TIP-300', productType: 'TIP', productName: 'チップ 300円', price: 300, minutesToSupport: 0, showOnMypage: true, sortOrder: 30 },
  { productId: 'TIP-500', productType: 'TIP', productName: 'チップ 500円', price: 500, minutesToSupport: 0, showOnMypage: true, sortOrder: 31 },
  { productId: 'TIP-1000', productType: 'TIP', productName: 'チップ 1,000円', price: 1000, minutesToSupport: 0, showOnMypage: true, sortOrder: 32 },
] as const

const menu = (menuId: string, menuTitle: string, estimatedMinute: number, sortOrder: number) => ({
  menuId,
  menuTitle,
  imageUrl: `/images/menu/${menuId.toLowerCase()}.png`,
  estimatedMinute,
  sortOrder,
})

export const menuRows = [
  menu('MENU-30-1', 'スマートフォンの初期設定', 30, 1),
  menu('MENU-30-2', 'メールアプリの設定', 30, 2),
  menu('MENU-30-3', 'LINEの使い方', 30, 3),
  menu('MENU-60-1', 'パソコンの動作が遅い', 60, 1),
  menu('MENU-60-2', 'Wi-Fiにつながらない', 60, 2),
  menu('MENU-60-3', 'プリンターの接続設定', 60, 3),
  menu('MENU-60-4', 'オンライン会議の準備', 60, 4),
  menu('MENU-90-1', '新しいパソコンのセットアップ', 90, 1),
  menu('MENU-90-2', 'データの移行', 90, 2),
  menu('MENU-120-1', 'ホームページ作成の相談', 120, 1),
  menu('MENU-120-2', 'パソコン総点検', 120, 2),
]

export const staffRows = [
  { staffId: 'STAFF-01', email: null, staffNickname: 'さくら', staffAge: 32, staffGender: 'FEMALE', staffImageUrl: '/images/staff/staff-01.png', averageScore: 4.8, supportCompleteCount: 320, supportUnSolvedCount: 6, ratingCount: 210, sortOrder: 1 },
  { staffId: 'STAFF-02', email: 'takeshi@staff.example.com', staffNickname: 'たけし', staffAge: 45, staffGender: 'MALE', staffImageUrl: '/images/staff/staff-02.png', averageScore: 4.6, supportCompleteCount: 512, supportUnSolvedCount: 20, ratingCount: 400, sortOrder: 2 },
  { staffId: 'STAFF-03', email: 'midori@staff.example.com', staffNickname: 'みどり', staffAge: 28, staffGender: 'FEMALE', staffImageUrl: '/images/staff/staff-03.png', averageScore: 4.9, supportCompleteCount: 140, supportUnSolvedCount: 1, ratingCount: 90, sortOrder: 3 },
  { staffId: 'STAFF-04', email: 'kenji@staff.example.com', staffNickname: 'けんじ', staffAge: 38, staffGender: 'MALE', staffImageUrl: null, averageScore: 4.2, supportCompleteCount: 75, supportUnSolvedCount: 5, ratingCount: 40, sortOrder: 4 },
  { staffId: 'STAFF-05', email: 'yuko@staff.example.com', staffNickname: 'ゆうこ', staffAge: 51, staffGender: 'FEMALE', staffImageUrl: '/images/staff/staff-05.png', averageScore: 4.7, supportCompleteCount: 890, supportUnSolvedCount: 31, ratingCount: 700, sortOrder: 5 },
  { staffId: 'STAFF-06', email: 'sho@staff.example.com', staffNickname: 'しょう', staffAge: 24, staffGender: 'MALE', staffImageUrl: '/images/staff/staff-06.png', averageScore: 0, supportCompleteCount: 0, supportUnSolvedCount: 0, ratingCount: 0, sortOrder: 6 },
] as const

/** The business holiday inside the booking window: six days from today (JST). */
export const holidayOffsetDays = 6

/**
 * Shift pattern: staff i works 09–17 on even days, 13–21 on odd days, off when (day + i) % 7 is 0
 * (days counted from the seeding day). The off day is the same weekday every week; early and late
 * swap from one week to the next.
 */
function shiftFor(staffIndex: number, day: LocalDate, dayOffset: number) {
  const p = shiftPeriodFor(staffIndex, dayOffset)
  if (!p) return null
  const [sh, sm] = p.start.split(':').map(Number)
  const [eh, em] = p.end.split(':').map(Number)
  return { startsAt: atJst(day, sh, sm), endsAt: atJst(day, eh, em) }
}

function shiftPeriodFor(staffIndex: number, dayOffset: number): { start: string; end: string } | null {
  const n = (((dayOffset + staffIndex) % 14) + 14) % 14
  if (n % 7 === 0) return null
  return n % 2 === 0 ? { start: '09:00', end: '17:00' } : { start: '13:00', end: '21:00' }
}

/**
 * A consultant's rules as the shift editor keeps them (docs/server.md "Shifts and holidays"): the
 * weekly plan is the seeding week's pattern, and each day ahead that the pattern has otherwise (the
 * weeks that swap early and late) is a dated exception. The dated rows are then made from these
 * rules by the service's own function, so the editor shows what the member's grid offers.
 */
function seededRules(staffIndex: number, today: LocalDate): { weekly: PlanRow[]; exceptions: ExceptionRow[] } {
  const weekly: PlanRow[] = []
  for (let offset = 0; offset < 7; offset++) {
    const p = shiftPeriodFor(staffIndex, offset)
    if (p) weekly.push({ weekday: today.plusDays(offset).dayOfWeek().value(), ...p })
  }
  const exceptions: ExceptionRow[] = []
  for (let offset = 7; offset < PLAN_HORIZON_DAYS; offset++) {
    const day = today.plusDays(offset)
    const p = shiftPeriodFor(staffIndex, offset)
    const planned = plannedPeriods(day, weekly, new Map())?.[0] ?? null
    if (p?.start === planned?.start && p?.end === planned?.end) continue
    exceptions.push(p ? { ymd: formatYmd(day), off: false, ...p } : { ymd: formatYmd(day), off: true, start: null, end: null })
  }
  return { weekly, exceptions }
}

export async function seedCatalog(db: Tx, now: Date) {
  const today = todayJst(now)
  await db.insert(products).values(productRows.map((p) => ({ ...p })))
  await db.insert(reservationMenus).values(menuRows)
  await db.insert(staff).values(staffRows.map((s) => ({ ...s })))

  // Every consultant has a weekly plan and its exceptions; their shifts from today to the plan's
  // horizon are made from those rules, the past week's (backing the seeded past tickets) from the
  // same pattern.
  const shifts = []
  for (const [i, s] of staffRows.entries()) {
    const rules = seededRules(i, today)
    await db.insert(staffWeeklyPlans).values(rules.weekly.map((p) => ({ staffId: s.staffId, weekday: p.weekday, startTime: p.start, endTime: p.end })))
    if (rules.exceptions.length > 0) await db.insert(staffShiftExceptions).values(rules.exceptions.map((e) => ({ staffId: s.staffId, ymd: e.ymd, startTime: e.start, endTime: e.end })))
    const exceptions = new Map(rules.exceptions.map((e) => [e.ymd, e]))
    for (let offset = -7; offset < PLAN_HORIZON_DAYS; offset++) {
      const day = today.plusDays(offset)
      if (offset < 0) {
        const shift = shiftFor(i, day, offset)
        if (shift) shifts.push({ staffId: s.staffId, ...shift })
        continue
      }
      for (const p of plannedPeriods(day, rules.weekly, exceptions) ?? []) shifts.push({ staffId: s.staffId, startsAt: instantOf(day, p.start), endsAt: instantOf(day, p.end) })
    }
  }
  await db.insert(staffShifts).values(shifts)
  await db.insert(businessHolidays).values([
    { ymd: formatYmd(today.plusDays(holidayOffsetDays)) },
    { ymd: formatYmd(today.plusDays(18)) },
    { ymd: formatYmd(today.minusDays(10)) },
  ])

  const day = 24 * 3600 * 1000
  const at = (days: number) => new Date(now.getTime() + days * day)
  await db.insert(coupons).values([
    { couponCode: 'WELCOME500', couponName: '新規会員500円OFFクーポン', discountPrice: 500, expire: at(30), availableProductList: [{ productType: 'SUPPORT', minutesToSupport: null }] },
    { couponCode: 'SUPPORT60-1000', couponName: '60分チケット1,000円OFF', discountPrice: 1000, expire: at(14), availableProductList: [{ productType: 'SUPPORT', minutesToSupport: 60 }] },
    { couponCode: 'LONG-2000', couponName: '90分・120分チケット2,000円OFF', discountPrice: 2000, expire: at(60), availableProductList: [{ productType: 'SUPPORT', minutesToSupport: 90 }, { productType: 'SUPPORT', minutesToSupport: 120 }] },
    { couponCode: 'EXPIRED300', couponName: '期限切れ300円OFF', discountPrice: 300, expire: at(-3), availableProductList: [{ productType: 'SUPPORT', minutesToSupport: null }] },
    { couponCode: 'USED1000', couponName: '使用済み1,000円OFF', discountPrice: 1000, expire: at(30), availableProductList: [{ productType: 'SUPPORT', minutesToSupport: null }] },
    { couponCode: 'CAMPAIGN2000', couponName: 'キャンペーン2,000円OFFクーポン', discountPrice: 2000, expire: at(45), availableProductList: [{ productType: 'SUPPORT', minutesToSupport: null }] },
    { couponCode: 'CAMPAIGN-ENDED', couponName: '終了したキャンペーン', discountPrice: 1000, expire: at(-1), availableProductList: [{ productType: 'SUPPORT', minutesToSupport: null }] },
  ])

  await db.insert(notices).values([
    { kind: 'INFORMATION', content: '年末年始の営業日についてのお知らせ', updateTime: at(-2) },
    { kind: 'INFORMATION', content: 'システムメンテナンスのお知らせ（深夜2時〜4時）', updateTime: at(-9) },
    { kind: 'CAMPAIGN', content: '今なら60分チケットが1,000円OFF！クーポンをご利用ください', updateTime: at(-1) },
    { kind: 'CAMPAIGN', content: 'お友達紹介キャンペーン実施中', updateTime: at(-20) },
  ])
}
