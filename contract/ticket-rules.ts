import type { Ticket } from './entities'
import { CHANGE_CUTOFF_MINUTES, reservationChangeRefusal } from './reservation-rules'
import { parseReservationTime } from './reservation-time'

// Pure rules of the held-ticket list (product.md §4 "Held tickets list", "Card label"; product.md §6 buttons).
// `now` is passed in so every rule is testable at a fixed instant.

/** product.md §4 "First-time user": the ticket-is-free flag. Always true in the original product. */
export const TICKET_IS_FREE = true

/** The follow-up text that means a refund (product.md §4). */
export const REFUND_TEXT = '返金'

const nowSeconds = (now: Date) => Math.floor(now.getTime() / 1000)

export const isRefunded = (t: Pick<Ticket, 'amountRefunded' | 'unsolvedAfterFollowContent'>): boolean =>
  t.amountRefunded > 0 || t.unsolvedAfterFollowContent === REFUND_TEXT

/**
 * product.md §4: listed only if the follow-up text is empty or something other than 返金, and the
 * ticket has not been refunded (amountRefunded hides it).
 */
export const isListed = (t: Ticket): boolean =>
  (!t.unsolvedAfterFollowContent || t.unsolvedAfterFollowContent !== REFUND_TEXT) && !(t.amountRefunded > 0)

/** The consultation's end (unix seconds): the server's `endUnixTime` (extensions included), else start + minutes. */
export const consultationEnd = (t: Pick<Ticket, 'reservationUnixTime' | 'minutesToSupport' | 'endUnixTime'>): number | null =>
  t.reservationUnixTime === null ? null : (t.endUnixTime ?? t.reservationUnixTime + t.minutesToSupport * 60)

/**
 * The consultation's time is over: its end (start + its length + the extensions bought on it) has
 * passed. Not the start alone: a consultant may call a few minutes late, and a member two minutes
 * into a booking must not read that no contact was received (docs/server.md "Ticket status"). A
 * ticket without a date never expires.
 */
export const isExpired = (t: Pick<Ticket, 'reservationUnixTime' | 'minutesToSupport' | 'endUnixTime'>, now: Date): boolean => {
  const end = consultationEnd(t)
  return end !== null && end <= nowSeconds(now)
}

/**
 * The outcome is overdue: the grace period after the end (`outcomeDueUnixTime`, the server's
 * OUTCOME_GRACE_HOURS) has passed. A consultant who called but has not recorded it yet has until
 * then; after it, nothing recorded reads as no contact (docs/decisions.md 85). Without the server's
 * due time (a ticket from before it was sent) the end is the due time.
 */
export const isOutcomeOverdue = (t: Pick<Ticket, 'reservationUnixTime' | 'minutesToSupport' | 'endUnixTime' | 'outcomeDueUnixTime'>, now: Date): boolean => {
  const end = consultationEnd(t)
  return end !== null && (t.outcomeDueUnixTime ?? end) <= nowSeconds(now)
}

export type TicketLabel = 'completed' | 'reserved' | 'checking' | 'noContact' | 'refunded'

/**
 * product.md §4 "Card label", refunds first (any amountRefunded above 0 wins over the status):
 *  COMPLETED or UNSOLVED → completed; UNSUPPORTED not expired → reserved; UNSUPPORTED with ご連絡なし
 *  recorded (`noContact`), or expired and its outcome overdue → noContact; UNSOLVED_COMPLETED with
 *  the refund text → refunded. UNSOLVED_COMPLETED with another follow-up is not covered by the
 *  spec: it is support that ended, so it reads as completed. Our addition (docs/decisions.md 85):
 *  an UNSUPPORTED consultation over but still inside the grace period for its outcome is
 *  `checking` (確認中): the consultant may have called and not recorded it yet, so the card does
 *  not claim that no contact was received.
 */
export function ticketLabel(t: Ticket, now: Date): TicketLabel {
  if (t.amountRefunded > 0) return 'refunded'
  switch (t.supportStatus) {
    case 'COMPLETED':
    case 'UNSOLVED':
      return 'completed'
    case 'UNSUPPORTED':
      // A consultant's recorded ご連絡なし is final at once: the member must not read サポート予約済み
      // for a consultation that will not take place (docs/server.md "Ticket status").
      if (t.noContact) return 'noContact'
      if (!isExpired(t, now)) return 'reserved'
      return isOutcomeOverdue(t, now) ? 'noContact' : 'checking'
    case 'UNSOLVED_COMPLETED':
      return t.unsolvedAfterFollowContent === REFUND_TEXT ? 'refunded' : 'completed'
  }
}

/**
 * The member may go into the online consultation's room from the card (docs/product.md "The online
 * consultation room"): an ONLINE booking with no outcome recorded and no refund, until its room
 * closes (the end plus ROOM_GRACE_MINUTES: the server's `roomClosesUnixTime`). ご連絡なし does not
 * close it (decision 120): the booked time still runs, the room still admits the member, and the
 * consultant may still record 完了 or 未解決 when they turn up (docs/product.md §10).
 */
