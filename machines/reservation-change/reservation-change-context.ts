import type { Ticket } from '../../contract/entities'
import { parseReservationTime } from '../../contract/reservation-time'
import { savedBand, savedChoice, savedDay, type PurchaseState } from './saved-slot'
import { bandOfHour, landingBand, nextOpenDay, reservationTimeOf, type Band, type DateMove, type ScheduleView, type SlotChoice } from './schedule-slots'

/**
 * What the reservation-change chart remembers, where it starts, and how each arrow of `placingDay`
 * changes it: beside the chart (machines/reservation-change/reservation-change-machine.ts) so the
 * chart file keeps only states and arrows. Every function here is pure: context in, changes out.
 */

export type ReservationChangeInput = { ticketNumber?: string; productId?: string; today: string; saved?: PurchaseState | null }

export type ReservationChangeContext = {
  ticketNumber: string | null
  productId: string | null
  /** null when the product is unknown: the schedule call then answers `minutesToSupport None`. */
  minutesToSupport: number | null
  ticket: Ticket | null
  /** The day asked for, YYYYMMDD (Japan time). */
  date: string
  /** The schedule on screen (null until the first one is placed). */
  view: ScheduleView | null
  /** The schedule just loaded, while `placingDay` decides whether to show it. */
  loaded: ScheduleView | null
  band: Band
  choice: SlotChoice | null
  /** The last update failed with a 4xx: the slot was taken meanwhile (product.md §8). */
  slotTaken: boolean
  /** The slot chosen before going to /buy, to show again until the first schedule arrives. */
  saved: PurchaseState | null
  /** Landing: still looking for the first day with a free cell (ends at the first shown day). */
  seeking: boolean
  /** The first day looked at while seeking: shown again when no day of the window has a free cell. */
  firstView: ScheduleView | null
  /** Why the day shown differs from the day asked for; cleared by the member's next date choice. */
  moved: DateMove | null
}

export type ReservationChangeEvent =
  | { type: 'date.select'; date: string }
  | { type: 'band.select'; band: Band }
  | { type: 'slot.select'; choice: SlotChoice }
  | { type: 'modal.confirm' }
  | { type: 'modal.cancel' }

export type UpdateReservationInput = { ticketNumber: string; staffId: string | null; reservationTime: string; minutesToSupport: number }

export function initialContext(input: ReservationChangeInput): ReservationChangeContext {
  // Only a new purchase of the same product restores its slot; a change never does.
  const saved = !input.ticketNumber && input.saved && input.saved.productId === input.productId ? input.saved : null
  const day = saved && savedDay(saved)
  return {
    ticketNumber: input.ticketNumber || null,
    productId: input.productId || null,
    minutesToSupport: null,
    ticket: null,
    date: day ?? input.today,
    view: null,
    loaded: null,
    band: (saved && day && savedBand(saved)) || 'morning',
    choice: null,
    slotTaken: false,
    saved: day ? saved : null,
    seeking: !day,
    firstView: null,
    moved: null,
  }
}

/** A change opens on the reservation's own day and band, not on today. */
export function openOnReservation(context: ReservationChangeContext, ticket: Ticket): Partial<ReservationChangeContext> {
  const at = parseReservationTime(ticket.reservationTime)
  return {
    ticket,
    minutesToSupport: ticket.minutesToSupport,
    date: at ? at.ymd : context.date,
    band: (at && bandOfHour(at.hour)) || context.band,
  }
}

type Changes = Partial<ReservationChangeContext>

/** The server served another day than asked (holiday, not served): ask for that day, saying why once. */
export const reloadServedDay = (context: ReservationChangeContext): Changes => ({
  date: context.loaded!.schedule.selectDate,
  moved: context.moved ?? { from: context.date, reason: context.loaded!.holidays.includes(context.date) ? 'holiday' : 'closed' },
})

/** Landing on a full day: try the next open day, keeping the first day looked at. */
export const seekNextDay = (context: ReservationChangeContext): Changes => ({
  date: nextOpenDay(context.loaded!.schedule.selectDate, context.loaded!.holidays),
  firstView: context.firstView ?? context.loaded,
  moved: context.moved ?? { from: context.date, reason: 'full' },
})

/** No day of the window has a free cell: show the first day looked at, with its empty state. */
export const showFirstDayLooked = (context: ReservationChangeContext): Changes => {
  const view = context.firstView ?? context.loaded!
  return { view, loaded: null, date: view.schedule.selectDate, seeking: false, firstView: null, moved: null }
}

/** Back from /buy with the saved cell still open: show the day with that cell selected. */
export const showWithSavedSlot = (context: ReservationChangeContext): Changes => ({
  view: context.loaded,
  loaded: null,
  choice: savedChoice(context.loaded!, context.saved!),
  saved: null,
})

/**
 * Show the day just loaded. Landing, a band without a free cell gives way to the first band with
 * one; a saved slot (only ever kept when not landing) is forgotten, open or gone.
 */
export const showLoaded = (context: ReservationChangeContext): Changes => ({
  view: context.loaded,
  loaded: null,
  band: context.seeking ? landingBand(context.loaded!, context.band) : context.band,
  saved: null,
  seeking: false,
  firstView: null,
})

/** The chosen slot as the /support/staff → /buy hand-off (savePurchaseState). */
export const purchaseStateOf = (context: ReservationChangeContext): PurchaseState => ({
  productId: context.productId!,
  slotType: context.choice!.slotType,
  staffId: context.choice!.staffId,
  staffNickname: context.choice!.staffNickname,
  reservationTime: reservationTimeOf(context.view!.schedule.selectDate, context.choice!.time),
  minutesToSupport: context.minutesToSupport ?? 0,
})

/** The reservation update for the chosen slot (product.md §3 update-resevation-date). */
export const updateInputOf = (context: ReservationChangeContext): UpdateReservationInput => ({
  ticketNumber: context.ticketNumber!,
  staffId: context.choice!.staffId,
  reservationTime: reservationTimeOf(context.view!.schedule.selectDate, context.choice!.time),
  minutesToSupport: context.minutesToSupport ?? 0,
})
