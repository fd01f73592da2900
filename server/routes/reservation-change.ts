import { apiErrors } from '../../contract/messages'
import { checkedJson } from '../infra/checked-json'
import { invalid } from '../domain/errors'
import type { PartialHandlers } from '../http/handler'
import { changeReservation, requestedDay, scheduleAnswer } from '../services/member/reservation-change'
import { scheduleStableUntil } from '../domain/schedule'
import { loadOwnTicket } from '../services/booking/tickets'

// The reservation-change flow (machines/reservation-change): the consultant grid of a day, and
// the move of a booking. The same grid serves the checkout's slot choice (/support/staff).

export const reservationChangeHandlers: PartialHandlers<'reservation-schedule' | 'update-resevation-date'> = {
  async 'reservation-schedule'({ input, deps, me }) {
    const m = me()
    // product.md §8: the client sends the member to the menu when the message contains this.
    if (input.minutesToSupport === undefined || input.minutesToSupport <= 0) throw invalid(apiErrors.minutesToSupportNone)
    const minutes = input.minutesToSupport
    if (input.updateTargetTicketNumber) {
      // The ticket being moved frees its own cells: an answer for one member, never cached.
      const requested = requestedDay(input.dt)
      await loadOwnTicket(deps.db, m.memberId, input.updateTargetTicketNumber)
      return (await scheduleAnswer(deps.db, requested, minutes, deps.clock.now(), input.updateTargetTicketNumber)).answer
    }
    // docs/decisions.md 17: the same answer for every member, cached per (dt, minutes), checked
    // and serialized once; every booking write clears it, and it expires at the next cut-off or
    // midnight. A stale "free" cell can only make a booking answer its clean STAFF_DENY. An
    // impossible date (20250231) throws inside the computation, so it is never kept.
    const compute = async (at: number) => {
      const now = new Date(at)
      const { answer, day } = await scheduleAnswer(deps.db, requestedDay(input.dt), minutes, now)
      return { value: checkedJson('reservation-schedule', answer), validUntil: scheduleStableUntil(day, now) }
    }
    // Another replica's booking must be seen on the next request: while this replica may have
    // missed it (its cache bus down or late), the answer is computed afresh (`caches.read`).
    return deps.caches.read(deps.caches.schedules, `${input.dt}/${minutes}`, compute)
  },

  async 'update-resevation-date'({ input, deps, me }) {
    return changeReservation(deps, me(), input)
  },
}
