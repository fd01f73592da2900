// When a consultation's outcome fits its time (docs/product.md §10 "Outcomes fit the time"): the same
// rules for the outcome form (what it offers and the largest minutes it takes) and the server (what
// it refuses). `nowMs` is passed in so every rule is testable at a fixed instant.

/**
 * ご連絡なし only once the member has had this long to answer from the start: a consultant may ring
 * a few minutes late or the member may pick up on the second call, and a member marked ご連絡なし
 * a minute in would read "no contact was received" on a consultation still going.
 */
export const NO_CONTACT_WAIT_MINUTES = 10

/** The times of a consultation these rules read (a staff `Consultation` has them all). */
export type OutcomeTimes = {
  /** The booked start (unix seconds). */
  startUnixTime: number
  /** The booked minutes of the ticket. */
  minutes: number
  /** Minutes of the extensions (ADD) bought on it and not refunded. */
  addedMinutes: number
}

/** The consultation has started: an outcome can be recorded from its start on. */
export const hasStarted = (c: Pick<OutcomeTimes, 'startUnixTime'>, nowMs: number): boolean => c.startUnixTime * 1000 <= nowMs

/**
 * Whole minutes begun since the start (0 before it): a minute under way counts, so a call that
 * ended 29 minutes and a few seconds in can be recorded as 30 minutes right away.
 */
export const minutesBegun = (c: Pick<OutcomeTimes, 'startUnixTime'>, nowMs: number): number =>
  Math.max(0, Math.ceil((nowMs - c.startUnixTime * 1000) / 60_000))

/**
 * The most minutes that can be recorded as used: never more than have begun since the start, and
 * never more than were bought (the booked minutes plus the extensions). 0 means 完了 cannot be
 * recorded yet.
 */
export const maxMinutesUsed = (c: OutcomeTimes, nowMs: number): number => Math.min(minutesBegun(c, nowMs), c.minutes + c.addedMinutes)

/** When ご連絡なし can first be recorded (unix seconds). */
export const noContactFromUnixTime = (c: Pick<OutcomeTimes, 'startUnixTime'>): number => c.startUnixTime + NO_CONTACT_WAIT_MINUTES * 60

/** ご連絡なし can be recorded: the wait from the start is over. */
export const noContactOpen = (c: Pick<OutcomeTimes, 'startUnixTime'>, nowMs: number): boolean => noContactFromUnixTime(c) * 1000 <= nowMs
