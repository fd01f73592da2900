import type { Ticket } from '../../../contract/entities'
import { cardMayChange, isListed } from '../../../contract/ticket-rules'
import { useFresh, useRefresh } from '../../ui/use-refresh'
import type { HomeData } from './load-home'

/** How often the home reads its cards again while one of them may change (decision 121). */
const HOME_REFRESH_MS = 30_000

/** The home as drawn: its data and the moment it was read for. */
export type ShownHome = { data: HomeData; now: Date }

/**
 * The home as it stands now: `initial` (the page's first read), read again in place (`read`) every
 * 30 s while a held booking's card may change without the member (contract/ticket-rules.ts
 * `cardMayChange`: a consultant's outcome, the room closing, the end passing), so the card follows
 * what the consultant records without a reload (decision 121). Watched while the page holds a
 * booking not yet over; each tick asks the rule at that moment, so a booking still hours ahead
 * costs no reads until its time comes. Both the home's own start (src/app/home-start.tsx) and the
 * app's route draw what this returns.
 */
export function useFreshHome(initial: ShownHome, read: () => Promise<ShownHome>): ShownHome {
  const [shown, refresh] = useFresh(initial, read)
  const listed = shown.data.supportTickets.filter(isListed)
  const ahead = listed.some((t) => watched(t) && (cardMayChange(t, shown.now) || t.reservationUnixTime! * 1000 > shown.now.getTime()))
  useRefresh(
    () => {
      const at = new Date()
      if (listed.some((t) => cardMayChange(t, at))) refresh()
    },
    HOME_REFRESH_MS,
    ahead,
  )
  return shown
}

const watched = (t: Ticket) => t.productType === 'SUPPORT' && t.supportStatus === 'UNSUPPORTED' && t.reservationUnixTime !== null
