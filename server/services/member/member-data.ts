import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm'
import type { Coupon } from '../../../contract/entities'
import type { Tx } from '../../db/client'
import { businessHolidays, coupons, memberCoupons, notices, products, reservationMenus } from '../../db/schema'
import { publishedAt } from '../desk/notices'
import { unixSeconds } from '../../domain/time'
import type { MemberRow } from '../deps'

// Member reads that belong to no flow: the home (user-data) and the menu (products, reservation
// menus).

/** The member's held coupons: unused, unexpired, not stopped by an operator, the soonest to expire first. */
export async function heldCoupons(db: Tx, memberId: string, now: Date): Promise<Coupon[]> {
  const rows = await db
    .select()
    .from(memberCoupons)
    .innerJoin(coupons, eq(coupons.couponCode, memberCoupons.couponCode))
    .where(and(eq(memberCoupons.memberId, memberId), isNull(memberCoupons.usedAt), gt(coupons.expire, now), isNull(coupons.stoppedAt)))
    .orderBy(asc(coupons.expire))
  return rows.map(({ coupons: c }) => ({
    couponCode: c.couponCode,
    couponName: c.couponName,
    expire: unixSeconds(c.expire),
    availableProductList: c.availableProductList,
    discountPrice: c.discountPrice,
  }))
}

/** The member's own profile fields as user-data MEMBER answers them. */
export const memberProfile = (m: MemberRow) => ({
  memberId: m.memberId,
  email: m.email,
  memberLastname: m.memberLastname,
  memberFirstname: m.memberFirstname,
  phoneNumber: m.phoneNumber,
  useFreeInterviewTime: m.useFreeInterviewTime,
})

/**
 * The notices members see now (not withdrawn, inside their publish window: the operator's desk),
 * newest first, split into information and campaigns.
 */
export async function noticeLists(db: Tx, now: Date) {
  const rows = await db.select().from(notices).where(publishedAt(now)).orderBy(desc(notices.updateTime))
  // The spec's two fields exactly; the heading beside them only when the notice has one.
  const toNotice = (n: (typeof rows)[number]) => ({ updateTime: unixSeconds(n.updateTime), content: n.content, ...(n.title ? { title: n.title } : {}) })
  return {
    informationList: rows.filter((n) => n.kind === 'INFORMATION').map(toNotice),
    campaignList: rows.filter((n) => n.kind === 'CAMPAIGN').map(toNotice),
  }
}

/** The business holidays, in date order. */
export async function holidayList(db: Tx) {
  const rows = await db.select().from(businessHolidays).orderBy(asc(businessHolidays.ymd))
  return { businnesHoliday: rows.map((r) => ({ ymd: r.ymd })) }
}

/** The products of a type shown on the member page, in their menu order. */
export async function productsOnSale(db: Tx, productType: (typeof products.$inferSelect)['productType']) {
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.productType, productType), eq(products.showOnMypage, true)))
    .orderBy(asc(products.sortOrder))
  return {
    productList: rows.map((p) => ({
      productId: p.productId,
      price: p.price,
      minutesToSupport: p.minutesToSupport,
      showOnMypage: p.showOnMypage,
      productType: p.productType,
      productName: p.productName,
    })),
  }
}

/** The reservation menus for a consultation of `estimatedMinute` minutes, in their order. */
export async function reservationMenuList(db: Tx, estimatedMinute: number) {
  const rows = await db.select().from(reservationMenus).where(eq(reservationMenus.estimatedMinute, estimatedMinute)).orderBy(asc(reservationMenus.sortOrder))
  return { reservationMenuList: rows.map(({ menuId, menuTitle, imageUrl, estimatedMinute }) => ({ menuId, menuTitle, imageUrl, estimatedMinute })) }
}
