import type { Ticket } from '../../../contract/entities'
import { cardMayChange, isListed } from '../../../contract/ticket-rules'
import { useRefresh } from '../../ui/use-refresh'

/** How often the home reads its cards again while one of them may change (decision 121). */
export const HOME_REFRESH_MS = 30_000

/**
 * The home reads its tickets again on its own while a held booking's card may change without the
 * member (contract/ticket-rules.ts `cardMayChange`: a consultant's outcome, the room closing, the
 * end passing), so the card follows what the consultant records without a reload (decision 121).
 * Watched while the page holds a booking not yet over; each tick asks the rule at that moment, so a
 * booking still hours ahead costs no reads until its time comes.
 */
export function useHomeRefresh(tickets: readonly Ticket[], now: Date, refresh: () => unknown): void {
  const listed = tickets.filter(isListed)
  const ahead = listed.some((t) => t.productType === 'SUPPORT' && t.supportStatus === 'UNSUPPORTED' && t.reservationUnixTime !== null && (cardMayChange(t, now) || t.reservationUnixTime * 1000 > now.getTime()))
  useRefresh(
    () => {
      const at = new Date()
      if (listed.some((t) => cardMayChange(t, at))) refresh()
    },
    HOME_REFRESH_MS,
    ahead,
  )
}
