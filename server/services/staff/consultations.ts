import { randomUUID } from 'node:crypto'
import type { StaffId } from '../../../contract/staff-calls'
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm'
import type { Consultation, ConsultantDayResponse, ConsultationOutcomeRequest, ConsultationState } from '../../../contract/staff-calls'
import {
  MEMBER_HISTORY_MAX,
  type ConsultationRecord,
  type MemberConsultationsResponse,
  type PastConsultationsRequest,
  type PastConsultationsResponse,
} from '../../../contract/staff-calls'
import { hasStarted, maxMinutesUsed, NO_CONTACT_WAIT_MINUTES, noContactOpen } from '../../../contract/outcome-rules'
import type { ProductId } from '../../../contract/ids'
import { staffMessages as sm } from '../../../contract/staff-messages'
import type { Tx } from '../../db/client'
import { members, products, staff, tickets } from '../../db/schema'
import { addMinutes, atJst, formatReservationTime, formatYmd, parseYmd, todayJst, unixSeconds } from '../../domain/time'
import { businessDaysAfter, inState, outcomeOverdue, outcomePending } from './deadlines'
import { consultationState } from '../../domain/ticket'
import { invalid, conflict, forbidden, notFound } from '../../domain/errors'
import type { Deps } from '../deps'
import { writeAudit, type AuditActor } from '../../infra/audit'
import { dayRange } from './days'
import { staffMails } from '../../mail/staff-mails'
import { mails } from '../../mail/member-mails'
import { notify } from '../../infra/outbox'
import { supportTelFor } from '../booking/support-tel'
import { roomWindow, type RoomStay } from '../../../contract/room'
import { roomStays } from '../room/presence'

// A consultant's consultations: the SUPPORT tickets booked on them, with what the consultant needs
// to call (docs/api.md "Staff calls"), and the outcome they record.

export type TicketRow = typeof tickets.$inferSelect
type Row = { t: TicketRow; staffNickname: string; m: { lastname: string; firstname: string; phone: string; email: string; deletedAt: Date | null } }

export const CANCELLED_NAME = '（退会済み）'

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
  const stays = await roomStays(db, rows.filter((r) => r.t.supportType === 'ONLINE').map((r) => r.t.ticketNumber))
  return rows.map((r) => toConsultation(r, adds.filter((a) => a.parentTicketNumber === r.t.ticketNumber), stays.get(r.t.ticketNumber) ?? []))
}

/**
 * The consultation's coarse state (docs/server.md "Consultation state"), a projection of the
 * ticket's one state (server/domain/ticket.ts): refunded, cancelled (the member's account went at
 * or before the start, its cells freed then, services/member/cancel-account.ts) or live.
 */
export const stateOf = (t: TicketRow, deletedAt: Date | null): ConsultationState => consultationState({ ...t, extensionMinutes: 0, memberDeletedAt: deletedAt })

function toConsultation({ t, staffNickname, m }: Row, adds: TicketRow[], roomStays: RoomStay[]): Consultation {
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
    followUpDue: t.followUpDue,
    noCallReportedUnixTime: t.noCallReportedAt ? unixSeconds(t.noCallReportedAt) : null,
    roomStays,
  }
}

/**
 * A consultant's days (consultant-day): their staff row's nickname (404 without the row) and the
 * consultations starting in the days asked for (from today, one day, by default).
 */
export async function consultantDay(db: Tx, staffId: StaffId, input: { from?: string; days?: number }, now: Date): Promise<ConsultantDayResponse> {
  const [s] = await db.select({ n: staff.staffNickname }).from(staff).where(eq(staff.staffId, staffId))
  if (!s) throw notFound(sm.staffNotFound)
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
  if (!c) throw notFound(sm.ticketNotFound)
  return c
}

/**
 * The ticket a staff write works on, locked for the transaction: a SUPPORT ticket with a date and a
 * consultant (404 otherwise), the caller's own unless they are an operator (403).
 */
