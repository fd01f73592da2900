import { LocalDateTime, ZoneId } from '@js-joda/core'
import '@js-joda/timezone'
import * as v from 'valibot'
import type { CheckoutParams, StoredAttempt } from '../../../machines/checkout/checkout-rules'
import { reservationTimePattern } from '../../contract/entities'
import type { BuySearch } from './buy-search'

const JST = ZoneId.of('Asia/Tokyo')

/** The /support/staff → /buy handoff (`mypage.purchaseState`). */
const PurchaseState = v.object({
  productId: v.string(),
  slotType: v.picklist(['noAssign', 'withStaff']),
  staffId: v.nullable(v.string()),
  staffNickname: v.nullable(v.string()),
  reservationTime: v.string(),
  minutesToSupport: v.number(),
})
export type PurchaseState = v.InferOutput<typeof PurchaseState>

export function parsePurchaseState(raw: string | null): PurchaseState | null {
  if (!raw) return null
  try {
    const r = v.safeParse(PurchaseState, JSON.parse(raw))
    return r.success ? r.output : null
  } catch {
    return null
  }
}

export function parseStoredAttempt(raw: string | null): StoredAttempt | null {
  if (!raw) return null
  try {
    const parsed = JSON.parse(raw) as StoredAttempt
    // token: null after a saved-card charge (kept so a reload finds the attempt, issue 12 item 5).
    return (typeof parsed.token === 'string' || parsed.token === null) && typeof parsed.idempotencyKey === 'string' && parsed.payload ? parsed : null
  } catch {
    return null
  }
}

/**
 * The params of spec §2: each query param falls back to the session's saved state (the slot of
 * /support/staff for the same product). null: the page cannot be shown (no productId).
 */
export function resolveParams(search: BuySearch, saved: PurchaseState | null): CheckoutParams | null {
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
 * spec §5 Immediate reservation: productId, reservationTime, supportType and staffId present; the
 * time is SUPPORT-YYYYMMDD-HH-MM and after now in Japan time; supportType TEL or ONLINE.
 */
export function isValidImmediateReservation(search: BuySearch, now: Date = new Date()): boolean {
  const { productId, reservationTime, supportType, staffId } = search
  if (!productId || !reservationTime || !supportType || !staffId) return false
  if (!reservationTimePattern.test(reservationTime)) return false
  if (supportType !== 'TEL' && supportType !== 'ONLINE') return false
  const [, ymd, hh, mm] = reservationTime.split('-')
  try {
    const at = LocalDateTime.of(Number(ymd.slice(0, 4)), Number(ymd.slice(4, 6)), Number(ymd.slice(6, 8)), Number(hh), Number(mm)).atZone(JST)
    return at.toInstant().toEpochMilli() > now.getTime()
  } catch {
    return false
  }
}

/** `SUPPORT-20250301-10-30` → `2025年3月1日 10:30` (Japan time, as stored). */
export function formatReservationTime(reservationTime: string | null): string | null {
  if (!reservationTime || !reservationTimePattern.test(reservationTime)) return null
  const [, ymd, hh, mm] = reservationTime.split('-')
  return `${Number(ymd.slice(0, 4))}年${Number(ymd.slice(4, 6))}月${Number(ymd.slice(6, 8))}日 ${hh}:${mm}`
}
