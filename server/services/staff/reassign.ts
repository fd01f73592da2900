import { randomUUID } from 'node:crypto'
import type { StaffId } from '../../../contract/staff-calls'
import { asc, eq } from 'drizzle-orm'
import type { StaffCallResponse } from '../../../contract/staff-calls'
import { candidateReasonText, staffMessages as sm } from '../../../contract/staff-messages'
import type { Tx } from '../../db/client'
import { isUniqueViolation } from '../../db/constraints'
import { bookings, members, staff, tickets } from '../../db/schema'
import { isStaffFree } from '../../domain/schedule'
import { cellsOf, formatReservationTime, formatYmd, toZoned } from '../../domain/time'
import { conflict, notFound } from '../../domain/errors'
import type { Deps } from '../deps'
import { weekCounts } from '../booking/assignment'
import { loadDay } from '../booking/schedule'
import { writeAudit, type AuditActor } from '../../infra/audit'
import type { ConsultationState } from '../../../contract/staff-calls'
import { consultationByNumber, lockConsultationTicket, stateOf, type TicketRow } from './consultations'
import { consultantAddresses, notifyConsultant } from '../booking/consultant-notices'
import { notify } from '../../infra/outbox'
import { staffMails } from '../../mail/staff-mails'
import { lockShiftsShared } from './shifts'
import { inviteFor, nextInviteSequence } from '../booking/ticket-invite'

// Reassignment by an operator (docs/server.md "Assignment"): the same ticket number and time, another
// consultant free then. Serialised with the member's own date change by the ticket row lock (both
// take it first): whichever comes second sees the first's result.

type Reason = keyof typeof candidateReasonText
type ReassignMailed = StaffCallResponse<'reassign'>['mailed'][number]

/** Why `staffId` cannot take the ticket's time, or null when they can. */
function reasonFor(
  t: TicketRow,
  s: { staffId: string; active: boolean },
  now: Date,
  day: { holidays: ReadonlySet<string>; shifts: ReadonlyMap<string, { startsAt: Date; endsAt: Date }[]>; booked: ReadonlyMap<string, ReadonlySet<number>> },
): Reason | null {
  const start = t.reservationAt!
  if (s.staffId === t.staffId) return 'CURRENT'
  if (start.getTime() <= now.getTime()) return 'PAST'
  if (day.holidays.has(formatYmd(toZoned(start).toLocalDate()))) return 'HOLIDAY'
  if (!s.active) return 'INACTIVE'
  if (!isStaffFree(start, t.minutesToSupport, day.shifts.get(s.staffId) ?? [], undefined)) return 'NO_SHIFT'
  if (!isStaffFree(start, t.minutesToSupport, day.shifts.get(s.staffId) ?? [], day.booked.get(s.staffId))) return 'BOOKED'
  return null
}

async function dayOf(tx: Tx, t: TicketRow, now: Date) {
  // The ticket's own cells count as free (it is the one being moved).
  return (await loadDay(tx, toZoned(t.reservationAt!).toLocalDate(), t.minutesToSupport, now, t.ticketNumber)).input
}

const allStaff = (tx: Tx) =>
  tx.select({ staffId: staff.staffId, staffNickname: staff.staffNickname, active: staff.active }).from(staff).orderBy(asc(staff.sortOrder), asc(staff.staffId))

/**
 * A refunded or cancelled booking is no reservation any more: refused with the one message of its
 * state, by the candidates and by the change alike (docs/server.md "Consultation state").
 */
function assertLive(state: ConsultationState) {
  if (state === 'refunded') throw conflict(sm.reassignRefunded)
  if (state === 'cancelled') throw conflict(sm.reassignCancelled)
}

/** Every consultant for a ticket: free or not, why not, and how many consultations they hold that week. */
export async function reassignCandidates(deps: Deps, ticketNumber: string) {
  const now = deps.clock.now()
  const consultation = await consultationByNumber(deps.db, ticketNumber)
  assertLive(consultation.state)
  const [t] = await deps.db.select().from(tickets).where(eq(tickets.ticketNumber, ticketNumber))
  const day = await dayOf(deps.db, t, now)
  const counts = await weekCounts(deps.db, t.reservationAt!, now)
  const addresses = await consultantAddresses(deps.db)
  const candidates = (await allStaff(deps.db)).map((s) => {
    const reason = reasonFor(t, s, now, day)
    return {
      staffId: s.staffId,
      staffNickname: s.staffNickname,
      free: reason === null,
      reason,
      reasonText: reason ? candidateReasonText[reason] : null,
      weekCount: counts.get(s.staffId) ?? 0,
      mailable: Boolean(addresses.get(s.staffId)),
    }
  })
  return { consultation, candidates }
}

