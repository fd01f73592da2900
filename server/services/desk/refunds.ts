import { createHash } from 'node:crypto'
import { and, eq, gte, inArray, sql } from 'drizzle-orm'
import type { DeskCallInput } from '../../../contract/desk-calls'
import { deskMessages as dm } from '../../../contract/desk-messages'
import type { Tx } from '../../db/client'
import { bookings, members, purchases, refunds, tickets } from '../../db/schema'
import { invalid, conflict, declined, notFound, throttled } from '../../domain/errors'
import type { Deps } from '../deps'
import { log } from '../../observability/log'
import { writeAudit, type AuditActor } from '../../infra/audit'
import { mails } from '../../mail/member-mails'
import { notifyConsultant } from '../booking/consultant-notices'
import { notify } from '../../infra/outbox'
import { toDeskPurchase, toDeskRefund } from './members'
import { inviteFor, nextInviteSequence } from '../booking/ticket-invite'

type RefundRow = typeof refunds.$inferSelect

/**
 * Refunds (docs/server.md "Refunds"): an operator refunds the purchase of a ticket in full or in
 * part, through the payment port, with a reason.
 *
 *  1. claim — under the purchase row's lock: the idempotency key is looked up (same key and same
 *     request: the refund it stands for; another request: 409), then the amount is checked against
 *     what was paid minus every refund succeeded or in progress, and a `pending` refund row takes
 *     its share. Two refunds sent at once queue on the lock; the second sees the first's share.
 *  2. the provider refunds, keyed by the same key (a retry gets the same refund back, never a
 *     second one);
 *  3. record — the refund row becomes `succeeded` (conditionally: of a double click that reached
 *     here twice, one records), the ticket's `amountRefunded` and `refundReason` change (the
 *     member's purchase history and card label: 返金, docs/product.md §4), its cells from now on
 *     are released, and the audit row is written — one transaction. The member is mailed after it.
 *     A refused refund becomes `failed` (its share is free again) with its own audit row.
 *
 * A process that dies between 1 and 3 leaves the row `pending`: its share stays taken (never
 * more than paid), and the operator's retry with the same key resumes it (the provider answers the
 * refund it made or makes it now).
 */

const fingerprintOf = (ticketNumber: string, amount: number, reason: string) => createHash('sha256').update(JSON.stringify([ticketNumber, amount, reason])).digest('hex')

/** The provider's idempotency key: ours, scoped so it never meets a purchase's charge key. */
const providerKey = (key: string) => `desk-refund:${key}`

type Claimed = { kind: 'done'; refund: RefundRow } | { kind: 'go'; refund: RefundRow; chargeId: string }

async function claim(deps: Deps, actor: AuditActor, input: DeskCallInput<'desk-refund'>): Promise<Claimed> {
  const now = deps.clock.now()
  const fingerprint = fingerprintOf(input.ticketNumber, input.amount, input.reason)
  return deps.db.transaction(async (tx) => {
    const [p] = await tx.select().from(purchases).where(eq(purchases.ticketNumber, input.ticketNumber)).for('update')
    if (!p) throw notFound(dm.purchaseNotFound)
    const [earlier] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, input.idempotencyKey))
    if (earlier && (earlier.fingerprint !== fingerprint || earlier.receiptNumber !== p.receiptNumber)) throw conflict(dm.refundKeyReused)
    if (earlier?.status === 'succeeded') return { kind: 'done', refund: earlier }
    if (earlier?.status === 'pending') return { kind: 'go', refund: earlier, chargeId: p.chargeId ?? '' }
    if (p.amount <= 0) throw invalid(dm.refundNothingPaid)
    if (!p.chargeId) throw invalid(dm.refundNoCharge)
    const [{ taken }] = await tx
      .select({ taken: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
      .from(refunds)
      .where(and(eq(refunds.receiptNumber, p.receiptNumber), inArray(refunds.status, ['pending', 'succeeded'])))
    const left = p.amount - Number(taken)
    if (input.amount > left) throw invalid(`${dm.refundExceeds}${Math.max(0, left).toLocaleString('ja-JP')}円`)
    if (earlier) {
      // A failed refund retried with its key: the same request, tried again.
      const [again] = await tx.update(refunds).set({ status: 'pending', error: null, updatedAt: now }).where(and(eq(refunds.id, earlier.id), eq(refunds.status, 'failed'))).returning()
      if (!again) throw conflict(dm.refundInProgress)
      return { kind: 'go', refund: again, chargeId: p.chargeId }
    }
    const [row] = await tx
      .insert(refunds)
      .values({
        receiptNumber: p.receiptNumber,
        ticketNumber: p.ticketNumber,
        memberId: p.memberId,
        amount: input.amount,
        reason: input.reason,
        idempotencyKey: input.idempotencyKey,
        fingerprint,
        status: 'pending',
        actorUid: actor.uid,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: refunds.idempotencyKey })
      .returning()
    // The same key inserted by a request on another purchase row's lock (another ticket): refused above
    // by the fingerprint next time; here the key is simply taken.
    if (!row) throw conflict(dm.refundInProgress)
    return { kind: 'go', refund: row, chargeId: p.chargeId }
  })
}

