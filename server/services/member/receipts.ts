import { and, eq, isNull, sql } from 'drizzle-orm'
import { receiptMessages as rm, taxIncluded, TAX_RATE_PERCENT, type Receipt, type ReceiptNumber } from '../../../contract/receipt'
import type { Tx } from '../../db/client'
import { coupons, members, purchases, receiptIssues, refunds } from '../../db/schema'
import { conflict, notFound } from '../../domain/errors'
import { unixSeconds } from '../../domain/time'
import type { CallInput, Deps, MemberRow } from '../deps'

type PurchaseRow = typeof purchases.$inferSelect
type IssueRow = typeof receiptIssues.$inferSelect

/**
 * Receipts (領収書) of the payment history (docs/product.md "Receipts", docs/decisions.md 87).
 * Every view is an issue: `receipt_issues` counts them per receipt (the member's and the desk's
 * together, one atomic `INSERT … ON CONFLICT DO UPDATE`), the first is the original and every later
 * one says 再発行. The addressee starts as the member's name + 様 and may be changed once: the
 * update takes only a row whose addressee is still null, so of two edits at once one wins and the
 * other is refused.
 */

/** The purchase behind a receipt: the member's own (`memberId`), or any (the desk: null). A stranger's is not found. */
async function purchaseOf(tx: Tx, receiptNumber: ReceiptNumber, memberId: string | null): Promise<PurchaseRow> {
  const [p] = await tx
    .select()
    .from(purchases)
    .where(and(eq(purchases.receiptNumber, receiptNumber), memberId === null ? undefined : eq(purchases.memberId, memberId)))
  if (!p) throw notFound(rm.receiptNotFound)
  return p
}

/**
 * One issue of the receipt: counted, then drawn, with the member it belongs to, and whether it
 * counted (`viewId`: the page view asking; the same view again is the same issue). In the caller's
 * transaction (the desk adds its audit row to it).
 */
export async function issueIn(
  tx: Tx,
  deps: Deps,
  receiptNumber: ReceiptNumber,
  memberId: string | null,
  viewId: string | undefined,
): Promise<{ receipt: Receipt; memberId: string; counted: boolean }> {
  const p = await purchaseOf(tx, receiptNumber, memberId)
  const now = deps.clock.now()
  const [before] = await tx.select().from(receiptIssues).where(eq(receiptIssues.receiptNumber, p.receiptNumber)).for('update')
  if (before && viewId !== undefined && before.lastViewId === viewId && before.issueCount > 0) {
    return { receipt: await receiptOf(tx, deps, p, before), memberId: p.memberId, counted: false }
  }
  const [row] = await tx
    .insert(receiptIssues)
    .values({ receiptNumber: p.receiptNumber, memberId: p.memberId, issueCount: 1, firstIssuedAt: now, lastIssuedAt: now, lastViewId: viewId ?? null })
    .onConflictDoUpdate({
      target: receiptIssues.receiptNumber,
      // The row may exist without an issue yet (the addressee set first): its first issue is now.
      set: {
        issueCount: sql`${receiptIssues.issueCount} + 1`,
        firstIssuedAt: sql`coalesce(${receiptIssues.firstIssuedAt}, excluded.first_issued_at)`,
        lastIssuedAt: now,
        lastViewId: viewId ?? null,
      },
    })
    .returning()
  return { receipt: await receiptOf(tx, deps, p, row), memberId: p.memberId, counted: true }
}

/** The member's call `receipt`: their own receipt, issued once more. */
export async function issueReceipt(deps: Deps, m: MemberRow, input: CallInput<'receipt'>): Promise<Receipt> {
  return deps.db.transaction(async (tx) => (await issueIn(tx, deps, input.receiptNumber, m.memberId, input.viewId)).receipt)
}

/**
 * `receipt-addressee`: the member's addressee instead of their name, once per receipt. It is not an
 * issue: the answer is the receipt the member is looking at, with the new addressee.
 */
export async function changeAddressee(deps: Deps, m: MemberRow, input: CallInput<'receipt-addressee'>): Promise<Receipt> {
  return deps.db.transaction(async (tx) => {
    const p = await purchaseOf(tx, input.receiptNumber, m.memberId)
    await tx.insert(receiptIssues).values({ receiptNumber: p.receiptNumber, memberId: p.memberId }).onConflictDoNothing()
    const [row] = await tx
      .update(receiptIssues)
      .set({ addressee: input.addressee, addresseeSetAt: deps.clock.now() })
      .where(and(eq(receiptIssues.receiptNumber, p.receiptNumber), isNull(receiptIssues.addressee)))
      .returning()
    if (!row) throw conflict(rm.addresseeAlreadyChanged)
    return receiptOf(tx, deps, p, row)
  })
}

/**
 * The receipt as printed: what was bought and when, the price before the coupon and its discount,
 * what was paid, every refund that went through, and the total (paid minus refunded) with the
 * consumption tax it contains, computed once on that total (`taxIncluded`, decision 87).
 */
async function receiptOf(tx: Tx, deps: Deps, p: PurchaseRow, issue: IssueRow): Promise<Receipt> {
  const [[member], [coupon], refundRows] = await Promise.all([
    tx.select({ last: members.memberLastname, first: members.memberFirstname }).from(members).where(eq(members.memberId, p.memberId)),
    p.couponCode ? tx.select({ name: coupons.couponName }).from(coupons).where(eq(coupons.couponCode, p.couponCode)) : Promise.resolve([]),
    tx
      .select({ amount: refunds.amount, at: refunds.updatedAt })
      .from(refunds)
      .where(and(eq(refunds.receiptNumber, p.receiptNumber), eq(refunds.status, 'succeeded')))
      .orderBy(refunds.id),
  ])
  const refunded = refundRows.reduce((sum, r) => sum + r.amount, 0)
  const total = Math.max(0, p.amount - refunded)
  const name = member ? `${member.last} ${member.first}`.trim() : ''
  return {
    receiptNumber: p.receiptNumber,
    ticketNumber: p.ticketNumber,
    issuer: deps.config.receiptIssuer,
    addressee: issue.addressee ?? `${name} 様`.trim(),
    addresseeEditable: issue.addressee === null,
    purchaseTime: unixSeconds(p.purchaseTime),
    productType: p.productType,
    productName: p.productName,
    amountBeforeCoupon: p.amountBeforeCoupon,
    couponName: p.couponCode ? (coupon?.name ?? p.couponCode) : null,
    couponDiscount: Math.max(0, p.amountBeforeCoupon - p.amount),
    amountPaid: p.amount,
    refunds: refundRows.map((r) => ({ refundedAt: unixSeconds(r.at), amount: r.amount })),
    total,
    taxRate: TAX_RATE_PERCENT,
    tax: taxIncluded(total),
    issueCount: issue.issueCount,
    firstIssuedAt: issue.firstIssuedAt ? unixSeconds(issue.firstIssuedAt) : null,
    reissued: issue.issueCount > 1,
  }
}
