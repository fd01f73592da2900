import type { FileHandler } from '../http/files'
import type { PartialHandlers } from '../http/handler'
import { ticketCalendarIcs } from '../services/booking/ticket-invite'
import { heldCoupons, holidayList, memberProfile, noticeLists, productsOnSale, reservationMenuList } from '../services/member/member-data'
import { assertChangeable, assertRatable, listTickets, loadOwnTicket, toTicket } from '../services/booking/tickets'

// Member reads that belong to no flow: the home (user-data) and the menu (products, reservation
// menus), and the ticket the reservation-change and rating flows open on.

export const memberDataHandlers: PartialHandlers<'user-data' | 'nowonsale-products' | 'reservation-menu-list' | 'ticket-data'> = {
  async 'user-data'({ input, deps, me }) {
    const m = me()
    const { db, clock } = deps
    switch (input.data) {
      case 'MEMBER':
        return memberProfile(m)
      case 'INFORMATION':
        return noticeLists(db, clock.now())
      case 'BUSSINESS_HOLIDAY':
        return holidayList(db)
      case 'MEMBER_COUPON':
        return { couponList: await heldCoupons(db, m.memberId, clock.now()) }
      case 'MEMBER_INTERVIEW_TICKET':
        return { interviewtTicketList: await listTickets(db, m.memberId, ['INTERVIEW']) }
      case 'MEMBER_SUPPORT_TICKET':
        return { supportTicketList: await listTickets(db, m.memberId, ['SUPPORT', 'ADD']) }
    }
  },

  async 'nowonsale-products'({ input, deps, me }) {
    me()
    return productsOnSale(deps.db, input.productType)
  },

  async 'reservation-menu-list'({ input, deps, me }) {
    me()
    return reservationMenuList(deps.db, input.estimatedMinute)
  },

  // Read by the reservation-change flow (CHANGE_RESERVATION) and by the rating flow (RATING).
  async 'ticket-data'({ input, deps, me }) {
    const m = me()
    const { ticket, staff: s } = await loadOwnTicket(deps.db, m.memberId, input.ticketNumber)
    if (input.action === 'CHANGE_RESERVATION') assertChangeable(ticket, deps.clock.now())
    else assertRatable(ticket)
    return toTicket(ticket, s)
  },
}

/**
 * The home card's 「カレンダーに追加」 (contract/file-calls.ts 'ticket-calendar'): `<ticketNumber>.ics`
 * of the caller's own booking, else a 404.
 */
export const ticketCalendarFile: FileHandler = ({ deps, name, member }) => ticketCalendarIcs(deps, member().memberId, name.slice(0, -'.ics'.length))