export function canJoinRoom(t: Ticket, now: Date): boolean {
  if (t.productType !== 'SUPPORT' || t.supportType !== 'ONLINE' || t.reservationUnixTime === null || isRefunded(t)) return false
  if (t.supportStatus !== 'UNSUPPORTED' || t.roomClosesUnixTime === undefined) return false
  return nowSeconds(now) < t.roomClosesUnixTime
}

/**
 * Everything a held ticket's card shows, decided here once from the ticket and the time (decision
 * 120): the label, the room's button (with, after ご連絡なし or past the end, the time until which
 * the member may still come in), the change, calendar and rate buttons, the 30-minute note and the
 * "no call came" report. The card draws this and decides nothing itself, so two parts of one card
 * can never tell two states (「サポート完了」 beside a report still awaiting its answer).
 */
export type TicketCardState = {
  label: TicketLabel
  /** 'join': the room's button; 'late': the button and a note that the member may still come in until `roomClosesUnixTime`. */
  room: 'hidden' | 'join' | 'late'
  roomClosesUnixTime: number | null
  change: boolean
  changeClosed: boolean
  calendar: boolean
  rate: RateButton
  noCallReport: NoCallReport
}

export function ticketCardState(t: Ticket, now: Date): TicketCardState {
  const label = ticketLabel(t, now)
  const joinable = canJoinRoom(t, now)
  return {
    label,
    room: !joinable ? 'hidden' : label === 'reserved' ? 'join' : 'late',
    roomClosesUnixTime: joinable ? t.roomClosesUnixTime! : null,
    change: canChangeTicket(t, now),
    changeClosed: changeClosedNote(t, now) !== null,
    calendar: canAddToCalendar(t, now),
    rate: rateButton(t),
    noCallReport: noCallReport(t, now),
  }
}

/**
 * A booking whose card may change without the member doing anything (decision 121): from 30
 * minutes before its start (the change closes) until its outcome is recorded or overdue — the
 * consultant records 完了, 未解決 or ご連絡なし, the time passes its end, a late member's room
 * closes. Not refunded; an outcome recorded (ご連絡なし aside) ends it. The home reads such a card
 * again on its own while it is shown.
 */
export function cardMayChange(t: Ticket, now: Date): boolean {
  const end = consultationEnd(t)
  if (t.productType !== 'SUPPORT' || end === null || t.supportStatus !== 'UNSUPPORTED' || isRefunded(t)) return false
  const s = nowSeconds(now)
  return s >= t.reservationUnixTime! - CHANGE_CUTOFF_MINUTES * 60 && s < Math.max(t.outcomeDueUnixTime ?? end, t.roomClosesUnixTime ?? end)
}

/** How long after the end a member may tell us that no call came (docs/decisions.md 86). */
export const NO_CALL_REPORT_HOURS = 24

export type NoCallReport = 'hidden' | 'open' | 'reported'

/**
 * The "no call came" report of a ticket card (docs/decisions.md 86): `reported` once sent, while
 * no outcome answers it (ご連絡なし aside) and no refund; `open`
 * for a booked SUPPORT ticket with no outcome (UNSUPPORTED, ご連絡なし recorded or not), not
 * refunded, whose end has passed less than NO_CALL_REPORT_HOURS ago; hidden otherwise.
 */
export function noCallReport(t: Ticket, now: Date): NoCallReport {
  // A report is answered by the outcome recorded after it (or by a refund): from then on the card
  // reads that outcome alone, not 「ご報告を受け付けました」 beside 「サポート完了」 (decision 120).
  if (t.noCallReportedUnixTime !== undefined) return t.supportStatus === 'UNSUPPORTED' && !isRefunded(t) ? 'reported' : 'hidden'
  return noCallReportRefusal(t, now) === null ? 'open' : 'hidden'
}

/** Why a report cannot be taken now (the server's 409s), or null when it can. */
export function noCallReportRefusal(t: Ticket, now: Date): 'reported' | 'notOpen' | 'notOver' | 'tooLate' | null {
  if (t.noCallReportedUnixTime !== undefined) return 'reported'
  const end = consultationEnd(t)
  if (t.productType !== 'SUPPORT' || t.supportStatus !== 'UNSUPPORTED' || isRefunded(t) || end === null) return 'notOpen'
  if (end > nowSeconds(now)) return 'notOver'
  return end + NO_CALL_REPORT_HOURS * 3600 <= nowSeconds(now) ? 'tooLate' : null
}

/**
 * product.md §6 change button: the server's rule (contract/reservation-rules.ts: UNSUPPORTED SUPPORT
 * ticket with a date, no refund, more than 30 minutes before), and not refunded by follow-up text.
 */
export function canChangeTicket(t: Ticket, now: Date): boolean {
  const reservationAt = t.reservationUnixTime === null ? null : t.reservationUnixTime * 1000
  return reservationChangeRefusal({ ...t, reservationAt }, now) === null && !isRefunded(t)
}

