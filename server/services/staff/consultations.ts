import { and, asc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm'
import type { Consultation, ConsultantDayResponse, ConsultationOutcomeRequest, ConsultationState } from '../../../contract/staff-calls'
import type { ProductId } from '../../../contract/ids'
import { staffMessages as sm } from '../../../contract/staff-messages'
import type { Tx } from '../../db/client'
import { members, products, staff, tickets } from '../../db/schema'
import { addMinutes, formatReservationTime, unixSeconds } from '../../domain/time'
import { HttpError, badRequest, conflict, forbidden } from '../../http/errors'
import type { Deps } from '../../http/handler'
import { writeAudit, type AuditActor } from '../audit'
import { dayRange } from './days'
import { staffMails } from './mails'

// A consultant's consultations: the SUPPORT tickets booked on them, with what the consultant needs
// to call (docs/api.md "Staff calls"), and the outcome they record.

export type TicketRow = typeof tickets.$inferSelect
type Row = { t: TicketRow; staffNickname: string; m: { lastname: string; firstname: string; phone: string; email: string; deletedAt: Date | null } }

const CANCELLED_NAME = '（退会済み）'

/** The consultations matching `where` (SUPPORT tickets with a date and a consultant), by start. */
async function loadConsultations(db: Tx, where: SQL | undefined): Promise<Consultation[]> {
  const rows: Row[] = await db
    .select({
      t: tickets,
      staffNickname: staff.staffNickname,
      m: { lastname: members.memberLastname, firstname: members.memberFirstname, phone: members.phoneNumber, email: members.email, deletedAt: members.deletedAt },
    })
    .from(tickets)
    .innerJoin(staff, eq(staff.staffId, tickets.staffId))
    .innerJoin(members, eq(members.memberId, tickets.memberId))
    .where(and(eq(tickets.productType, 'SUPPORT'), isNotNull(tickets.reservationAt), where))
    .orderBy(asc(tickets.reservationAt), asc(tickets.ticketNumber))
  if (rows.length === 0) return []
  const adds = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.productType, 'ADD'), inArray(tickets.parentTicketNumber, rows.map((r) => r.t.ticketNumber))))
    .orderBy(asc(tickets.purchaseTime))
  return rows.map((r) => toConsultation(r, adds.filter((a) => a.parentTicketNumber === r.t.ticketNumber)))
}

/**
 * The consultation's one state (docs/server.md "Consultation state"): any refund ends the
 * reservation (docs/product.md §4 "Refunds end the reservation"); a member who cancelled their
 * account before the start leaves a cancelled one (its cells were freed then, services/
 * cancel-account.ts); every other booking is live, whatever its outcome.
 */
export function stateOf(t: TicketRow, deletedAt: Date | null): ConsultationState {
  if (t.amountRefunded > 0) return 'refunded'
  if (deletedAt && deletedAt.getTime() <= t.reservationAt!.getTime() && t.supportStatus === 'UNSUPPORTED' && !t.noContact) return 'cancelled'
  return 'live'
}

function toConsultation({ t, staffNickname, m }: Row, adds: TicketRow[]): Consultation {
  const start = t.reservationAt!
  const gone = m.deletedAt !== null
  // A refunded extension adds no time (docs/server.md "Consultation state").
  const addedMinutes = adds.filter((a) => a.amountRefunded === 0).reduce((sum, a) => sum + a.minutesToSupport, 0)
  return {
    ticketNumber: t.ticketNumber,
    productName: t.productName,
    staffId: t.staffId!,
    staffNickname,
    reservationTime: formatReservationTime(start),
    startUnixTime: unixSeconds(start),
    endUnixTime: unixSeconds(addMinutes(start, t.minutesToSupport + addedMinutes)),
    bookedEndUnixTime: unixSeconds(addMinutes(start, t.minutesToSupport)),
    minutes: t.minutesToSupport,
    addedMinutes,
    supportType: t.supportType,
    telNumber: t.supportType === 'TEL' && !gone ? m.phone : null,
    onlineEmail: t.supportType === 'ONLINE' && !gone ? m.email : null,
    memberName: gone ? CANCELLED_NAME : `${m.lastname} ${m.firstname}`,
    concernText: t.counsellingComment,
    device: t.contactDevice as Consultation['device'],
    os: t.contactOs as Consultation['os'],
    remoteSupport: t.remoteSupport as Consultation['remoteSupport'],
    menuTitles: t.reservationMenuList.map((x) => x.menuTitle),
    addTickets: adds.map((a) => ({ ticketNumber: a.ticketNumber, productName: a.productName, minutes: a.minutesToSupport, purchaseUnixTime: unixSeconds(a.purchaseTime) })),
    supportStatus: t.supportStatus,
    noContact: t.noContact,
    minutesUsed: t.minutesUsed,
    unsolvedAfterFollowContent: t.unsolvedAfterFollowContent,
    outcomeUnixTime: t.outcomeAt ? unixSeconds(t.outcomeAt) : null,
    refunded: t.amountRefunded > 0,
    noPreference: t.noPreference,
    state: stateOf(t, m.deletedAt),
  }
}