export async function lockConsultationTicket(tx: Tx, ticketNumber: string, scope: { operator: boolean; staffId: StaffId | null }): Promise<TicketRow> {
  const [t] = await tx.select().from(tickets).where(eq(tickets.ticketNumber, ticketNumber)).for('update')
  if (!t || t.productType !== 'SUPPORT' || !t.reservationAt || !t.staffId) throw notFound(sm.ticketNotFound)
  if (!scope.operator && t.staffId !== scope.staffId) throw forbidden(sm.notOwnBooking)
  return t
}

type OutcomeResult = { consultation: ConsultationRecord; ratingMailSent: boolean }

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
  scope: { operator: boolean; staffId: StaffId | null },
  input: ConsultationOutcomeRequest,
): Promise<OutcomeResult> {
  const now = deps.clock.now()
  const result = await deps.db.transaction(async (tx) => {
    const t = await lockConsultationTicket(tx, input.ticketNumber, scope)
    if (t.amountRefunded > 0) throw conflict(sm.refunded)
    // docs/product.md §10 "Outcomes fit the time": the same rules as the form (contract/outcome-rules.ts).
    const times = { startUnixTime: unixSeconds(t.reservationAt!), minutes: t.minutesToSupport, addedMinutes: await extensionMinutes(tx, t.ticketNumber) }
    if (!hasStarted(times, now.getTime())) throw conflict(sm.notStarted)
    if (input.outcome === 'NO_CONTACT' && !noContactOpen(times, now.getTime())) throw conflict(sm.noContactTooEarly(NO_CONTACT_WAIT_MINUTES))
    if (input.outcome === 'COMPLETED' && input.minutesUsed > maxMinutesUsed(times, now.getTime())) throw invalid(sm.minutesUsedOverElapsed(maxMinutesUsed(times, now.getTime())))
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
          ? // The follow-up falls due N business days on (docs/decisions.md 85; services/staff/deadlines.ts).
            { supportStatus: 'UNSOLVED', noContact: false, outcomeAt: now, followUpDue: formatYmd(await businessDaysAfter(tx, todayJst(now), deps.config.outcomes.followUpBusinessDays)) }
          : input.outcome === 'UNSOLVED_COMPLETED'
            ? { supportStatus: 'UNSOLVED_COMPLETED', unsolvedAfterFollowContent: input.unsolvedAfterFollowContent, outcomeAt: now }
            : { noContact: true, outcomeAt: now }
    // Left out, the note stays (the follow-up of 未解決 keeps the first visit's note); empty clears it.
    if (input.caseNote !== undefined) patch.caseNote = input.caseNote === '' ? null : input.caseNote
    const [after] = await tx.update(tickets).set(patch).where(eq(tickets.ticketNumber, t.ticketNumber)).returning()
    if (input.outcome === 'COMPLETED') {
      await tx.update(staff).set({ supportCompleteCount: sql`${staff.supportCompleteCount} + 1` }).where(eq(staff.staffId, t.staffId!))
    } else if (input.outcome === 'UNSOLVED') {
      await tx.update(staff).set({ supportUnSolvedCount: sql`${staff.supportUnSolvedCount} + 1` }).where(eq(staff.staffId, t.staffId!))
    }
    await writeAudit(tx, actor, { action: 'consultation-outcome', targetType: 'ticket', targetId: t.ticketNumber, before: outcomeFields(t), after: { ...outcomeFields(after), outcome: input.outcome } }, now)
    const [member] = await tx.select().from(members).where(eq(members.memberId, t.memberId))
    const mailTo = input.outcome === 'COMPLETED' && member && !member.deletedAt ? member.email : null
    // The member's mail, with the outcome (the outcome is accepted once per ticket, so is its mail).
    if (mailTo) {
      const link = `${deps.config.appOrigin}/rating?ticketNumber=${encodeURIComponent(after.ticketNumber)}`
      await notify(tx, deps, { kind: 'rating-request', key: `rating-request:${after.ticketNumber}`, mail: staffMails.ratingRequest(mailTo, { ticketNumber: after.ticketNumber, productName: after.productName, link }) })
    }
    if (input.outcome === 'NO_CONTACT' && member && !member.deletedAt && after.reservationAt) {
      // ご連絡なし: what happened and what to do next (the support line of their landing page, or a new booking).
      const [s] = after.staffId ? await tx.select({ staffNickname: staff.staffNickname }).from(staff).where(eq(staff.staffId, after.staffId)) : []
      const mail = mails.noContact(member.email, {
        name: `${member.memberLastname} ${member.memberFirstname}`.trim(),
        ticketNumber: after.ticketNumber,
        productName: after.productName,
        reservationAt: after.reservationAt,
        supportType: after.supportType,
        staffNickname: s?.staffNickname ?? '',
        supportTel: supportTelFor(deps.config, member.lpSource),
        origin: deps.config.appOrigin,
        room: lateRoom(after, times, now, deps.config),
      })
      await notify(tx, deps, { kind: 'no-contact', key: `no-contact:${after.ticketNumber}`, mail })
    }
    return { ticket: after, mailTo }
  })
  return { consultation: await consultationRecord(deps.db, result.ticket.ticketNumber), ratingMailSent: result.mailTo !== null }
}