/**
 * Gives a future consultation to another consultant free at its time, keeping its ticket number and
 * time; the reason goes into the audit trail with the change (never into the mails). The member
 * and both consultants are mailed, a consultant at their own address or their staff account's
 * (mail/consultant-mails.ts); `mailed` says who was. 409 with a message when the consultation moved meanwhile, is over, or the consultant is
 * not free (also when another booking takes the cells first: the unique (consultant, cell) rule).
 */
export async function reassign(deps: Deps, actor: AuditActor, input: { ticketNumber: string; staffId: StaffId; reason: string; reservationTime?: string }) {
  const now = deps.clock.now()
  const done = await deps.db.transaction(async (tx) => {
    const t = await lockConsultationTicket(tx, input.ticketNumber, { operator: true, staffId: null })
    const [owner] = await tx.select({ deletedAt: members.deletedAt }).from(members).where(eq(members.memberId, t.memberId))
    assertLive(stateOf(t, owner?.deletedAt ?? null))
    if (input.reservationTime && input.reservationTime !== formatReservationTime(t.reservationAt!)) throw conflict(sm.reassignRaced)
    if (t.supportStatus !== 'UNSUPPORTED' || t.noContact) throw conflict(sm.reassignNotChangeable)
    if (t.reservationAt!.getTime() <= now.getTime()) throw conflict(sm.reassignPast)
    if (t.staffId === input.staffId) throw conflict(sm.reassignSameStaff)
    const [target] = await tx.select({ staffId: staff.staffId, staffNickname: staff.staffNickname, active: staff.active }).from(staff).where(eq(staff.staffId, input.staffId))
    if (!target) throw notFound(sm.staffNotFound)
    await lockShiftsShared(tx)
    if (reasonFor(t, target, now, await dayOf(tx, t, now)) !== null) throw conflict(sm.reassignNotFree)
    await tx.delete(bookings).where(eq(bookings.ticketNumber, t.ticketNumber))
    try {
      await tx.transaction(async (sp) => {
        await sp.insert(bookings).values(cellsOf(t.reservationAt!, t.minutesToSupport).map((cellStart) => ({ staffId: target.staffId, cellStart, ticketNumber: t.ticketNumber })))
      })
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(sm.reassignNotFree)
      throw e
    }
    // The member's calendar event names the consultant: its invite SEQUENCE is raised in the same update.
    await tx.update(tickets).set({ staffId: target.staffId, calendarSequence: nextInviteSequence }).where(eq(tickets.ticketNumber, t.ticketNumber))
    await writeAudit(
      tx,
      actor,
      { action: 'reassign', targetType: 'ticket', targetId: t.ticketNumber, before: { staffId: t.staffId, reservationTime: formatReservationTime(t.reservationAt!) }, after: { staffId: target.staffId, reason: input.reason } },
      now,
    )
    const [member] = await tx.select({ email: members.email, deletedAt: members.deletedAt }).from(members).where(eq(members.memberId, t.memberId))
    // The member and both consultants hear of it, in the outbox with the change itself.
    const mailed: ReassignMailed[] = []
    const change = randomUUID()
    if (member && !member.deletedAt) {
      const invite = await inviteFor({ ...deps, db: tx }, t.ticketNumber, 'REQUEST')
      await notify(tx, deps, { kind: 'reassigned-member', key: `reassigned-member:${t.ticketNumber}:${change}`, mail: staffMails.reassignedMember(member.email, { ticketNumber: t.ticketNumber, reservationAt: t.reservationAt!, staffNickname: target.staffNickname }, invite) })
      mailed.push('MEMBER')
    }
    const about = { ticketNumber: t.ticketNumber, productName: t.productName, minutes: t.minutesToSupport, supportType: t.supportType, reservationAt: t.reservationAt!, memberId: t.memberId }
    if (await notifyConsultant(deps, tx, t.staffId!, about, { kind: 'reassignedAway' })) mailed.push('FROM_STAFF')
    if (await notifyConsultant(deps, tx, target.staffId, about, { kind: 'reassignedTo' })) mailed.push('TO_STAFF')
    return { from: t.staffId!, mailed }
  })
  const { mailed } = done
  return { consultation: await consultationByNumber(deps.db, input.ticketNumber), fromStaffId: done.from, mailed }
}
