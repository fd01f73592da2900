import { and, desc, eq, isNull } from 'drizzle-orm'
import type { ProductId } from '../../../contract/ids'
import { apiErrors } from '../../../contract/messages'
import type { StripePayment } from '../../adapters/stripe-payment'
import { members, savedCards, staff, tickets } from '../../db/schema'
import { formatReservationTime } from '../../domain/time'
import { invalid, notFound, serverErrors } from '../../domain/errors'
import type { Deps, MemberRow } from '../deps'
import { toStaffProfile } from '../booking/tickets'
import { loadSaleProduct } from './pricing'

const brands = ['Visa', 'MasterCard', 'JCB', 'American Express', 'Diners Club', 'Discover'] as const

/**
 * `charge-data`: what the checkout opens on — the product (only one on sale, as charge itself),
 * the member's last saved card, the brands taken, the consultant asked for, and the consultation an
 * ADD or TIP is bought on.
 */
export async function chargeData(deps: Deps, member: MemberRow, productId: ProductId, staffId: string | undefined, parentTicketNumber?: string) {
  const { db } = deps
  const p = await loadSaleProduct(db, productId)
  // The consultation an ADD or TIP is bought on: the member's own SUPPORT ticket (404 otherwise,
  // as `charge` answers), so /buy can name what it extends.
  let parent = null
  if (parentTicketNumber) {
    const [row] = await db
      .select({ t: tickets, nickname: staff.staffNickname })
      .from(tickets)
      .leftJoin(staff, eq(staff.staffId, tickets.staffId))
      .where(and(eq(tickets.ticketNumber, parentTicketNumber), eq(tickets.memberId, member.memberId), eq(tickets.productType, 'SUPPORT')))
    if (!row) throw notFound(serverErrors.ticketNotFound)
    parent = {
      ticketNumber: row.t.ticketNumber,
      reservationTime: row.t.reservationAt ? formatReservationTime(row.t.reservationAt) : row.t.productType,
      minutesToSupport: row.t.minutesToSupport,
      staffNickname: row.nickname,
    }
  }
  let staffProfile = null
  if (staffId) {
    const [s] = await db.select().from(staff).where(eq(staff.staffId, staffId))
    if (!s) throw invalid(apiErrors.staffNotFound)
    staffProfile = toStaffProfile(s)
  }
  const [card] = await db.select().from(savedCards).where(eq(savedCards.memberId, member.memberId)).orderBy(desc(savedCards.createdAt)).limit(1)
  return {
    product: { productId: p.productId, productType: p.productType, productName: p.productName, minutesToSupport: p.minutesToSupport, price: p.price },
    creditcard: card ? { cardBrand: card.cardBrand, cardLast4: card.cardLast4, cardId: card.cardId } : null,
    availableCardBrandList: [...brands],
    staff: staffProfile,
    parent,
  }
}

/** The member's Stripe Customer id, created and stored on first use (one per member). */
export async function stripeCustomer(deps: Deps, payment: StripePayment, member: MemberRow): Promise<string> {
  const { db } = deps
  if (member.stripeCustomerId) return member.stripeCustomerId
  const created = await payment.createCustomer({ memberId: member.memberId, email: member.email })
  // A concurrent first call stored one already: keep that (Stripe answered it the same Customer).
  await db.update(members).set({ stripeCustomerId: created }).where(and(eq(members.memberId, member.memberId), isNull(members.stripeCustomerId)))
  const [row] = await db.select({ id: members.stripeCustomerId }).from(members).where(eq(members.memberId, member.memberId))
  return row?.id ?? created
}
