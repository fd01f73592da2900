import { and, eq, gt, inArray, isNull } from 'drizzle-orm'
import { apiErrors } from '../../../contract/messages'
import type { ChargeRequest } from '../../../contract/calls'
import type { CouponCode, ProductId } from '../../../contract/ids'
import { couponFits } from '../../../contract/reservation-rules'
import type { Tx } from '../../db/client'
import { coupons, memberCoupons, products, reservationMenus, savedCards, staff, tickets } from '../../db/schema'
import { parseReservationTime } from '../../domain/time'
import { invalid, notFound, serverErrors } from '../../domain/errors'
import type { MemberRow } from '../deps'
import { liveAttempts, type CouponRow, type PaymentSource, type ProductRow } from './attempts'
import type { TokenFacts } from './card-token'

/** docs/product.md §2 "Ticket menu": only products shown on the member page are on sale. */
export async function loadSaleProduct(db: Tx, productId: ProductId): Promise<ProductRow> {
  const [p] = await db.select().from(products).where(and(eq(products.productId, productId), eq(products.showOnMypage, true)))
  if (!p) throw invalid(serverErrors.productNotFound)
  return p
}

/** A held, unused, unexpired coupon, not stopped by an operator, that applies to the product; null otherwise. */
export async function usableCoupon(db: Tx, memberId: string, code: string, p: ProductRow, now: Date): Promise<CouponRow | null> {
  const [row] = await db
    .select()
    .from(memberCoupons)
    .innerJoin(coupons, eq(coupons.couponCode, memberCoupons.couponCode))
    .where(and(eq(memberCoupons.memberId, memberId), eq(memberCoupons.couponCode, code), isNull(memberCoupons.usedAt), gt(coupons.expire, now), isNull(coupons.stoppedAt)))
  return row && couponFits(row.coupons, p) ? row.coupons : null
}

/**
 * What the member pays for `price` with `coupon` (or without one): never below zero. The one
 * discount formula, for the price shown by coupon-valid and the amount charged alike.
 */
export const couponPrice = (price: number, coupon: Pick<CouponRow, 'discountPrice'> | null): number => Math.max(0, price - (coupon?.discountPrice ?? 0))

/** `coupon-valid`: whether the member's coupon applies to the product, and the price with it. */
export async function quoteCoupon(db: Tx, member: MemberRow, productId: ProductId, couponCode: CouponCode, now: Date) {
  const p = await loadSaleProduct(db, productId)
  const c = await usableCoupon(db, member.memberId, couponCode, p, now)
  return { couponAvailable: c !== null, price: p.price, couponPrice: couponPrice(p.price, c) }
}

export type Priced = {
  product: ProductRow
  start: Date | null
  staffId: string | null
  coupon: CouponRow | null
  amount: number
  parent: string | null
  source: PaymentSource
  menu: ChargeRequest['reservationMenuList']
}

/**
 * Validate and price (docs/product.md §3 charge request, §4 Payment). Runs under the member lock,
 * so the once-only rules (one tip per ticket, one free interview) also see the member's purchases
 * still in flight (every attempt but the one of `key`).
 */
export async function validateAndPrice(tx: Tx, m: MemberRow, input: ChargeRequest, key: string, token: TokenFacts | null, now: Date): Promise<Priced> {
  const p = await loadSaleProduct(tx, input.productId)
  const live = (await liveAttempts(tx, m.memberId)).filter((a) => a.idempotencyKey !== key)

  let start: Date | null = null
  if (p.productType === 'SUPPORT') {
    start = parseReservationTime(input.reservationTime)
    if (!start) throw invalid(serverErrors.reservationTimeInvalid)
  }

  // ADD (an extension) and TIP belong to one of the member's own SUPPORT tickets.
  let parent: string | null = null
  if (p.productType === 'ADD' || p.productType === 'TIP') {
    if (!input.parentTicketNumber) throw invalid(serverErrors.parentTicketRequired)
    const [row] = await tx.select().from(tickets).where(and(eq(tickets.ticketNumber, input.parentTicketNumber), eq(tickets.memberId, m.memberId)))
    if (!row) throw notFound(serverErrors.ticketNotFound)
    if (row.productType !== 'SUPPORT' || row.amountRefunded > 0) throw invalid(serverErrors.parentTicketInvalid)
    parent = row.ticketNumber
    if (p.productType === 'TIP') {
      // One tip per ticket (docs/product.md §4): a recorded one, or one being paid right now.
      const [tipped] = await tx.select({ n: tickets.ticketNumber }).from(tickets).where(and(eq(tickets.parentTicketNumber, parent), eq(tickets.productType, 'TIP')))
      if (tipped || live.some((a) => a.productType === 'TIP' && a.parentTicketNumber === parent)) throw invalid(serverErrors.alreadyTipped)
    }
  }

  // docs/product.md §4 "First-time user": the free interview ticket is given once, to a member who has none.
  if (p.productType === 'INTERVIEW') {
    const [held] = await tx.select({ n: tickets.ticketNumber }).from(tickets).where(and(eq(tickets.memberId, m.memberId), eq(tickets.productType, 'INTERVIEW')))
    if (held || m.useFreeInterviewTime || live.some((a) => a.productType === 'INTERVIEW')) throw invalid(serverErrors.interviewNotAvailable)
  }

  // reservationMenuList: items of the reservation-menu-list for this product's minutes, as listed.
  const menu = input.reservationMenuList
  if (menu.length > 0) {
    if (p.productType !== 'SUPPORT') throw invalid(serverErrors.menuInvalid)
    const ids = [...new Set(menu.map((i) => i.menuId))]
    if (ids.length !== menu.length) throw invalid(serverErrors.menuInvalid)
    const rows = await tx.select().from(reservationMenus).where(inArray(reservationMenus.menuId, ids))
    const byId = new Map(rows.map((r) => [r.menuId, r]))
    for (const item of menu) {
      const row = byId.get(item.menuId)
      if (!row || row.estimatedMinute !== p.minutesToSupport || item.estimatedMinute !== row.estimatedMinute || item.menuTitle !== row.menuTitle) {
        throw invalid(serverErrors.menuInvalid)
      }
    }
  }

  const staffId = p.productType === 'SUPPORT' && input.staffId ? input.staffId : null
  if (staffId) {
    const [s] = await tx.select({ id: staff.staffId }).from(staff).where(eq(staff.staffId, staffId))
    if (!s) throw invalid(apiErrors.staffDeny)
  }

  let coupon: CouponRow | null = null
  if (input.couponCode) {
    coupon = await usableCoupon(tx, m.memberId, input.couponCode, p, now)
    if (!coupon) throw invalid(apiErrors.denyCoupon)
  }
  // Amounts come only from the server's product and coupon.
  const amount = couponPrice(p.price, coupon)

  let source: PaymentSource = null
  if (input.cardId) {
    const [card] = await tx.select().from(savedCards).where(and(eq(savedCards.cardId, input.cardId), eq(savedCards.memberId, m.memberId)))
    if (!card) throw invalid(serverErrors.cardNotFound)
    source = { kind: 'saved', ref: card.providerRef }
  } else if (input.cardToken && token) {
    source = { kind: 'token', token: input.cardToken, brand: token.brand, last4: token.last4 }
  } else if (amount > 0) {
    throw invalid(serverErrors.paymentMethodRequired)
  }
  return { product: p, start, staffId, coupon, amount, parent, source, menu }
}
