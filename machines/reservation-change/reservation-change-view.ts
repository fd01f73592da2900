import type { ReservationChangeSnapshot } from './reservation-change-machine'

type Snapshot = ReservationChangeSnapshot

/**
 * What /support/staff and /support/reservation-date-change show, asked of the chart
 * (docs/decisions.md 45): tags and context, never state names.
 */
export const reservationChangeView = {
  /** A reservation's date is being changed (not a new purchase's slot chosen). */
  isChangeMode: (s: Snapshot) => s.context.ticketNumber !== null,
  /** A day's schedule is loading. */
  isLoading: (s: Snapshot) => s.hasTag('loading'),
  /** The member may pick a date, a band or a cell. */
  canPick: (s: Snapshot) => s.hasTag('picking'),
  /** The change's confirmation dialog is open (also while the change is sent). */
  isConfirmOpen: (s: Snapshot) => s.hasTag('confirmOpen'),
  isUpdating: (s: Snapshot) => s.hasTag('updating'),
}
