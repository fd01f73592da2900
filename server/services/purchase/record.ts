import { randomBytes } from 'node:crypto'
import { chargeMessages } from '../../../contract/messages'
import type { ChargeResponse } from '../../../contract/calls'
import { purchaseAttempts, purchases, savedCards, tickets } from '../../db/schema'
import { DomainError, conflict, statusOfKind } from '../../domain/errors'
import type { Deps } from '../deps'
import { newReceiptNumber } from '../../infra/ids'
import { lockMember } from '../../infra/member-lock'
import { bookSlot, confirmBooking } from '../booking/schedule'
import { whereKey, type Work } from './attempts'
import { fail } from './holds'
import { sendPurchaseMail } from './mail'
import { log } from '../../observability/log'

export const errorOf = (e: unknown) => (e instanceof DomainError ? { status: statusOfKind[e.kind], message: e.message } : { status: 500, message: 'Internal Server Error' })
export const superseded = (e: unknown) => e instanceof DomainError && e.message === chargeMessages.attemptSuperseded

/** Step 3: under the member lock, turn the hold into the member's ticket and purchase. */
async function record(deps: Deps, w: Work, chargeId: string | null): Promise<ChargeResponse> {
  const { db, clock } = deps
  const { attempt: a, plan, input, owner } = w
  const now = clock.now()
  const p = plan.product
  const start = plan.start ? new Date(plan.start) : null
  return db.transaction(async (tx) => {
    await lockMember(tx, a.memberId)
    const [cur] = await tx.select().from(purchaseAttempts).where(whereKey(a.memberId, a.idempotencyKey)).for('update')
    if (cur?.status === 'succeeded') return cur.response as ChargeResponse
    if (!cur || (cur.status !== 'held' && cur.status !== 'charging') || cur.leaseOwner !== owner) {
      // Another request or the sweeper took this attempt over meanwhile: that one records it.
      throw conflict(chargeMessages.attemptSuperseded)
    }
    let staffId = plan.heldStaff
    if (start && (await confirmBooking(tx, a.ticketNumber)) === 0) {
      // The hold was void (past its expiry) and taken away: book again or give up.
      staffId = await bookSlot(tx, { start, minutes: p.minutesToSupport, staffId: plan.staffId, ticketNumber: a.ticketNumber, now })
    }
    const purchaseTime = new Date(Math.floor(now.getTime() / 1000) * 1000)
    const response: ChargeResponse = { ticketNumber: a.ticketNumber, receiptNumber: newReceiptNumber(), productType: p.productType, amount: a.amount, couponCode: a.couponCode }
    await tx.insert(tickets).values({
      ticketNumber: a.ticketNumber,
      memberId: a.memberId,
      productId: p.productId,
      productType: p.productType,
      productName: p.productName,
      price: p.price,
      minutesToSupport: p.minutesToSupport,
      isFreeTicket: a.amount === 0 && p.productType === 'INTERVIEW',
      reservationAt: start,
      staffId,
      // 指名なし: the consultant was assigned (services/booking/assignment.ts); operators list these.
      noPreference: start !== null && !plan.staffId,
      supportType: p.productType === 'SUPPORT' ? (input.supportType ?? 'TEL') : null,
      supportStatus: p.productType === 'TIP' ? 'COMPLETED' : 'UNSUPPORTED',
      interviewTelNumber: plan.interviewTel,
      reservationMenuList: plan.menu,
      parentTicketNumber: plan.parent,
      counsellingComment: input.counsellingComment ?? null,
      contactDevice: input.contactDevice ?? null,
      contactOs: input.contactOs ?? null,
      remoteSupport: input.remoteSupport ?? null,
      purchaseTime,
    })
    await tx.insert(purchases).values({
      receiptNumber: response.receiptNumber,
      memberId: a.memberId,
      ticketNumber: a.ticketNumber,
      productType: p.productType,
      productName: p.productName,
      amount: a.amount,
      amountBeforeCoupon: p.price,
      couponCode: a.couponCode,
      purchaseTime,
      chargeId,
    })
    if (input.saveCard && plan.source?.kind === 'token') {
      const s = plan.source
      await tx.insert(savedCards).values({ cardId: `card_${randomBytes(10).toString('hex')}`, memberId: a.memberId, cardBrand: s.brand, cardLast4: s.last4, providerRef: s.token, createdAt: now })
    }
    await tx.update(purchaseAttempts).set({ status: 'succeeded', response, chargeId, updatedAt: now }).where(whereKey(a.memberId, a.idempotencyKey))
    // The purchase's mails, in the outbox with the purchase itself (docs/server.md "Outbox").
    await sendPurchaseMail(deps, a.memberId, a.idempotencyKey, tx)
    return response
  })
}

/**
 * Step 3 and what follows it, for a request and for the sweeper alike: record, or give the money
 * back and release (the purchase mail is written by the record itself).
 */
export async function finish(deps: Deps, w: Work, chargeId: string | null): Promise<ChargeResponse> {
  const { attempt: a } = w
  let response: ChargeResponse
  try {
    response = await record(deps, w, chargeId)
  } catch (e) {
    if (superseded(e)) {
      // Taken over while we charged. Whoever has it charges with the same key and records; but if
      // it concluded "no charge" before ours landed (the sweeper asked the provider too early),
      // the money we hold would belong to no purchase: give it back.
      const [cur] = await deps.db.select().from(purchaseAttempts).where(whereKey(a.memberId, a.idempotencyKey))
      if (cur?.status === 'succeeded') return cur.response as ChargeResponse
      if (cur?.status === 'failed' && chargeId) await deps.payment.refund(chargeId).catch((r: Error) => log().error({ err: r, chargeId }, 'checkout: refund failed'))
      throw e
    }
    // Nothing was recorded: give the money back, then release what the attempt held.
    if (chargeId) await deps.payment.refund(chargeId)
    await fail(deps, a, w.owner, errorOf(e))
    throw e
  }
  return response
}
