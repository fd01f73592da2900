import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm'
import { coupons, memberCoupons, notices, products, reservationMenus, businessHolidays } from '../db/schema'
import type { Coupon } from '../../contract/entities'
import { unixSeconds } from '../domain/time'
import type { PartialHandlers } from '../http/handler'
import { assertChangeable, assertRatable, listTickets, loadOwnTicket, toTicket } from '../services/tickets'
import type { Tx } from '../db/client'

// Member reads that belong to no flow: the home (user-data) and the menu (products, reservation
// menus), and the ticket the reservation-change and rating flows open on.

export async function heldCoupons(db: Tx, memberId: string, now: Date): Promise<Coupon[]> {
  const rows = await db
    .select()
    .from(memberCoupons)
    .innerJoin(coupons, eq(coupons.couponCode, memberCoupons.couponCode))
    .where(and(eq(memberCoupons.memberId, memberId), isNull(memberCoupons.usedAt), gt(coupons.expire, now)))
    .orderBy(asc(coupons.expire))
  return rows.map(({ coupons: c }) => ({
    couponCode: c.couponCode,
    couponName: c.couponName,
    expire: unixSeconds(c.expire),
    availableProductList: c.availableProductList,
    discountPrice: c.discountPrice,
  }))
}

export const memberDataHandlers: PartialHandlers<'user-data' | 'nowonsale-products' | 'reservation-menu-list' | 'ticket-data'> = {
  async 'user-data'({ input, deps, me }) {
    const m = me()
    const { db, clock } = deps
    switch (input.data) {
      case 'MEMBER':
        return {
          memberId: m.memberId,
          email: m.email,
          memberLastname: m.memberLastname,
          memberFirstname: m.memberFirstname,
          phoneNumber: m.phoneNumber,
          useFreeInterviewTime: m.useFreeInterviewTime,
        }
      case 'INFORMATION': {
        const rows = await db.select().from(notices).orderBy(desc(notices.updateTime))
        const toNotice = (n: (typeof rows)[number]) => ({ updateTime: unixSeconds(n.updateTime), content: n.content })
        return {
          informationList: rows.filter((n) => n.kind === 'INFORMATION').map(toNotice),
          campaignList: rows.filter((n) => n.kind === 'CAMPAIGN').map(toNotice),
        }
      }
      case 'BUSSINESS_HOLIDAY': {
        const rows = await db.select().from(businessHolidays).orderBy(asc(businessHolidays.ymd))
        return { businnesHoliday: rows.map((r) => ({ ymd: r.ymd })) }
      }
      case 'MEMBER_COUPON':
        return { couponList: await heldCoupons(db, m.memberId, clock.now()) }
      case 'MEMBER_INTERVIEW_TICKET':
        return { interviewtTicketList: await listTickets(db, m.memberId, ['INTERVIEW']) }
      case 'MEMBER_SUPPORT_TICKET':
        return { supportTicketList: await listTickets(db, m.memberId, ['SUPPORT', 'ADD']) }
    }
  },

  async 'nowonsale-products'({ input, deps, me }) {
    me()
    const rows = await deps.db
      .select()
      .from(products)
      .where(and(eq(products.productType, input.productType), eq(products.showOnMypage, true)))
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
  },

  async 'reservation-menu-list'({ input, deps, me }) {
    me()
    const rows = await deps.db
      .select()
      .from(reservationMenus)
      .where(eq(reservationMenus.estimatedMinute, input.estimatedMinute))
      .orderBy(asc(reservationMenus.sortOrder))
    return { reservationMenuList: rows.map(({ menuId, menuTitle, imageUrl, estimatedMinute }) => ({ menuId, menuTitle, imageUrl, estimatedMinute })) }
  },

  // Read by the reservation-change flow (CHANGE_RESERVATION) and by the rating flow (RATING).
  async 'ticket-data'({ input, deps, me }) {
    const m = me()
    const { ticket, staff: s } = await loadOwnTicket(deps.db, m.memberId, input.ticketNumber)
    if (input.action === 'CHANGE_RESERVATION') assertChangeable(ticket, deps.clock.now())
    else assertRatable(ticket)
    return toTicket(ticket, s)
  },
}
