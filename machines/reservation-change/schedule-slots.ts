import type { ReservationScheduleResponse } from '../../contract/calls'
import type { StaffSchedule } from '../../contract/entities'
import { bandHours, bandOfHour, bands, type Band } from '../../contract/reservation-rules'
import { plusDays, reservationAtSlot, reservationTimeOf as writeReservationTime } from '../../contract/reservation-time'

/**
 * Pure rules of the consultant grid (product.md §2 "Staff schedule grid", §9 time bands and staff
 * ratio), shared by the reservation-change chart's guards and the grid's view so both agree.
 * Not a chart: scripts/flows.ts reads only `*-machine.ts` files.
 */

// product.md §9 time bands 9–13, 13–17, 17–21: the contract's, shared with the server's slot rule.
export { bandHours, bandOfHour, bands, type Band }

const pad = (n: number) => String(n).padStart(2, '0')

/** The 8 slot keys (`hh-mm`, product.md §3) of a band: 0- and 30-minute columns of each hour. */
export const bandSlotKeys = (band: Band): string[] => bandHours[band].flatMap((h) => [`${pad(h)}-00`, `${pad(h)}-30`])

/** `10-30` → `10:30`. */
export const slotLabel = (key: string): string => key.replace('-', ':')

/** What a chosen cell carries (product.md §2: typed noAssign or withStaff). */
export type SlotChoice =
  | { slotType: 'noAssign'; time: string; staffId: null; staffNickname: null }
  | { slotType: 'withStaff'; time: string; staffId: string; staffNickname: string }

/** The schedule a grid shows: the server's answer plus the business holidays (YYYYMMDD). */
export type ScheduleView = { schedule: ReservationScheduleResponse; holidays: string[] }

/** Keys may come as `hh#mm` from the original backend (product.md §3): normalise to `hh-mm`. */
export const normaliseSlots = (slots: Record<string, boolean>): Record<string, boolean> =>
  Object.fromEntries(Object.entries(slots).map(([k, v]) => [k.replace('#', '-'), v]))

export const isHoliday = (view: ScheduleView): boolean => view.holidays.includes(view.schedule.selectDate)

/** product.md §4: business holidays make every slot unavailable; else the slot map decides. */
export function isSlotOpen(view: ScheduleView, choice: Pick<SlotChoice, 'slotType' | 'staffId' | 'time'>): boolean {
  if (isHoliday(view)) return false
  if (choice.slotType === 'noAssign') return normaliseSlots(view.schedule.noAssignSchedules)[choice.time] === true
  const staff = view.schedule.staffSchedules.find((s) => s.staffId === choice.staffId)
  return !!staff && normaliseSlots(staff.schedules)[choice.time] === true
}

/** product.md §2: only consultants available at some time of the day get a row. */
export const availableStaff = (view: ScheduleView): StaffSchedule[] =>
  isHoliday(view) ? [] : view.schedule.staffSchedules.filter((s) => s.isAvailableAnyTime || Object.values(s.schedules).some(Boolean))

/** Nobody can be booked this day: the grid shows the spec's empty-state text. */
export const nobodyAvailable = (view: ScheduleView): boolean =>
  isHoliday(view) || !Object.values(view.schedule.noAssignSchedules).some(Boolean)

/**
 * product.md §9 staff ratio: (completed − unsolved) / completed as a percent, floored; 0 becomes 50;
 * not a number (no completed support yet) becomes 0.
 */
export function staffRatio(completed: number, unsolved: number): number {
  const ratio = Math.floor(((completed - unsolved) / completed) * 100)
  // 0/0 is NaN; a negative over zero completed is -Infinity: neither is a number to show.
  if (!Number.isFinite(ratio)) return 0
  if (ratio === 0) return 50
  return ratio
}

/**
 * A consultant with no completed support yet: product.md §9's ratio is 0 for them (kept in the data),
 * but the grid shows them as new (新人), not as a 0 % failure with grey stars.
 */
export const isNewStaff = (staff: Pick<StaffSchedule, 'supportCompleteCount'>): boolean => !(staff.supportCompleteCount > 0)

/** The first band with an open cell (anybody, "no preference"), or null when the day has none. */
export function firstOpenBand(view: ScheduleView): Band | null {
  if (isHoliday(view)) return null
  const open = normaliseSlots(view.schedule.noAssignSchedules)
  return bands.find((b) => bandSlotKeys(b).some((k) => open[k] === true)) ?? null
}

/** The day after `ymd` (YYYYMMDD) that is no business holiday; calendar arithmetic in UTC, no zone. */
export function nextOpenDay(ymd: string, holidays: readonly string[]): string {
  let out = ymd
  // At most one step per holiday and one more, and never past the last day there is (plusDays
  // null): a walk that kept a day it could not leave never ended (docs/api.md "Bounds").
  for (let steps = 0; steps <= holidays.length; steps++) {
    const next = plusDays(out, 1)
    if (next === null) return out
    out = next
    if (!holidays.includes(out)) return out
  }
  return out
}

/** Why the day shown is not the day asked for: a business holiday, a day the server does not serve, or no free cell left. */
export type DateMove = { from: string; reason: 'holiday' | 'closed' | 'full' }

/** `SUPPORT-YYYYMMDD-HH-MM` (product.md §3) from a day and a slot key, written by the contract ('' when unreadable). */
export const reservationTimeOf = (ymd: string, time: string): string => {
  const at = reservationAtSlot(ymd, time)
  return at ? writeReservationTime(at) : ''
}

/** Landing: the day has no free cell and a later day of the window may have one. */
export const laterDayMayHaveRoom = (view: ScheduleView): boolean =>
  nobodyAvailable(view) && nextOpenDay(view.schedule.selectDate, view.holidays) <= view.schedule.lastDate

/** Landing: the band asked for when it has a free cell ("no preference"), else the first band with one. */
export function landingBand(view: ScheduleView, band: Band): Band {
  const open = bandSlotKeys(band).some((time) => isSlotOpen(view, { slotType: 'noAssign', staffId: null, time }))
  return open ? band : (firstOpenBand(view) ?? band)
}