type Recorded = { refund: RefundRow; fresh: boolean; released: number }

/**
 * `note`: the operator's internal note of the request that records the refund (docs/product.md
 * "Refunds"): kept in the audit row only; the member is mailed the reason, never the note.
 */
async function record(deps: Deps, actor: AuditActor, refund: RefundRow, providerRefundId: string, note: string): Promise<Recorded> {
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(refunds)
      .set({ status: 'succeeded', providerRefundId, updatedAt: now })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
      .returning()
    if (!done) {
      // The other of a double click recorded it first.
      const [row] = await tx.select().from(refunds).where(eq(refunds.id, refund.id))
      return { refund: row, fresh: false, released: 0 }
    }
    const [before] = await tx.select().from(tickets).where(eq(tickets.ticketNumber, refund.ticketNumber)).for('update')
    let released = 0
    let after = before
    if (before) {
      // A refunded ticket is no reservation any more (docs/product.md §4 held tickets: not counted
      // as reserved): its cells from now on go back to the grid. Past cells stay as the record.
      const freed = await tx.delete(bookings).where(and(eq(bookings.ticketNumber, refund.ticketNumber), gte(bookings.cellStart, now))).returning({ id: bookings.id })
      released = freed.length
      ;[after] = await tx
        .update(tickets)
        .set({
          amountRefunded: sql`${tickets.amountRefunded} + ${refund.amount}`,
          refundReason: refund.reason,
          // The booking ended: the member's calendar drops it (a CANCEL with a higher SEQUENCE,
          // mailed with the refund), raised in this one write of the row.
          ...(released > 0 ? { calendarSequence: nextInviteSequence } : {}),
        })
        .where(eq(tickets.ticketNumber, refund.ticketNumber))
        .returning()
    }
    await writeAudit(
      tx,
      actor,
      {
        action: 'refund',
        targetType: 'purchase',
        targetId: refund.receiptNumber,
        before: { ticketNumber: refund.ticketNumber, amountRefunded: before?.amountRefunded ?? null, refundReason: before?.refundReason ?? null },
        after: { ticketNumber: refund.ticketNumber, amountRefunded: after?.amountRefunded ?? null, refundReason: after?.refundReason ?? null, refundId: done.id, amount: done.amount, providerRefundId, releasedCells: released, ...(note ? { note } : {}) },
      },
      now,
    )
    // The member's mail, and the consultant's where the booking ended, with the refund itself.
    await mailMember(deps, tx, done, released > 0)
    if (released > 0 && after?.staffId && after.reservationAt) {
      await notifyConsultant(deps, tx, after.staffId, { ticketNumber: after.ticketNumber, productName: after.productName, minutes: after.minutesToSupport, supportType: after.supportType, reservationAt: after.reservationAt, memberId: after.memberId }, { kind: 'refunded' })
    }
    return { refund: done, fresh: true, released }
  })
}

