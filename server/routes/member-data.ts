import { and, asc, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm'
import { coupons, memberCoupons, notices, products, purchases, reservationMenus, businessHolidays, tickets } from '../db/schema'
import type { Coupon } from '../../src/contract/entities'
import { JST, formatReservationTime, todayJst, unixSeconds, LocalDate } from '../domain/time'
import { ZonedDateTime, LocalTime } from '@js-joda/core'
import { badRequest, notFound, serverErrors } from '../http/errors'
import type { PartialHandlers } from '../http/handler'
import { listTickets } from '../services/tickets'
import type { Tx } from '../db/client'

const PAGE_SIZE = 20

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

const startOfDay = (d: LocalDate) => new Date(ZonedDateTime.of(d, LocalTime.MIDNIGHT, JST).toInstant().toEpochMilli())

export const memberDataHandlers: PartialHandlers<'user-data' | 'nowonsale-products' | 'reservation-menu-list' | 'purchase-list' | 'get-coupon'> = {
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

  // Newest first, pages of 20; the key is the last row's (memberId, ticketNumber, purchaseTime).
  async 'purchase-list'({ input, deps, me }) {
    const m = me()
    const now = deps.clock.now()
    const today = todayJst(now)
    let from: Date
    let to: Date
    if (!input.period || input.period === 'LAST_3_MONTHS') {
      from = startOfDay(today.minusMonths(3))
      to = new Date(now.getTime() + 1000)
    } else {
      const year = Number(input.period)
      if (year < 2023 || year > today.year()) throw badRequest(serverErrors.periodOutOfRange)
      from = startOfDay(LocalDate.of(year, 1, 1))
      to = startOfDay(LocalDate.of(year + 1, 1, 1))
    }
    if (input.memberId !== undefined && input.memberId !== m.memberId) throw notFound()
    const after =
      input.ticketNumber !== undefined && input.purchaseTime !== undefined
        ? sql`(${purchases.purchaseTime}, ${purchases.ticketNumber}) < (to_timestamp(${input.purchaseTime}), ${input.ticketNumber})`
        : undefined
    // The coupon's name, the ticket's refund and reservation (issue 15): one row each by primary key.
    const rows = await deps.db
      .select({ p: purchases, couponName: coupons.couponName, amountRefunded: tickets.amountRefunded, reservationAt: tickets.reservationAt })
      .from(purchases)
      .leftJoin(coupons, eq(coupons.couponCode, purchases.couponCode))
      .leftJoin(tickets, eq(tickets.ticketNumber, purchases.ticketNumber))
      .where(and(eq(purchases.memberId, m.memberId), gte(purchases.purchaseTime, from), lt(purchases.purchaseTime, to), after))
      // NULLS LAST as in purchases_member_keyset_idx (both columns are NOT NULL): a plain DESC means
      // NULLS FIRST, which that index cannot serve, and PostgreSQL then scans and sorts every row.
      .orderBy(sql`${purchases.purchaseTime} DESC NULLS LAST`, sql`${purchases.ticketNumber} DESC NULLS LAST`)
      .limit(PAGE_SIZE + 1)
    const page = rows.slice(0, PAGE_SIZE)
    const last = page[page.length - 1]?.p
    return {
      ticketList: page.map(({ p, couponName, amountRefunded, reservationAt }) => ({
        purchaseTime: unixSeconds(p.purchaseTime),
        amount: p.amount,
        amountBeforeCoupon: p.amountBeforeCoupon,
        couponCode: p.couponCode,
        receiptNumber: p.receiptNumber,
        productType: p.productType,
        ticketNumber: p.ticketNumber,
        productName: p.productName,
        couponName: p.couponCode ? (couponName ?? null) : null,
        amountRefunded: amountRefunded ?? 0,
        reservationTime: p.productType === 'SUPPORT' && reservationAt ? formatReservationTime(reservationAt) : null,
      })),
      lastEvaluatedKey:
        rows.length > PAGE_SIZE && last
          ? { memberId: m.memberId, ticketNumber: last.ticketNumber, purchaseTime: unixSeconds(last.purchaseTime) }
          : null,
    }
  },

  // Once per member (primary key), before expiry (spec §4 /get-coupon).
  async 'get-coupon'({ input, deps, me }) {
    const m = me()
    const now = deps.clock.now()
    const [coupon] = await deps.db.select().from(coupons).where(eq(coupons.couponCode, input.couponCode))
    if (!coupon) throw badRequest(serverErrors.couponNotFound)
    if (coupon.expire.getTime() <= now.getTime()) throw badRequest(serverErrors.couponExpired)
    const inserted = await deps.db
      .insert(memberCoupons)
      .values({ memberId: m.memberId, couponCode: coupon.couponCode, claimedAt: now })
      .onConflictDoNothing()
      .returning({ couponCode: memberCoupons.couponCode })
    // The primary key (member, coupon) refused the row: this member holds it already. A reopened or
    // reloaded link is not a failure (issue 12 item 4); the failure page stays for unknown and
    // expired coupons (spec §8 getCoupon).
    if (inserted.length === 0) return { alreadyCompleted: true }
    return {}
  },
}
