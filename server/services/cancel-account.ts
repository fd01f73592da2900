import { and, eq, inArray } from 'drizzle-orm'
import { apiErrors } from '../../contract/messages'
import { bookings, members, purchaseAttempts, tickets } from '../db/schema'
import { HttpError, badRequest } from '../http/errors'
import type { Deps, MemberRow } from '../http/handler'
import { lockMember } from './member-lock'
import { hasLivePurchase } from './purchase/attempts'

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
      if (held.some((t) => !t.reservationAt || t.reservationAt.getTime() > now.getTime())) throw badRequest(apiErrors.unusedTickets)
      const numbers = (await tx.select({ n: tickets.ticketNumber }).from(tickets).where(eq(tickets.memberId, member.memberId))).map((r) => r.n)
      // Cells still held by an abandoned attempt go too (they are void already, see services/purchase/).
      const attempted = (await tx.select({ n: purchaseAttempts.ticketNumber }).from(purchaseAttempts).where(eq(purchaseAttempts.memberId, member.memberId))).map((r) => r.n)
      const all = [...new Set([...numbers, ...attempted])]
      if (all.length > 0) await tx.delete(bookings).where(inArray(bookings.ticketNumber, all))
      await tx.delete(members).where(eq(members.memberId, member.memberId))
      return true
    })
    if (done) break
    if (Date.now() > deadline) throw new HttpError(409, 'A purchase of this member is in progress; retry later.')
    await sleep(POLL_MS)
  }
  // From here on no call of this process may be served as this member (their token may still
  // verify until it expires): the next lookup reads the row, which is gone, and answers 401.
  deps.caches.memberChanged(member.memberId)
  deps.caches.scheduleChanged()
  await deps.identity.deleteUser(member.memberId)
}
