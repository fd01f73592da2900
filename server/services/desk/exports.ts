import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm'
import { deskBookingStatusWords, deskMessages as dm } from '../../../contract/desk-messages'
import { rangeProblem } from '../../../contract/desk-calls'
import { parseDeskExportName, type DeskExportKind } from '../../../contract/file-calls'
import type { Tx } from '../../db/client'
import { members, purchases, refunds, staff, tickets } from '../../db/schema'
import { invalid } from '../../domain/errors'
import { writeAudit, type AuditActor } from '../../infra/audit'
import { log } from '../../observability/log'
import type { Deps } from '../deps'
import { csvStream, jstCsvTime, type CsvCell } from './csv'
import { bookingTicketColumns, isBooking } from './bookings'
import { deskStatusOf } from '../../domain/ticket'
import { rangeOf } from './numbers-figures'

// The accountant's CSV exports (file call `desk-export`, docs/server.md "Numbers and exports"): the
// purchases, refunds or consultations of a range of JST days. Read in pages of EXPORT_PAGE rows by a
// keyset on (time, id) — each page one indexed range read from where the last one ended — and
// written to the answer as the client takes it (csv.ts `csvStream`): a year of rows never sits in
// memory, and a client that stops reading stops the reads. Each export is audited before its first
// byte leaves.

/** Rows per page (one query each). */
export const EXPORT_PAGE = 1000
/** Pages an export reads at most: ten million rows, far beyond a year of this business (docs/server.md "Bounds"). */
const EXPORT_PAGES_MAX = 10_000

const memberName = (m: { lastname: string; firstname: string; deletedAt: Date | null }) => (m.deletedAt ? dm.cancelledMember : `${m.lastname} ${m.firstname}`)

const productTypeWords = { SUPPORT: 'サポート', ADD: '延長', INTERVIEW: '問診', TIP: 'チップ' } as const
const supportTypeWords = { TEL: '電話', ONLINE: 'オンライン' } as const

/** A keyset cursor: the last row's time as the database wrote it (microseconds kept) and its id. */
type Cursor = { at: string; id: string } | null
const after = (time: SQL, id: SQL, c: Cursor) => (c ? sql`(${time}, ${id}) > (${c.at}::timestamptz, ${c.id})` : undefined)

/**
 * Pages of one export, until a page comes back short. Each page is one statement in a transaction
 * of its own that turns sorting off: a page must be read in the index's order and stop at its
 * limit, but the planner underestimates how many rows a range and a row comparison match and would
 * rather fetch the whole rest of the range and sort it — every page then costs the rest of the
 * range (770 ms instead of 23 ms a page at a million purchases, docs/performance.md).
 */
