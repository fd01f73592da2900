import { redirect } from '@tanstack/react-router'
import { sessionKeys, type SessionStore } from '../../adapters/session-store'
import { clockOf, instantOf, parseReservationTime, parseYmd } from '../../../contract/reservation-time'
import type { BuySearch } from '../../../contract/buy-search'
import { readStored, SavedSlot, type PurchaseHandoff } from '../../../contract/purchase-handoff'

// The /buy boundary. Its date rules are contract/reservation-time.ts (no js-joda).

/** The slot /support/staff saved (`mypage.purchaseState`), or null when absent or unreadable. */
export const readSavedSlot = (session: SessionStore): SavedSlot | null => readStored(SavedSlot, session.get(sessionKeys.purchaseState))

/**
 * The hand-off of product.md §2: each query param falls back to the session's saved slot (for the same
 * product). null: the page cannot be shown (no productId).
 */
export function resolveParams(search: BuySearch, saved: SavedSlot | null): PurchaseHandoff | null {
  const productId = search.productId || saved?.productId
  if (!productId) return null
  const slot = saved && saved.productId === productId ? saved : null
  const supportType = search.supportType === 'TEL' || search.supportType === 'ONLINE' ? search.supportType : null
  return {
    productId,
    reserveNow: search.reserveNow === 'true',
    staffId: search.staffId || slot?.staffId || null,
    parentTicketNumber: search.parentTicketNumber || null,
    reservationTime: search.reservationTime || slot?.reservationTime || null,
    supportType,
  }
}

/**
 * /buy's beforeLoad: an invalid immediate reservation is error 404 (product.md §5); without a product
 * the member goes to /support/menu with a toast (product.md §4); else the hand-off the chart starts with.
 */
export function resolveCheckout(session: SessionStore, search: BuySearch): { checkoutParams: PurchaseHandoff } {
  if (search.reserveNow === 'true' && !isValidImmediateReservation(search)) throw redirect({ to: '/error', search: { code: 404 } })
  const params = resolveParams(search, readSavedSlot(session))
  if (!params) throw redirect({ to: '/support/menu', state: { displayToast: true } })
  return { checkoutParams: params }
}

/**
 * product.md §5 Immediate reservation: productId, reservationTime, supportType and staffId present; the
 * time is SUPPORT-YYYYMMDD-HH-MM and after now in Japan time; supportType TEL or ONLINE.
 */
export function isValidImmediateReservation(search: BuySearch, now: Date = new Date()): boolean {
  const { productId, reservationTime, supportType, staffId } = search
  if (!productId || !reservationTime || !supportType || !staffId) return false
  const at = parseReservationTime(reservationTime)
  if (!at) return false
  if (supportType !== 'TEL' && supportType !== 'ONLINE') return false
  return instantOf(at) > now.getTime()
}

/** `SUPPORT-20250301-10-30` → `2025年3月1日 10:30` (Japan time, as stored). */
export function formatReservationTime(reservationTime: string | null): string | null {
  const at = parseReservationTime(reservationTime)
  const d = at && parseYmd(at.ymd)
  return at && d ? `${d.year}年${d.month}月${d.day}日 ${clockOf(at)}` : null
}
