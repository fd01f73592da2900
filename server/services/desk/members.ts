import { and, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm'
import type { DeskCallInput } from '../../../contract/desk-calls'
import type { DeskMail } from '../../../contract/desk/mails'
import type { DeskPurchase, DeskRefund } from '../../../contract/desk/members'
import { deskMessages as dm } from '../../../contract/desk-messages'
import type { Tx } from '../../db/client'
import { coupons, mailOutbox, memberCoupons, members, purchases, refunds } from '../../db/schema'
import { notFound } from '../../domain/errors'
import type { Deps } from '../deps'
import { listTickets } from '../booking/tickets'
import { roomStays } from '../room/presence'
import { offsetOf, pageOf, unix, unixOrNull, type Page } from './common'
import { memberMatch } from './member-match'

type MemberRow = typeof members.$inferSelect
type RefundRow = typeof refunds.$inferSelect
type PurchaseRow = typeof purchases.$inferSelect
type MailRow = typeof mailOutbox.$inferSelect

// Member look-up for support staff: find a member by name, e-mail, phone, member id or ticket
// number (member-match.ts), or list them all, then see their tickets, purchases (with refunds),
// coupons and the mails sent to them.

const memberRow = (m: MemberRow) =>
  m.deletedAt
    ? { memberId: m.memberId, email: '', name: dm.cancelledMember, phoneNumber: '', createdAt: unix(m.createdAt), cancelled: true }
    : { memberId: m.memberId, email: m.email, name: `${m.memberLastname} ${m.memberFirstname}`, phoneNumber: m.phoneNumber, createdAt: unix(m.createdAt), cancelled: false }

/**
 * desk-members: the members the query names (member-match.ts), or every member when it is empty;
 * newest first, paged. A cancelled member is listed as 退会済み without personal data.
 */
export async function searchMembers(deps: Deps, input: DeskCallInput<'desk-members'>) {
  const where = input.query ? memberMatch(input.query, input.by) : undefined
  const [{ total }] = await deps.db.select({ total: count() }).from(members).where(where)
  const rows = await deps.db.select().from(members).where(where).orderBy(desc(members.createdAt), members.memberId).limit(input.pageSize).offset(offsetOf(input))
  return pageOf(rows.map(memberRow), total, input)
}

export const toDeskRefund = (r: RefundRow): DeskRefund => ({
  id: r.id,
  receiptNumber: r.receiptNumber,
  ticketNumber: r.ticketNumber,
  amount: r.amount,
  reason: r.reason,
  status: r.status === 'succeeded' ? 'SUCCEEDED' : r.status === 'failed' ? 'FAILED' : 'PENDING',
  createdAt: unix(r.createdAt),
  actorUid: r.actorUid,
})

/** A purchase as the desk shows it: refunded so far (succeeded), and what may still be refunded. */
export function toDeskPurchase(p: PurchaseRow, rs: RefundRow[]): DeskPurchase {
  const refunded = rs.filter((r) => r.status === 'succeeded').reduce((a, r) => a + r.amount, 0)
  const reserved = rs.filter((r) => r.status === 'pending').reduce((a, r) => a + r.amount, 0)
  return {
    receiptNumber: p.receiptNumber,
    ticketNumber: p.ticketNumber,
    productType: p.productType,
    productName: p.productName,
    amount: p.amount,
    amountBeforeCoupon: p.amountBeforeCoupon,
    couponCode: p.couponCode,
    purchaseTime: unix(p.purchaseTime),
    amountRefunded: refunded,
    refundable: Math.max(0, p.amount - refunded - reserved),
    refunds: rs.map(toDeskRefund),
  }
}

export async function purchasesWithRefunds(db: Tx, where: SQL): Promise<DeskPurchase[]> {
  const rows = await db.select().from(purchases).where(where).orderBy(desc(purchases.purchaseTime), desc(purchases.ticketNumber))
  if (rows.length === 0) return []
  const rs = await db
    .select()
    .from(refunds)
    .where(inArray(refunds.receiptNumber, rows.map((p) => p.receiptNumber)))
    .orderBy(refunds.id)
  return rows.map((p) => toDeskPurchase(p, rs.filter((r) => r.receiptNumber === p.receiptNumber)))
}

/**
 * The desk's three words for the outbox's states (docs/server.md "Outbox"): waiting or being
 * delivered (retries included) is PENDING, delivered is SENT, given up is FAILED (rows written
 * before the outbox retried say 'failed' for the same).
 */
const statusesOf: Record<DeskMail['status'], string[]> = { PENDING: ['pending', 'sending'], SENT: ['sent'], FAILED: ['dead', 'failed'] }
const deskStatusOf = (status: string): DeskMail['status'] => (status === 'sent' ? 'SENT' : statusesOf.FAILED.includes(status) ? 'FAILED' : 'PENDING')

export const toDeskMail = (m: MailRow): DeskMail => ({
  id: m.id,
  memberId: m.memberId,
  toAddress: m.toAddress,
  subject: m.subject,
  body: m.body,
  status: deskStatusOf(m.status),
  attempts: m.attempts,
  lastError: m.lastError,
  createdAt: unix(m.createdAt),
  sentAt: unixOrNull(m.sentAt),
  resendable: m.resendable,
  attachments: (m.attachments ?? []).map((a) => a.filename),
})

/** A member's mails: recorded under their id, or sent to their current address before they were a member. */
const mailsOf = (m: MemberRow) => or(eq(mailOutbox.memberId, m.memberId), eq(mailOutbox.toAddress, m.email))!

export async function memberDetail(deps: Deps, memberId: string) {
  const [m] = await deps.db.select().from(members).where(eq(members.memberId, memberId))
  if (!m) throw notFound(dm.memberNotFound)
  const [ticketList, purchaseList, couponRows, mails] = await Promise.all([
    listTickets(deps.db, memberId, ['SUPPORT', 'ADD', 'INTERVIEW', 'TIP'], deps.config.outcomes.graceHours),
    purchasesWithRefunds(deps.db, eq(purchases.memberId, memberId)),
    deps.db
      .select({ mc: memberCoupons, c: coupons })
      .from(memberCoupons)
      .innerJoin(coupons, eq(coupons.couponCode, memberCoupons.couponCode))
      .where(eq(memberCoupons.memberId, memberId))
      .orderBy(desc(memberCoupons.claimedAt)),
    deps.db.select().from(mailOutbox).where(mailsOf(m)).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(50),
  ])
  return {
    member: {
      memberId: m.memberId,
      email: m.email,
      memberLastname: m.memberLastname,
      memberFirstname: m.memberFirstname,
      phoneNumber: m.phoneNumber,
      useFreeInterviewTime: m.useFreeInterviewTime,
      createdAt: unix(m.createdAt),
    },
    tickets: ticketList,
    roomStays: Object.fromEntries(await roomStays(deps.db, ticketList.filter((x) => x.supportType === 'ONLINE').map((x) => x.ticketNumber))),
    purchases: purchaseList,
    coupons: couponRows.map(({ mc, c }) => ({
      couponCode: c.couponCode,
      couponName: c.couponName,
      expire: unix(c.expire),
      claimedAt: unix(mc.claimedAt),
      usedAt: unixOrNull(mc.usedAt),
      usedTicketNumber: mc.usedTicketNumber,
    })),
    mails: mails.map(toDeskMail),
  }
}

export async function listMails(deps: Deps, input: { memberId?: string; status?: DeskMail['status'] } & Page) {
  let who: SQL | undefined
  if (input.memberId) {
    const [m] = await deps.db.select().from(members).where(eq(members.memberId, input.memberId))
    who = m ? mailsOf(m) : eq(mailOutbox.memberId, input.memberId)
  }
  const status = input.status ? inArray(mailOutbox.status, statusesOf[input.status] as MailRow['status'][]) : undefined
  const where = and(who, status)
  const [{ total }] = await deps.db.select({ total: count() }).from(mailOutbox).where(where)
  const rows = await deps.db.select().from(mailOutbox).where(where).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(input.pageSize).offset(offsetOf(input))
  return pageOf(rows.map(toDeskMail), total, input)
}