async function* pages<R extends { cursorAt: string }>(db: Tx, read: (tx: Tx, c: Cursor) => Promise<R[]>, idOf: (r: R) => string, toCells: (r: R) => CsvCell[]): AsyncGenerator<CsvCell[][]> {
  let cursor: Cursor = null
  // Bounded whatever the rows are: at most EXPORT_PAGES_MAX pages, and a page whose last row is
  // where the previous one ended (a cursor that did not move) ends the export.
  for (let page = 0; page < EXPORT_PAGES_MAX; page++) {
    const at: Cursor = cursor
    const rows: R[] = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_sort = off`)
      return read(tx, at)
    })
    if (rows.length > 0) yield rows.map(toCells)
    if (rows.length < EXPORT_PAGE) return
    const last = rows[rows.length - 1]
    const next = { at: last.cursorAt, id: idOf(last) }
    if (cursor && next.at === cursor.at && next.id === cursor.id) return
    cursor = next
  }
  log().error({ pages: EXPORT_PAGES_MAX }, '[desk] export cut at its page limit')
}

const member = { lastname: members.memberLastname, firstname: members.memberFirstname, deletedAt: members.deletedAt }

function purchaseRows(db: Tx, start: Date, end: Date) {
  return pages(
    db,
    (tx, c) =>
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
        .where(and(gte(purchases.purchaseTime, start), lt(purchases.purchaseTime, end), after(sql`${purchases.purchaseTime}`, sql`${purchases.receiptNumber}`, c)))
        .orderBy(asc(purchases.purchaseTime), asc(purchases.receiptNumber))
        .limit(EXPORT_PAGE),
    (r) => r.receiptNumber,
    (r) => [jstCsvTime(r.at), r.receiptNumber, r.ticketNumber, r.memberId, memberName(r.m), productTypeWords[r.productType], r.productName, r.gross, r.couponCode ?? '', r.gross - r.amount, r.amount, r.refunded, r.chargeId ?? ''],
  )
}

function refundRows(db: Tx, start: Date, end: Date) {
  return pages(
    db,
    (tx, c) =>
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
        .where(and(eq(refunds.status, 'succeeded'), gte(refunds.createdAt, start), lt(refunds.createdAt, end), after(sql`${refunds.createdAt}`, sql`${refunds.id}`, c)))
        .orderBy(asc(refunds.createdAt), asc(refunds.id))
        .limit(EXPORT_PAGE),
    (r) => String(r.id),
    (r) => [jstCsvTime(r.at), r.id, r.receiptNumber, r.ticketNumber, r.memberId, memberName(r.m), r.productName, r.paid, r.amount, r.reason, r.providerRefundId ?? ''],
  )
}

function consultationRows(db: Tx, start: Date, end: Date) {
  return pages(
    db,
    (tx, c) =>
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
        .where(and(isBooking, gte(tickets.reservationAt, start), lt(tickets.reservationAt, end), after(sql`${tickets.reservationAt}`, sql`${tickets.ticketNumber}`, c)))
        .orderBy(asc(tickets.reservationAt), asc(tickets.ticketNumber))
        .limit(EXPORT_PAGE),
    (r) => r.t.ticketNumber,
    ({ t, m, staffNickname }) => {
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
  )
}

/** The header of each export, in Japanese (the accountant's words). */
export const EXPORT_HEADERS: Record<DeskExportKind, readonly string[]> = {
  purchases: ['購入日時', '受付番号', 'チケット番号', '会員ID', '会員氏名', '商品種別', '商品名', '定価（円）', 'クーポンコード', 'クーポン割引（円）', '支払額（円）', '返金済み額（円）', '決済ID'],
  refunds: ['返金日時', '返金ID', '受付番号', 'チケット番号', '会員ID', '会員氏名', '商品名', '支払額（円）', '返金額（円）', '返金理由', '決済サービスの返金ID'],
  consultations: ['開始日時', '終了日時', '分数', 'チケット番号', '会員ID', '会員氏名', '相談員ID', '相談員', '商品名', '方法', '状態', '利用分数', '結果記録日時', '定価（円）', '返金額（円）'],
}

/**
 * desk-export: the CSV named `<kind>-<from>-<to>.csv`, streamed. A name whose days are no range
 * (a day that does not exist, `to` before `from`, more than NUMBERS_RANGE_MAX_DAYS) is a 400 with
 * the desk's message; the audit row (`desk-export`: the kind and the range) is committed before the stream
 * starts.
 */
export async function deskExport(deps: Pick<Deps, 'db' | 'clock'>, actor: AuditActor, name: string): Promise<ReadableStream<Uint8Array> | null> {
  const parsed = parseDeskExportName(name)
  if (!parsed) return null
  const problem = rangeProblem(parsed.from, parsed.to)
  if (problem) throw invalid(problem)
  const { start, end } = rangeOf(parsed.from, parsed.to)
  await deps.db.transaction((tx) =>
    writeAudit(tx, actor, { action: 'desk-export', targetType: 'export', targetId: name, after: { kind: parsed.kind, from: parsed.from, to: parsed.to } }, deps.clock.now()),
  )
  const rows = parsed.kind === 'purchases' ? purchaseRows(deps.db, start, end) : parsed.kind === 'refunds' ? refundRows(deps.db, start, end) : consultationRows(deps.db, start, end)
  return csvStream(EXPORT_HEADERS[parsed.kind], rows, (e) => log().error(`[desk] export ${name} broke off: ${(e as Error).message}`))
}