/**
 * The card's 「カレンダーに追加」 (docs/product.md §6): a SUPPORT booking still to come — reserved (not
 * refunded, no outcome, no ご連絡なし) and not yet started. The server's file (contract/file-calls.ts
 * 'ticket-calendar') answers the same booking until its end.
 */
export function canAddToCalendar(t: Ticket, now: Date): boolean {
  return t.productType === 'SUPPORT' && t.reservationUnixTime !== null && t.reservationUnixTime > nowSeconds(now) && ticketLabel(t, now) === 'reserved'
}

/**
 * Why a booked ticket shows no change button although it is otherwise changeable: the change
 * closed 30 minutes before the start (product.md §6) and the consultation is not over yet. Null
 * when the button shows or the ticket is no changeable booking at all.
 */
export function changeClosedNote(t: Ticket, now: Date): 'tooLate' | null {
  if (isRefunded(t) || isExpired(t, now) || t.noContact) return null
  const reservationAt = t.reservationUnixTime === null ? null : t.reservationUnixTime * 1000
  return reservationChangeRefusal({ ...t, reservationAt }, now) === 'tooLate' ? 'tooLate' : null
}

/**
 * The booking a refund of this ticket would end (docs/product.md §4 "Refunds end the
 * reservation"): a SUPPORT ticket not yet refunded, UNSUPPORTED, whose consultation is still
 * ahead. Null for any other ticket (nothing to cancel).
 */
export function bookingAhead(t: Ticket, now: Date): { reservationUnixTime: number; staffNickname: string | null } | null {
  if (t.productType !== 'SUPPORT' || t.supportStatus !== 'UNSUPPORTED' || isRefunded(t) || t.reservationUnixTime === null) return null
  if (t.reservationUnixTime <= nowSeconds(now)) return null
  return { reservationUnixTime: t.reservationUnixTime, staffNickname: t.staff?.staffNickname ?? null }
}

export type RateButton = 'hidden' | 'rate' | 'rated'

/** product.md §6: COMPLETED, SUPPORT, no refund; 'rated' (disabled) once alreadyRating. */
export function rateButton(t: Ticket): RateButton {
  if (t.supportStatus !== 'COMPLETED' || t.productType !== 'SUPPORT' || isRefunded(t)) return 'hidden'
  return t.alreadyRating ? 'rated' : 'rate'
}

/**
 * The consultation an extension (ADD) was bought on, among the member's tickets; null for any
 * other ticket, or when the parent is not among them.
 */
export const parentOf = (t: Ticket, tickets: readonly Ticket[]): Ticket | null =>
  t.productType === 'ADD' && t.parentTicketNumber ? (tickets.find((p) => p.ticketNumber === t.parentTicketNumber) ?? null) : null

/**
 * An extension (ADD) follows its consultation (docs/product.md §4 "Extensions follow their
 * consultation"): it is held only while that consultation is still reserved (listed and labelled
 * サポート予約済み). Once the consultation is over (completed, unsolved, no contact) the extension
 * was used with it or can no longer be, and once it is refunded the booking it extends is gone:
 * either way it leaves the held tickets like a used ticket (its payment stays in the history).
 */
export const isHeldExtension = (t: Ticket, tickets: readonly Ticket[], now: Date): boolean => {
  const parent = parentOf(t, tickets)
  return parent === null || (isListed(parent) && ticketLabel(parent, now) === 'reserved')
}

/** Held tickets as the home lists them: listed ones only, upcoming reservations first. */
export function heldTickets(tickets: Ticket[], now: Date): Ticket[] {
  return tickets.filter((t) => isListed(t) && isHeldExtension(t, tickets, now)).sort((a, b) => (b.reservationUnixTime ?? b.purchaseTime) - (a.reservationUnixTime ?? a.purchaseTime))
}

/** The JST days (YYYYMMDD) of the member's reservations: listed SUPPORT tickets still to happen. */
export function reservationDays(tickets: Ticket[]): Set<string> {
  const days = new Set<string>()
  for (const t of tickets) {
    if (!isListed(t) || t.supportStatus !== 'UNSUPPORTED') continue
    const at = parseReservationTime(t.reservationTime)
    if (at) days.add(at.ymd)
  }
  return days
}

/** The interview card shows only when the ticket-is-free flag is unset; otherwise the phone card. */
export const interviewCardKind = (ticketIsFree: boolean = TICKET_IS_FREE): 'interview' | 'phone' =>
  ticketIsFree ? 'phone' : 'interview'

/** product.md §4 "First-time user": no useFreeInterviewTime and a free interview ticket held. */
export const isFirstTimeUser = (useFreeInterviewTime: string | null | undefined, interviewTickets: Ticket[]): boolean =>
  !useFreeInterviewTime && interviewTickets.some((t) => t.isFreeTicket)
