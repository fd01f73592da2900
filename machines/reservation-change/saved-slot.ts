import type { SavedSlot } from '../../contract/purchase-handoff'
import { parseReservationTime, slotKeyOf } from '../../contract/reservation-time'
import { bandOfHour, isSlotOpen, type Band, type ScheduleView, type SlotChoice } from './schedule-slots'

/**
 * The slot chosen on /support/staff and handed to /buy, and how the grid finds it again when the
 * member comes back (back button, or STAFF_DENY from the checkout). Pure; not a chart.
 */

/** The /support/staff → /buy handoff kept in session storage (`mypage.purchaseState`; declared once in contract/purchase-handoff.ts). */
export type PurchaseState = SavedSlot

/** `SUPPORT-YYYYMMDD-HH-MM` → its day, hour and slot key (`hh-mm`), or null. */
const parseSaved = (saved: PurchaseState) => {
  const at = parseReservationTime(saved.reservationTime)
  return at ? { ymd: at.ymd, hour: at.hour, time: slotKeyOf(at) } : null
}

/** The saved day (YYYYMMDD), or null when the saved time is unreadable. */
export const savedDay = (saved: PurchaseState): string | null => parseSaved(saved)?.ymd ?? null

/** The time band holding the saved start (product.md §9 bands), or null outside every band. */
export function savedBand(saved: PurchaseState): Band | null {
  const at = parseSaved(saved)
  return (at && bandOfHour(at.hour)) || null
}

/** The saved slot as a grid choice, if the view shows its day and the cell is still open. */
export function savedChoice(view: ScheduleView, saved: PurchaseState): SlotChoice | null {
  const at = parseSaved(saved)
  if (!at || at.ymd !== view.schedule.selectDate) return null
  const choice: SlotChoice =
    saved.slotType === 'withStaff' && saved.staffId
      ? { slotType: 'withStaff', time: at.time, staffId: saved.staffId, staffNickname: saved.staffNickname ?? '' }
      : { slotType: 'noAssign', time: at.time, staffId: null, staffNickname: null }
  return isSlotOpen(view, choice) ? choice : null
}
