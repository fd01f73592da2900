import type { Ticket } from '../../contract/entities'

// The ticket the home page's rule and card tests start from, at a pinned "now".
// Pinned "now": 2025-05-20 12:00 JST.
export const now = new Date('2025-05-20T03:00:00Z')
export const nowS = now.getTime() / 1000
export const inMinutes = (m: number) => nowS + m * 60

export function ticket(over: Partial<Ticket> = {}): Ticket {
  return {
    ticketNumber: 'S0001',
    isFreeTicket: false,
    amountRefunded: 0,
    reservationTime: 'SUPPORT-20250521-10-00',
    reservationUnixTime: inMinutes(60 * 22),
    productId: 'SUPPORT-60',
    productName: '60分サポートチケット',
    productType: 'SUPPORT',
    price: 5500,
    minutesToSupport: 60,
    staff: null,
    supportType: 'TEL',
    supportStatus: 'UNSUPPORTED',
    unsolvedAfterFollowContent: null,
    refundReason: null,
    alreadyRating: false,
    staffImageUrl: null,
    interviewTelNumber: null,
    reservationMenuList: [],
    purchaseTime: nowS - 86_400,
    ...over,
  }
}