async function fail(deps: Deps, actor: AuditActor, refund: RefundRow, message: string, note: string): Promise<void> {
  const now = deps.clock.now()
  await deps.db.transaction(async (tx) => {
    const [failed] = await tx.update(refunds).set({ status: 'failed', error: message, updatedAt: now }).where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending'))).returning()
    if (failed) {
      await writeAudit(tx, actor, { action: 'refund-failed', targetType: 'purchase', targetId: refund.receiptNumber, after: { ticketNumber: refund.ticketNumber, refundId: refund.id, amount: refund.amount, error: message, ...(note ? { note } : {}) } }, now)
    }
  })
}

async function purchaseAfter(db: Tx, receiptNumber: string) {
  const [p] = await db.select().from(purchases).where(eq(purchases.receiptNumber, receiptNumber))
  const rs = await db.select().from(refunds).where(eq(refunds.receiptNumber, receiptNumber)).orderBy(refunds.id)
  return toDeskPurchase(p, rs)
}

export async function refundPurchase(deps: Deps, actor: AuditActor, input: DeskCallInput<'desk-refund'>) {
  const claimed = await claim(deps, actor, input)
  if (claimed.kind === 'done') {
    return { refund: toDeskRefund(claimed.refund), purchase: await purchaseAfter(deps.db, claimed.refund.receiptNumber), replayed: true }
  }
  const refundCharge = deps.payment.refundCharge
  if (!refundCharge) {
    await fail(deps, actor, claimed.refund, 'REFUND_NOT_SUPPORTED', input.note)
    throw invalid(dm.refundNoCharge)
  }
  let result: Awaited<ReturnType<typeof refundCharge>>
  try {
    result = await refundCharge({ chargeId: claimed.chargeId, amount: claimed.refund.amount, idempotencyKey: providerKey(claimed.refund.idempotencyKey) })
  } catch (e) {
    // No answer from the provider: the refund may or may not have been made. The row stays pending
    // (its share taken); a retry with the same key asks the provider again and gets its answer.
    log().error(`[desk] refund ${claimed.refund.id} got no answer from the provider: ${(e as Error).message}`)
    throw conflict(dm.refundInProgress)
  }
  if (!result.ok) {
    await fail(deps, actor, claimed.refund, result.message, input.note)
    if (result.message === 'AMOUNT_EXCEEDS_CHARGE') throw invalid(`${dm.refundExceeds}0円`)
    throw result.status === 429 ? throttled(dm.refundFailed) : declined(dm.refundFailed)
  }
  const recorded = await record(deps, actor, claimed.refund, result.refundId, input.note)
  return { refund: toDeskRefund(recorded.refund), purchase: await purchaseAfter(deps.db, recorded.refund.receiptNumber), replayed: !recorded.fresh }
}

async function mailMember(deps: Deps, tx: Tx, refund: RefundRow, bookingReleased: boolean) {
  const [row] = await tx
    .select({ email: members.email, deletedAt: members.deletedAt, p: purchases, total: tickets.amountRefunded })
    .from(purchases)
    .innerJoin(members, eq(members.memberId, purchases.memberId))
    .leftJoin(tickets, eq(tickets.ticketNumber, purchases.ticketNumber))
    .where(eq(purchases.receiptNumber, refund.receiptNumber))
  // A cancelled member has no address any more (docs/server.md "Records kept"): nobody to mail.
  if (!row || row.deletedAt) return
  const mail = mails.refund(row.email, {
    productName: row.p.productName,
    ticketNumber: refund.ticketNumber,
    amount: refund.amount,
    totalRefunded: row.total ?? refund.amount,
    paid: row.p.amount,
    reason: refund.reason,
    bookingReleased,
  }, bookingReleased ? await inviteFor({ ...deps, db: tx }, refund.ticketNumber, 'CANCEL') : undefined)
  await notify(tx, deps, { kind: 'refund', key: `refund:${refund.id}`, mail })
}
