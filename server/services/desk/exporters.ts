import { and, asc, eq, gte, lt, sql } from 'drizzle-orm'
import { deskBookingStatusWords, deskMessages as dm } from '../../../contract/desk-messages'
import type { DeskExportKind } from '../../../contract/desk-exports'
import { members, purchases, refunds, staff, tickets } from '../../db/schema'
import { deskStatusOf } from '../../domain/ticket'
import { bookingTicketColumns, isBooking } from './bookings'
import { jstCsvTime } from './csv'
import { exporter, type DeskExporter } from './export-pages'

// The accountant's CSV exports, one record each (docs/server.md "Numbers and exports"): its header,
// the query of one page of its rows (keyset on its time and id, export-pages.ts) and the cells of a
// row. The kinds, file names and audit names are contract/desk-exports.ts; `deskExporters` below
// must hold a record for each of them (the typecheck says so).

const member = { lastname: members.memberLastname, firstname: members.memberFirstname, deletedAt: members.deletedAt }
const memberName = (m: { lastname: string; firstname: string; deletedAt: Date | null }) => (m.deletedAt ? dm.cancelledMember : `${m.lastname} ${m.firstname}`)

const productTypeWords = { SUPPORT: 'サポート', ADD: '延長', INTERVIEW: '問診', TIP: 'チップ' } as const
const supportTypeWords = { TEL: '電話', ONLINE: 'オンライン' } as const

/** Purchases made in the range, with their coupon and what was refunded of them since. */
const purchasesExport = exporter({
  header: ['購入日時', '受付番号', 'チケット番号', '会員ID', '会員氏名', '商品種別', '商品名', '定価（円）', 'クーポンコード', 'クーポン割引（円）', '支払額（円）', '返金済み額（円）', '決済ID'],
  page: ({ tx, start, end, after, limit }) =>
    tx
      .select({
        cursorAt: sql<string>`${purchases.purchaseTime}::text`,
        at: purchases.purchaseTime,
        receiptNumber: purchases.receiptNumber,
        ticketNumber: purchases.ticketNumber,
        memberId: purchases.memberId,
        m: member,
        productType: purchases.productType,
        productName: purchases.productName,
        gross: purchases.amountBeforeCoupon,
        couponCode: purchases.couponCode,
        amount: purchases.amount,
        refunded: sql<number>`coalesce(${tickets.amountRefunded}, 0)`.mapWith(Number),
        chargeId: purchases.chargeId,
      })
      .from(purchases)
      .innerJoin(members, eq(members.memberId, purchases.memberId))
      .leftJoin(tickets, eq(tickets.ticketNumber, purchases.ticketNumber))
      .where(and(gte(purchases.purchaseTime, start), lt(purchases.purchaseTime, end), after(sql`${purchases.purchaseTime}`, sql`${purchases.receiptNumber}`)))
      .orderBy(asc(purchases.purchaseTime), asc(purchases.receiptNumber))
      .limit(limit),
  idOf: (r) => r.receiptNumber,
  cells: (r) => [jstCsvTime(r.at), r.receiptNumber, r.ticketNumber, r.memberId, memberName(r.m), productTypeWords[r.productType], r.productName, r.gross, r.couponCode ?? '', r.gross - r.amount, r.amount, r.refunded, r.chargeId ?? ''],
})

/** Refunds that succeeded in the range (of purchases made at any time). */
const refundsExport = exporter({
  header: ['返金日時', '返金ID', '受付番号', 'チケット番号', '会員ID', '会員氏名', '商品名', '支払額（円）', '返金額（円）', '返金理由', '決済サービスの返金ID'],
  page: ({ tx, start, end, after, limit }) =>
    tx
      .select({
        cursorAt: sql<string>`${refunds.createdAt}::text`,
        at: refunds.createdAt,
        id: refunds.id,
        receiptNumber: refunds.receiptNumber,
        ticketNumber: refunds.ticketNumber,
        memberId: refunds.memberId,
        m: member,
        productName: purchases.productName,
        paid: purchases.amount,
        amount: refunds.amount,
        reason: refunds.reason,
        providerRefundId: refunds.providerRefundId,
      })
      .from(refunds)
      .innerJoin(members, eq(members.memberId, refunds.memberId))
      .innerJoin(purchases, eq(purchases.receiptNumber, refunds.receiptNumber))
      .where(and(eq(refunds.status, 'succeeded'), gte(refunds.createdAt, start), lt(refunds.createdAt, end), after(sql`${refunds.createdAt}`, sql`${refunds.id}`)))
      .orderBy(asc(refunds.createdAt), asc(refunds.id))
      .limit(limit),
  idOf: (r) => String(r.id),
  cells: (r) => [jstCsvTime(r.at), r.id, r.receiptNumber, r.ticketNumber, r.memberId, memberName(r.m), r.productName, r.paid, r.amount, r.reason, r.providerRefundId ?? ''],
})

/** Consultations (bookings) starting in the range, with their outcome and refund. */
const consultationsExport = exporter({
  header: ['開始日時', '終了日時', '分数', 'チケット番号', '会員ID', '会員氏名', '相談員ID', '相談員', '商品名', '方法', '状態', '利用分数', '結果記録日時', '定価（円）', '返金額（円）'],
  page: ({ tx, start, end, after, limit }) =>
    tx
      .select({
        cursorAt: sql<string>`${tickets.reservationAt}::text`,
        t: { ...bookingTicketColumns, minutesUsed: tickets.minutesUsed, price: tickets.price },
        m: member,
        staffNickname: staff.staffNickname,
      })
      .from(tickets)
      .innerJoin(members, eq(members.memberId, tickets.memberId))
      .innerJoin(staff, eq(staff.staffId, tickets.staffId))
      .where(and(isBooking, gte(tickets.reservationAt, start), lt(tickets.reservationAt, end), after(sql`${tickets.reservationAt}`, sql`${tickets.ticketNumber}`)))
      .orderBy(asc(tickets.reservationAt), asc(tickets.ticketNumber))
      .limit(limit),
  idOf: (r) => r.t.ticketNumber,
  cells: ({ t, m, staffNickname }) => {
    const at = t.reservationAt!
    return [
      jstCsvTime(at),
      jstCsvTime(new Date(at.getTime() + t.minutes * 60_000)),
      t.minutes,
      t.ticketNumber,
      t.memberId,
      memberName(m),
      t.staffId,
      staffNickname,
      t.productName,
      t.supportType ? supportTypeWords[t.supportType] : '',
      deskBookingStatusWords[deskStatusOf(t)],
      t.minutesUsed,
      jstCsvTime(t.outcomeAt),
      t.price,
      t.amountRefunded,
    ]
  },
})

/** Every export by its kind: to add one, write its record above and name it here (and in contract/desk-exports.ts). */
export const deskExporters: Record<DeskExportKind, DeskExporter> = {
  purchases: purchasesExport,
  refunds: refundsExport,
  consultations: consultationsExport,
}
