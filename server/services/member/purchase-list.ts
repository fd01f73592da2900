import { and, eq, gte, lt, sql } from 'drizzle-orm'
import { LocalTime, ZonedDateTime } from '@js-joda/core'
import type { CallResponse } from '../../../contract/calls'
import { coupons, purchases, tickets } from '../../db/schema'
import { JST, LocalDate, formatReservationTime, todayJst, unixSeconds } from '../../domain/time'
import { invalid, notFound, serverErrors } from '../../domain/errors'
import type { CallInput, Deps, MemberRow } from '../deps'

const PAGE_SIZE = 20

const startOfDay = (d: LocalDate) => new Date(ZonedDateTime.of(d, LocalTime.MIDNIGHT, JST).toInstant().toEpochMilli())

/** Newest first, pages of 20; the key is the last row's (memberId, ticketNumber, purchaseTime). */
export async function purchasePage(deps: Deps, m: MemberRow, input: CallInput<'purchase-list'>): Promise<CallResponse<'purchase-list'>> {
  const now = deps.clock.now()
  const today = todayJst(now)
  let from: Date
  let to: Date
  if (!input.period || input.period === 'LAST_3_MONTHS') {
    from = startOfDay(today.minusMonths(3))
    to = new Date(now.getTime() + 1000)
  } else {
    const year = Number(input.period)
    if (year < 2023 || year > today.year()) throw invalid(serverErrors.periodOutOfRange)
    from = startOfDay(LocalDate.of(year, 1, 1))
    to = startOfDay(LocalDate.of(year + 1, 1, 1))
  }
  if (input.memberId !== undefined && input.memberId !== m.memberId) throw notFound()
  const after =
    input.ticketNumber !== undefined && input.purchaseTime !== undefined
      ? sql`(${purchases.purchaseTime}, ${purchases.ticketNumber}) < (to_timestamp(${input.purchaseTime}), ${input.ticketNumber})`
      : undefined
  // The coupon's name, the ticket's refund and reservation: one row each by primary key.
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
      rows.length > PAGE_SIZE && last ? { memberId: m.memberId, ticketNumber: last.ticketNumber, purchaseTime: unixSeconds(last.purchaseTime) } : null,
  }
}
