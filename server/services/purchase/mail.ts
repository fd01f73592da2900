import { and, eq, isNull } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { coupons, members, purchaseAttempts, staff, tickets } from '../../db/schema'
import { notify } from '../../infra/outbox'
import type { Deps } from '../deps'
import { mails } from '../../mail/member-mails'
import { notifyConsultant } from '../booking/consultant-notices'
import { whereKey } from './attempts'
import { inviteFor } from '../booking/ticket-invite'
import { onlineRoomLines } from '../../mail/format'

/**
 * The purchase mail of a succeeded attempt, written to the outbox once: in the transaction that
 * records the purchase (`tx`, services/purchase/record.ts), so a recorded purchase always has its
 * mail; `mail_sent_at` marks it written (a purchase recorded before the outbox wrote its mail in
 * the same transaction is found by the sweeper, which calls this with no `tx`). Built from the
 * recorded ticket and purchase. The consultant of a booking is mailed with it.
 */
export async function sendPurchaseMail(deps: Deps, memberId: string, key: string, tx?: Tx): Promise<boolean> {
  if (!tx) return deps.db.transaction((own) => sendPurchaseMail(deps, memberId, key, own))
  const db = tx
  const [a] = await db
    .update(purchaseAttempts)
    .set({ mailSentAt: deps.clock.now() })
    .where(and(whereKey(memberId, key), eq(purchaseAttempts.status, 'succeeded'), isNull(purchaseAttempts.mailSentAt)))
    .returning()
  if (!a) return false
  const [row] = await db
    .select({ t: tickets, email: members.email, staffNickname: staff.staffNickname })
    .from(tickets)
    .innerJoin(members, eq(members.memberId, tickets.memberId))
    .leftJoin(staff, eq(staff.staffId, tickets.staffId))
    .where(eq(tickets.ticketNumber, a.ticketNumber))
  if (!row) return false
  const [coupon] = a.couponCode ? await db.select().from(coupons).where(eq(coupons.couponCode, a.couponCode)) : []
  const t = row.t
  // A booked consultation's calendar invite (SEQUENCE 0 unless it already changed; docs/server.md
  // "Calendar invites").
  const invite = t.productType === 'SUPPORT' && t.reservationAt ? await inviteFor({ ...deps, db }, t.ticketNumber, 'REQUEST') : []
  const mail = mails.purchase(row.email, {
    productName: t.productName,
    amount: a.amount,
    ticketNumber: t.ticketNumber,
    reservationAt: t.reservationAt,
    staffNickname: t.reservationAt ? (row.staffNickname ?? null) : null,
    supportType: t.supportType,
    coupon: coupon ?? null,
    interviewTel: t.interviewTelNumber,
    roomLines: t.supportType === 'ONLINE' && t.reservationAt ? onlineRoomLines(deps.config.appOrigin, t.ticketNumber, deps.config.room.opensMinutesBefore) : undefined,
  }, invite)
  await notify(db, deps, { kind: 'purchase', key: `purchase:${t.ticketNumber}`, mail })
  // The consultant of a booked consultation hears of it too, once with the member's mail
  // (docs/server.md "Mails to consultants").
  if (t.productType === 'SUPPORT' && t.reservationAt && t.staffId) {
    await notifyConsultant(deps, db, t.staffId, { ticketNumber: t.ticketNumber, productName: t.productName, minutes: t.minutesToSupport, supportType: t.supportType, reservationAt: t.reservationAt, memberId: t.memberId }, { kind: 'booked' })
  }
  return true
}