/**
 * A consultant's days (consultant-day): their staff row's nickname (404 without the row) and the
 * consultations starting in the days asked for (from today, one day, by default).
 */
export async function consultantDay(db: Tx, staffId: string, input: { from?: string; days?: number }, now: Date): Promise<ConsultantDayResponse> {
  const [s] = await db.select({ n: staff.staffNickname }).from(staff).where(eq(staff.staffId, staffId))
  if (!s) throw new HttpError(404, sm.staffNotFound)
  const range = dayRange(input, now)
  const consultations = await loadConsultations(db, and(eq(tickets.staffId, staffId), gte(tickets.reservationAt, range.from), lt(tickets.reservationAt, range.to)))
  return { staffId, staffNickname: s.n, from: range.ymd, days: range.days, consultations }
}

/** A consultant's consultations starting in [from, to), every state (the calendar feed). */
export const consultationsBetween = (db: Tx, staffId: string, from: Date, to: Date): Promise<Consultation[]> =>
  loadConsultations(db, and(eq(tickets.staffId, staffId), gte(tickets.reservationAt, from), lt(tickets.reservationAt, to)))

/**
 * The operator's assignments: every consultation starting in the days asked for (from today, 14
 * days, by default), only those booked 指名なし or only one consultant's when asked.
 */
export async function listAssignments(
  db: Tx,
  input: { from?: string; days?: number; noPreferenceOnly?: boolean; staffId?: string },
  now: Date,
): Promise<{ assignments: Consultation[] }> {
  const range = dayRange(input, now, 14)
  const where = and(
    gte(tickets.reservationAt, range.from),
    lt(tickets.reservationAt, range.to),
    input.noPreferenceOnly ? eq(tickets.noPreference, true) : undefined,
    input.staffId ? eq(tickets.staffId, input.staffId) : undefined,
  )
  return { assignments: await loadConsultations(db, where) }
}

export async function consultationByNumber(db: Tx, ticketNumber: string): Promise<Consultation> {
  const [c] = await loadConsultations(db, eq(tickets.ticketNumber, ticketNumber))
  if (!c) throw new HttpError(404, sm.ticketNotFound)
  return c
}

/**
 * The ticket a staff write works on, locked for the transaction: a SUPPORT ticket with a date and a
 * consultant (404 otherwise), the caller's own unless they are an operator (403).
 */
export async function lockConsultationTicket(tx: Tx, ticketNumber: string, scope: { operator: boolean; staffId: string | null }): Promise<TicketRow> {
  const [t] = await tx.select().from(tickets).where(eq(tickets.ticketNumber, ticketNumber)).for('update')
  if (!t || t.productType !== 'SUPPORT' || !t.reservationAt || !t.staffId) throw new HttpError(404, sm.ticketNotFound)
  if (!scope.operator && t.staffId !== scope.staffId) throw forbidden(sm.notOwnBooking)
  return t
}

type OutcomeResult = { consultation: Consultation; ratingMailSent: boolean }

/**
 * Records a consultation's outcome with the product's own statuses (docs/product.md §3, §4):
 *  - COMPLETED (minutes used) or UNSOLVED (a follow-up is owed), once the consultation has started,
 *    from UNSUPPORTED (also after ご連絡なし: the member called back);
 *  - UNSOLVED_COMPLETED with the follow-up text, from UNSOLVED;
 *  - NO_CONTACT: the status stays UNSUPPORTED, so the member's card reads "no contact was received"
 *    (the card's rule for a past UNSUPPORTED ticket); recorded for the consultant's list.
 * The consultant's counts follow (COMPLETED +1 complete, UNSOLVED +1 unsolved), in the same
 * transaction as the ticket and its audit row. A COMPLETED ticket mails the member the rating link.
 */
