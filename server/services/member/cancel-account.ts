import { and, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm'
import { apiErrors } from '../../../contract/messages'
import type { Tx } from '../../db/client'
import { bookings, emailChanges, mailOutbox, memberCoupons, members, passwordResets, pendingSignups, purchaseAttempts, receiptIssues, savedCards, tickets } from '../../db/schema'
import { invalid, conflict } from '../../domain/errors'
import type { Deps, MemberRow } from '../deps'
import { lockMember } from '../../infra/member-lock'
import { hasLivePurchase } from '../purchase/attempts'
import { notifyConsultant } from '../booking/consultant-notices'
import { raiseInviteSequence } from '../booking/ticket-invite'

/** How long cancel-account waits for a purchase of the member that is being charged right now. */
const WAIT_MS = 30_000
const POLL_MS = 40
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * `cancel-account` (product.md §8), serialised with the member's purchases by the member row lock
 *: a purchase between its hold and its record is waited for, so either the
 * account goes first (the charge then answers 401, no money moved) or the purchase is recorded
 * first and counts below (UNUSED_SUPPORT_TICKETS_ARE_AVAILABLE for a new unused SUPPORT ticket).
 * Refused while an unused support ticket exists: SUPPORT, UNSUPPORTED, not refunded, and its
 * reservation not yet past (a missed reservation is void, product.md §9 terms).
 */
export async function closeAccount(deps: Deps, member: MemberRow): Promise<void> {
  const deadline = Date.now() + WAIT_MS
  for (;;) {
    const now = deps.clock.now()
    const done = await deps.db.transaction(async (tx) => {
      await lockMember(tx, member.memberId)
      if (await hasLivePurchase(tx, member.memberId)) return false
      const held = await tx
        .select()
        .from(tickets)
        .where(and(eq(tickets.memberId, member.memberId), eq(tickets.productType, 'SUPPORT'), eq(tickets.supportStatus, 'UNSUPPORTED'), eq(tickets.amountRefunded, 0)))
      if (held.some((t) => !t.reservationAt || t.reservationAt.getTime() > now.getTime())) throw invalid(apiErrors.unusedTickets)
      // The cells of bookings still ahead go back to the grid (their consultations read 取消 on every
      // staff view, docs/server.md "Consultation state"); a consultation under way or past keeps its
      // cells as the record, as a refund keeps past cells. Today the refusal above leaves only
      // refunded bookings ahead, whose cells are free already; the rule holds whatever the refusal.
      const ahead = (await tx.select({ n: tickets.ticketNumber }).from(tickets).where(and(eq(tickets.memberId, member.memberId), gte(tickets.reservationAt, now)))).map((r) => r.n)
      // Cells still held by an abandoned attempt go too (they are void already, see services/purchase/).
      const attempted = (await tx.select({ n: purchaseAttempts.ticketNumber }).from(purchaseAttempts).where(eq(purchaseAttempts.memberId, member.memberId))).map((r) => r.n)
      const recorded = new Set((await tx.select({ n: tickets.ticketNumber }).from(tickets).where(eq(tickets.memberId, member.memberId))).map((r) => r.n))
      const all = [...new Set([...ahead, ...attempted.filter((n) => !recorded.has(n))])]
      // Consultations not over yet (one under way keeps its cells as the record): their consultants
      // are told that the member left.
      const ending = recorded.size === 0 ? [] : await consultationsEnding(tx, [...recorded], now)
      if (all.length > 0) await tx.delete(bookings).where(inArray(bookings.ticketNumber, all))
      // The bookings this ends are over as invites too (docs/server.md "Calendar invites"). No mail
      // carries a CANCEL: the address is erased below, and a booking still ahead cannot be here
      // unless refunded, whose refund mail carried it; one under way is already in the past.
      await raiseInviteSequence(tx, ending.map((t) => t.ticketNumber))
      await anonymiseMember(tx, member, now)
      // Their consultants hear of it, with the cancellation (docs/server.md "Mails to consultants").
      for (const t of ending) {
        await notifyConsultant(deps, tx, t.staffId!, { ticketNumber: t.ticketNumber, productName: t.productName, minutes: t.minutesToSupport, supportType: t.supportType, reservationAt: t.reservationAt!, memberId: t.memberId }, { kind: 'accountCancelled' })
      }
      return true
    })
    if (done) break
    if (Date.now() > deadline) throw conflict('A purchase of this member is in progress; retry later.')
    await sleep(POLL_MS)
  }
  // From here on no call of this process may be served as this member (their token may still
  // verify until it expires): the commit that marked the row deleted forgot the cached one, so the
  // next lookup reads it and answers 401 (server/infra/cache-writes.ts).
  await deps.identity.deleteUser(member.memberId)
}

/**
 * The booked consultations among `numbers` that are not over yet (one already started counts: its
 * consultant is about to call), which cancelling the account ends (docs/server.md "Mails to
 * consultants").
 */
async function consultationsEnding(tx: Tx, numbers: string[], now: Date) {
  const booked = await tx
    .selectDistinct({ n: bookings.ticketNumber })
    .from(bookings)
    .where(and(inArray(bookings.ticketNumber, numbers), isNull(bookings.heldUntil)))
  if (booked.length === 0) return []
  const rows = await tx.select().from(tickets).where(inArray(tickets.ticketNumber, booked.map((b) => b.n)))
  return rows.filter((t) => t.staffId && t.reservationAt && t.reservationAt.getTime() + t.minutesToSupport * 60_000 > now.getTime() && t.supportStatus === 'UNSUPPORTED' && !t.noContact)
}

/** The address an anonymised member row keeps: unique, and no mailbox (`.invalid`, RFC 2606). */
export const anonymisedEmail = (memberId: string) => `deleted-${memberId.toLowerCase()}@deleted.invalid`

/**
 * Erases a member's personal data but keeps their accounting records (docs/server.md "Records
 * kept"): the member row stays, anonymised and marked deleted, so that tickets, purchases, purchase
 * attempts (charges) and refunds keep naming it; the foreign keys refuse deleting it. Erased: name,
 * phone, e-mail (the address is free for a new signup), survey answers and sources, the saved cards,
 * the provider customer reference, the pending links (signup, e-mail change, password reset), the
 * coupons not used, the concern texts and the stored request bodies of purchases, and the addresses,
 * bodies and attached invites (which name the address) of the mails kept for them.
 */
async function anonymiseMember(tx: Tx, member: MemberRow, now: Date) {
  const id = member.memberId
  await tx
    .update(members)
    .set({
      email: anonymisedEmail(id),
      memberLastname: '',
      memberFirstname: '',
      phoneNumber: '',
      registrationAnswers: [],
      source: null,
      lpSource: null,
      stripeCustomerId: null,
      deletedAt: now,
    })
    .where(eq(members.memberId, id))
  await tx.delete(savedCards).where(eq(savedCards.memberId, id))
  await tx.delete(passwordResets).where(eq(passwordResets.memberId, id))
  await tx.delete(emailChanges).where(eq(emailChanges.memberId, id))
  await tx.delete(pendingSignups).where(or(eq(pendingSignups.memberId, id), eq(pendingSignups.email, member.email)))
  // A used coupon is part of the price paid (purchases.coupon_code); an unused one is not a record.
  await tx.delete(memberCoupons).where(and(eq(memberCoupons.memberId, id), isNull(memberCoupons.usedAt)))
  await tx.update(tickets).set({ counsellingComment: null }).where(eq(tickets.memberId, id))
  await tx.update(purchaseAttempts).set({ request: null }).where(eq(purchaseAttempts.memberId, id))
  // A receipt's addressee may be the member's own name; the issue counts stay with the records.
  await tx.update(receiptIssues).set({ addressee: null }).where(eq(receiptIssues.memberId, id))
  await tx
    .update(mailOutbox)
    // A message not delivered yet is not delivered any more (docs/server.md "Outbox"): the address is gone.
    .set({
      toAddress: anonymisedEmail(id),
      body: '',
      pendingBody: null,
      attachments: null,
      resendable: false,
      status: sql<'dead'>`case when ${mailOutbox.status} in ('pending', 'sending') then 'dead' else ${mailOutbox.status} end`,
      nextAttemptAt: null,
      updatedAt: now,
    })
    .where(or(eq(mailOutbox.memberId, id), eq(mailOutbox.toAddress, member.email)))
}