/**
 * An ONLINE consultation marked ご連絡なし while its room is still open (decision 120): the member
 * may still come in, and the mail says until when and where (the booked end while it is ahead,
 * the room's close: contract/room.ts `roomWindow`). Undefined otherwise: today's mail.
 */
function lateRoom(t: TicketRow, times: { startUnixTime: number; minutes: number; addedMinutes: number }, now: Date, config: Deps['config']) {
  if (t.supportType !== 'ONLINE') return undefined
  const end = times.startUnixTime + (times.minutes + times.addedMinutes) * 60
  const { closesUnixTime } = roomWindow(times.startUnixTime, end, config.room.opensMinutesBefore)
  const at = unixSeconds(now)
  if (at >= closesUnixTime) return undefined
  return { endAt: at < end ? new Date(end * 1000) : null, closesAt: new Date(closesUnixTime * 1000), link: `${config.appOrigin}/room/${encodeURIComponent(t.ticketNumber)}` }
}

const outcomeFields = (t: TicketRow) => ({
  supportStatus: t.supportStatus,
  noContact: t.noContact,
  minutesUsed: t.minutesUsed,
  unsolvedAfterFollowContent: t.unsolvedAfterFollowContent,
  caseNote: t.caseNote,
  staffId: t.staffId,
  followUpDue: t.followUpDue,
})