export async function recordOutcome(
  deps: Deps,
  actor: AuditActor,
  scope: { operator: boolean; staffId: string | null },
  input: ConsultationOutcomeRequest,
): Promise<OutcomeResult> {
  const now = deps.clock.now()
  const result = await deps.db.transaction(async (tx) => {
    const t = await lockConsultationTicket(tx, input.ticketNumber, scope)
    if (t.amountRefunded > 0) throw conflict(sm.refunded)
    if (t.reservationAt!.getTime() > now.getTime()) throw conflict(sm.notStarted)
    const fresh = t.supportStatus === 'UNSUPPORTED'
    const allowed =
      (input.outcome === 'COMPLETED' && fresh) ||
      (input.outcome === 'UNSOLVED' && fresh) ||
      (input.outcome === 'NO_CONTACT' && fresh && !t.noContact) ||
      (input.outcome === 'UNSOLVED_COMPLETED' && t.supportStatus === 'UNSOLVED')
    if (!allowed) throw conflict(sm.outcomeNotAllowed)
    const patch: Partial<TicketRow> =
      input.outcome === 'COMPLETED'
        ? { supportStatus: 'COMPLETED', minutesUsed: input.minutesUsed, noContact: false, outcomeAt: now }
        : input.outcome === 'UNSOLVED'
          ? { supportStatus: 'UNSOLVED', noContact: false, outcomeAt: now }
          : input.outcome === 'UNSOLVED_COMPLETED'
            ? { supportStatus: 'UNSOLVED_COMPLETED', unsolvedAfterFollowContent: input.unsolvedAfterFollowContent, outcomeAt: now }
            : { noContact: true, outcomeAt: now }
    const [after] = await tx.update(tickets).set(patch).where(eq(tickets.ticketNumber, t.ticketNumber)).returning()
    if (input.outcome === 'COMPLETED') {
      await tx.update(staff).set({ supportCompleteCount: sql`${staff.supportCompleteCount} + 1` }).where(eq(staff.staffId, t.staffId!))
    } else if (input.outcome === 'UNSOLVED') {
      await tx.update(staff).set({ supportUnSolvedCount: sql`${staff.supportUnSolvedCount} + 1` }).where(eq(staff.staffId, t.staffId!))
    }
    await writeAudit(tx, actor, { action: 'consultation-outcome', targetType: 'ticket', targetId: t.ticketNumber, before: outcomeFields(t), after: { ...outcomeFields(after), outcome: input.outcome } }, now)
    const [member] = await tx.select({ email: members.email, deletedAt: members.deletedAt }).from(members).where(eq(members.memberId, t.memberId))
    return { ticket: after, mailTo: input.outcome === 'COMPLETED' && member && !member.deletedAt ? member.email : null }
  })
  // The counts are part of every schedule answer (the staff grid).
  deps.caches.scheduleChanged()
  if (result.mailTo) {
    const link = `${deps.config.appOrigin}/rating?ticketNumber=${encodeURIComponent(result.ticket.ticketNumber)}`
    await staffMails.ratingRequest(deps.mailer, result.mailTo, { ticketNumber: result.ticket.ticketNumber, productName: result.ticket.productName, link })
  }
  return { consultation: await consultationByNumber(deps.db, result.ticket.ticketNumber), ratingMailSent: result.mailTo !== null }
}

const outcomeFields = (t: TicketRow) => ({
  supportStatus: t.supportStatus,
  noContact: t.noContact,
  minutesUsed: t.minutesUsed,
  unsolvedAfterFollowContent: t.unsolvedAfterFollowContent,
  staffId: t.staffId,
})

/**
 * Mails the member a link to buy an extension (ADD) of this consultation on the spot
 * (docs/product.md §9 terms): /buy with the ADD product and the consultation as its parent ticket;
 * the purchase then shows on the consultation (`addTickets`). Only while the consultation is still
 * open (UNSUPPORTED, not refunded): an extension of a finished one could not be used.
 */
export async function sendExtensionLink(
  deps: Deps,
  actor: AuditActor,
  scope: { operator: boolean; staffId: string | null },
  input: { ticketNumber: string; productId?: ProductId },
): Promise<{ url: string; productId: string }> {
  const now = deps.clock.now()
  const out = await deps.db.transaction(async (tx) => {
    const t = await lockConsultationTicket(tx, input.ticketNumber, scope)
    if (t.supportStatus !== 'UNSUPPORTED' || t.amountRefunded > 0) throw conflict(sm.extensionNotAllowed)
    const [add] = await tx
      .select()
      .from(products)
      .where(and(eq(products.productType, 'ADD'), eq(products.showOnMypage, true), input.productId ? eq(products.productId, input.productId) : undefined))
      .orderBy(asc(products.sortOrder), asc(products.productId))
      .limit(1)
    if (!add) throw badRequest(sm.addProductNotFound)
    const [member] = await tx.select({ email: members.email, deletedAt: members.deletedAt }).from(members).where(eq(members.memberId, t.memberId))
    if (!member || member.deletedAt) throw new HttpError(404, sm.ticketNotFound)
    const url = `${deps.config.appOrigin}/buy?${new URLSearchParams({ productId: add.productId, parentTicketNumber: t.ticketNumber })}`
    await writeAudit(tx, actor, { action: 'extension-link', targetType: 'ticket', targetId: t.ticketNumber, after: { productId: add.productId } }, now)
    return { url, productId: add.productId, productName: add.productName, price: add.price, email: member.email }
  })
  await staffMails.extensionLink(deps.mailer, out.email, { ticketNumber: input.ticketNumber, productName: out.productName, price: out.price, link: out.url })
  return { url: out.url, productId: out.productId }
}
