import type { Ticket } from './entities'
import { reservationChangeRefusal } from './reservation-rules'
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

/**
 * The consultation's time is over: its start plus its length (`minutesToSupport`) has passed. Not
 * the start alone: a consultant may call a few minutes late, and a member two minutes into a booking
 * must not read that no contact was received (docs/server.md "Ticket status"). A ticket without a
 * date never expires.
 */
export const isExpired = (t: Pick<Ticket, 'reservationUnixTime' | 'minutesToSupport'>, now: Date): boolean =>
  t.reservationUnixTime !== null && t.reservationUnixTime + t.minutesToSupport * 60 <= nowSeconds(now)

export type TicketLabel = 'completed' | 'reserved' | 'noContact' | 'refunded'

/**
 * product.md §4 "Card label", refunds first (any amountRefunded above 0 wins over the status):
 *  COMPLETED or UNSOLVED → completed; UNSUPPORTED not expired → reserved; UNSUPPORTED expired, or
 *  with ご連絡なし recorded (`noContact`) → noContact; UNSOLVED_COMPLETED with the refund text → refunded. UNSOLVED_COMPLETED with another
 *  follow-up is not covered by the spec: it is support that ended, so it reads as completed.
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
      return t.noContact || isExpired(t, now) ? 'noContact' : 'reserved'
    case 'UNSOLVED_COMPLETED':
      return t.unsolvedAfterFollowContent === REFUND_TEXT ? 'refunded' : 'completed'
  }
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