/** Minutes of the extensions (ADD) bought on a consultation and not refunded: they lengthen it. */
async function extensionMinutes(tx: Tx, ticketNumber: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${tickets.minutesToSupport}), 0)`.mapWith(Number) })
    .from(tickets)
    .where(and(eq(tickets.productType, 'ADD'), eq(tickets.parentTicketNumber, ticketNumber), eq(tickets.amountRefunded, 0)))
  return row?.n ?? 0
}

/** The staff-only case notes of these tickets (never part of a member's answer). */
async function caseNotes(db: Tx, ticketNumbers: string[]): Promise<Map<string, string | null>> {
  if (ticketNumbers.length === 0) return new Map()
  const rows = await db.select({ n: tickets.ticketNumber, note: tickets.caseNote }).from(tickets).where(inArray(tickets.ticketNumber, ticketNumbers))
  return new Map(rows.map((r) => [r.n, r.note]))
}

const withNotes = async (db: Tx, list: Consultation[]): Promise<ConsultationRecord[]> => {
  const notes = await caseNotes(db, list.map((c) => c.ticketNumber))
  return list.map((c) => ({ ...c, caseNote: notes.get(c.ticketNumber) ?? null }))
}

/** One consultation with its case note (the staff pages' view after an outcome). */
export async function consultationRecord(db: Tx, ticketNumber: string): Promise<ConsultationRecord> {
  const [c] = await withNotes(db, [await consultationByNumber(db, ticketNumber)])
  return c
}

/**
 * The member's earlier consultations, for the consultant opening one of theirs (docs/api.md
 * "Staff calls" member-consultations): a consultant only through a consultation of their own (403
 * otherwise), an operator through any. Earlier = started before this one, by anyone, newest first.
 */
export async function memberConsultations(db: Tx, scope: { operator: boolean; staffId: StaffId | null }, ticketNumber: string): Promise<MemberConsultationsResponse> {
  const [t] = await db.select().from(tickets).where(eq(tickets.ticketNumber, ticketNumber))
  if (!t || t.productType !== 'SUPPORT' || !t.reservationAt || !t.staffId) throw notFound(sm.ticketNotFound)
  if (!scope.operator && t.staffId !== scope.staffId) throw forbidden(sm.notOwnBooking)
  const [m] = await db.select({ lastname: members.memberLastname, firstname: members.memberFirstname, deletedAt: members.deletedAt }).from(members).where(eq(members.memberId, t.memberId))
  const rows = await db
    .select({ t: tickets, staffNickname: staff.staffNickname })
    .from(tickets)
    .innerJoin(staff, eq(staff.staffId, tickets.staffId))
    .where(and(eq(tickets.memberId, t.memberId), eq(tickets.productType, 'SUPPORT'), isNotNull(tickets.reservationAt), lt(tickets.reservationAt, t.reservationAt)))
    .orderBy(desc(tickets.reservationAt), desc(tickets.ticketNumber))
    .limit(MEMBER_HISTORY_MAX + 1)
  return {
    ticketNumber: t.ticketNumber,
    memberName: !m || m.deletedAt ? CANCELLED_NAME : `${m.lastname} ${m.firstname}`,
    caseNote: t.caseNote,
    earlier: rows.slice(0, MEMBER_HISTORY_MAX).map(({ t: e, staffNickname }) => ({
      ticketNumber: e.ticketNumber,
      reservationTime: formatReservationTime(e.reservationAt!),
      startUnixTime: unixSeconds(e.reservationAt!),
      productName: e.productName,
      staffNickname,
      supportStatus: e.supportStatus,
      noContact: e.noContact,
      minutes: e.minutesToSupport,
      minutesUsed: e.minutesUsed,
      unsolvedAfterFollowContent: e.unsolvedAfterFollowContent,
      caseNote: e.caseNote,
      refunded: e.amountRefunded > 0,
    })),
    more: rows.length > MEMBER_HISTORY_MAX,
  }
}

/**
 * A consultant's past (docs/product.md §10 "The consultant's past"): their consultations that have
 * started, newest first, a page at a time, in a range of days (JST, inclusive), all or only
 * those owing something: 結果未記録 (no outcome and no ご連絡なし), the same past the grace period
 * after the end (OVERDUE, docs/decisions.md 85) or 未解決 (a follow-up owed).
 * Refunded consultations owe nothing. An operator sees anyone's, or everyone's without a staffId.
 */
export async function pastConsultations(
  db: Tx,
  scope: { operator: boolean; staffId: StaffId | null },
  input: PastConsultationsRequest,
  now: Date,
  graceHours: number,
): Promise<PastConsultationsResponse> {
  let staffId: string | null
  if (scope.operator) staffId = input.staffId ?? null
  else {
    if (!scope.staffId) throw forbidden(sm.forbidden)
    if (input.staffId && input.staffId !== scope.staffId) throw forbidden(sm.notOwnStaff)
    staffId = scope.staffId
  }
  if (staffId) {
    const [s] = await db.select({ id: staff.staffId }).from(staff).where(eq(staff.staffId, staffId))
    if (!s) throw notFound(sm.staffNotFound)
  }
  const first = input.from ? parseYmd(input.from) : null
  const last = input.to ? parseYmd(input.to) : null
  if ((input.from && !first) || (input.to && !last)) throw invalid(sm.dateInvalid)
  if (first && last && first.isAfter(last)) throw invalid(sm.dateRangeInvalid)
  const where = and(
    eq(tickets.productType, 'SUPPORT'),
    isNotNull(tickets.reservationAt),
    isNotNull(tickets.staffId),
    lte(tickets.reservationAt, now),
    staffId ? eq(tickets.staffId, staffId) : undefined,
    first ? gte(tickets.reservationAt, atJst(first, 0, 0)) : undefined,
    last ? lt(tickets.reservationAt, atJst(last.plusDays(1), 0, 0)) : undefined,
    // server/domain/ticket.ts: started (above) and still owing an outcome, past its grace, or a follow-up.
    input.filter === 'NO_OUTCOME' ? outcomePending(now, graceHours) : undefined,
    input.filter === 'OVERDUE' ? outcomeOverdue(now, graceHours) : undefined,
    input.filter === 'UNSOLVED' ? inState(['followUpOwed'], now, graceHours) : undefined,
  )
  const [{ total }] = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(tickets).where(where)
  const page = await db
    .select({ n: tickets.ticketNumber })
    .from(tickets)
    .where(where)
    .orderBy(desc(tickets.reservationAt), desc(tickets.ticketNumber))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize)
  const order = page.map((r) => r.n)
  const loaded = order.length ? await loadConsultations(db, inArray(tickets.ticketNumber, order)) : []
  const byNumber = new Map(loaded.map((c) => [c.ticketNumber, c]))
  const consultations = await withNotes(db, order.flatMap((n) => byNumber.get(n) ?? []))
  const consultants = scope.operator
    ? await db.select({ staffId: staff.staffId, staffNickname: staff.staffNickname }).from(staff).orderBy(asc(staff.staffId))
    : []
  return { staffId, filter: input.filter, page: input.page, pageSize: input.pageSize, total, consultations, consultants }
}

/**
 * Mails the member a link to buy an extension (ADD) of this consultation on the spot
 * (docs/product.md §9 terms): /buy with the ADD product and the consultation as its parent ticket;
 * the purchase then shows on the consultation (`addTickets`). Only while the consultation is under
 * way: started (decision 121: the mail says 「ご相談中のサポートの延長」, and a consultation not yet
 * begun has nothing to extend) and still open (UNSUPPORTED, not refunded): an extension of a
 * finished one could not be used.
 */
export async function sendExtensionLink(
  deps: Deps,
  actor: AuditActor,
  scope: { operator: boolean; staffId: StaffId | null },
  input: { ticketNumber: string; productId?: ProductId },
): Promise<{ url: string; productId: string }> {
  const now = deps.clock.now()
  const out = await deps.db.transaction(async (tx) => {
    const t = await lockConsultationTicket(tx, input.ticketNumber, scope)
    if (t.supportStatus !== 'UNSUPPORTED' || t.amountRefunded > 0) throw conflict(sm.extensionNotAllowed)
    if (!hasStarted({ startUnixTime: unixSeconds(t.reservationAt!) }, now.getTime())) throw conflict(sm.extensionNotStarted)
    const [add] = await tx
      .select()
      .from(products)
      .where(and(eq(products.productType, 'ADD'), eq(products.showOnMypage, true), input.productId ? eq(products.productId, input.productId) : undefined))
      .orderBy(asc(products.sortOrder), asc(products.productId))
      .limit(1)
    if (!add) throw invalid(sm.addProductNotFound)
    const [member] = await tx.select({ email: members.email, deletedAt: members.deletedAt }).from(members).where(eq(members.memberId, t.memberId))
    if (!member || member.deletedAt) throw notFound(sm.ticketNotFound)
    const url = `${deps.config.appOrigin}/buy?${new URLSearchParams({ productId: add.productId, parentTicketNumber: t.ticketNumber })}`
    await writeAudit(tx, actor, { action: 'extension-link', targetType: 'ticket', targetId: t.ticketNumber, after: { productId: add.productId } }, now)
    await notify(tx, deps, { kind: 'extension-link', key: `extension-link:${t.ticketNumber}:${randomUUID()}`, mail: staffMails.extensionLink(member.email, { ticketNumber: t.ticketNumber, productName: add.productName, price: add.price, link: url }) })
    return { url, productId: add.productId }
  })
  return { url: out.url, productId: out.productId }
}
