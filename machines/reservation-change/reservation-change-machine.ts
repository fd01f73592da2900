import { and, assign, fromPromise, not, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { Ticket } from '../../src/contract/entities'
import {
  bandOfHour,
  bandSlotKeys,
  firstOpenBand,
  isSlotOpen,
  nextOpenDay,
  nobodyAvailable,
  reservationTimeOf,
  type Band,
  type DateMove,
  type ScheduleView,
  type SlotChoice,
} from './schedule-slots'
import { savedBand, savedChoice, savedDay, type PurchaseState } from './saved-slot'

/**
 * Reservation change and new-purchase slot selection (spec §2 /support/staff and
 * /support/reservation-date-change, §4 Reservation change, §8 ticket-data / schedule / update).
 *
 * starting ─ticketNumber─▶ loadingTicket ─▶ loadingSchedule ⇄ (selectDate ≠ dt: reload for it)
 *          ─productId───▶ loadingProduct ─▶ loadingSchedule ─▶ choosing.idle
 *          ─neither─────▶ leaving (goToMenu)
 * choosing.idle: date.select (reload) · band.select · slot.select
 *   change mode  ─slot.select─▶ confirming ─modal.confirm─▶ updating ─▶ leaving (goToComplete)
 *                  updating 4xx (slot taken meanwhile) ─▶ loadingSchedule with `slotTaken`
 *   purchase mode ─slot.select─▶ leaving (savePurchaseState, goToBuy)
 * Back from /buy (input `saved`, the handoff of the same product): the first load asks for the
 * saved day and band and shows the saved cell selected if still open, else `notifySavedSlotGone`.
 * Landing (`seeking`, issue 15): a change opens on the reservation's day and band; otherwise the
 * first day from today with a free cell is looked for (late in the evening today has none), and
 * the band shown is the first with a free cell. `moved` says why the day shown is not the one
 * asked for (holiday, not served, full), for the page to tell the member.
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
  view: ScheduleView | null
  band: Band
  choice: SlotChoice | null
  /** The last update failed with a 4xx: the slot was taken meanwhile (spec §8). */
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

type Failure = { status: number; message: string }
/** Errors arrive as the API client's ApiError; the chart only reads its status and message. */
const failure = (error: unknown): Failure => {
  const e = error as Partial<Failure> | null
  return { status: typeof e?.status === 'number' ? e.status : 500, message: typeof e?.message === 'string' ? e.message : '' }
}
const isClientStatus = (error: unknown) => failure(error).status >= 400 && failure(error).status < 500

export type UpdateReservationInput = { ticketNumber: string; staffId: string | null; reservationTime: string; minutesToSupport: number }

export const reservationChangeMachine = setup({
  types: {
    context: {} as ReservationChangeContext,
    input: {} as ReservationChangeInput,
    events: {} as ReservationChangeEvent,
  },
  guards: {
    hasTicketNumber: ({ context }) => context.ticketNumber !== null,
    hasProductId: ({ context }) => context.productId !== null,
    isChangeMode: ({ context }) => context.ticketNumber !== null,
    isReservationTimeout: ({ event }) => 'error' in event && isClientStatus(event.error) && failure(event.error).message.includes('RESERVATION_TIMEOUT'),
    isClientError: ({ event }) => 'error' in event && isClientStatus(event.error),
    isMinutesNone: ({ event }) => 'error' in event && failure(event.error).message.includes('minutesToSupport None'),
    // spec §4: the schedule served another day than asked (holiday, past, …): reload for it.
    servedOtherDate: ({ context, event }) => 'output' in event && (event.output as ScheduleView).schedule.selectDate !== context.date,
    // spec §5: today … 2 weeks ahead, the window the server reports.
    isDateInWindow: ({ context, event }) =>
      event.type === 'date.select' && !!context.view && event.date >= context.view.schedule.firstDate && event.date <= context.view.schedule.lastDate,
    isSlotOpen: ({ context, event }) => event.type === 'slot.select' && !!context.view && isSlotOpen(context.view, event.choice),
    hasSaved: ({ context }) => context.saved !== null,
    // Landing: the served day has no free cell and a later day of the window may have one.
    keepsSeeking: ({ context, event }) => {
      if (!context.seeking || !('output' in event)) return false
      const view = event.output as ScheduleView
      return nobodyAvailable(view) && nextOpenDay(view.schedule.selectDate, view.holidays) <= view.schedule.lastDate
    },
    seekExhausted: ({ context, event }) => context.seeking && 'output' in event && nobodyAvailable(event.output as ScheduleView),
    isSavedSlotOpen: ({ context, event }) => 'output' in event && context.saved !== null && savedChoice(event.output as ScheduleView, context.saved) !== null,
  },
  actors: {
    loadTicket: fromPromise<Ticket, { ticketNumber: string }>(async () => {
      throw new Error('provide loadTicket')
    }),
    loadProduct: fromPromise<{ minutesToSupport: number | null }, { productId: string }>(async () => {
      throw new Error('provide loadProduct')
    }),
    loadSchedule: fromPromise<ScheduleView, { dt: string; minutesToSupport: number | null; updateTargetTicketNumber: string | null }>(async () => {
      throw new Error('provide loadSchedule')
    }),
    updateReservation: fromPromise<unknown, UpdateReservationInput>(async () => {
      throw new Error('provide updateReservation')
    }),
  },
  actions: {
    goToError: (_, _params: { code: string }) => {},
    goToMenu: () => {},
    goToComplete: () => {},
    goToBuy: (_, _params: { productId: string }) => {},
    savePurchaseState: (_, _params: PurchaseState) => {},
    trackDateChange: (_, _params: { ticketNumber: string }) => {},
    notifySavedSlotGone: () => {},
  },
}).createMachine({
  id: 'reservationChange',
  context: ({ input }) => {
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
      band: (saved && day && savedBand(saved)) || 'morning',
      choice: null,
      slotTaken: false,
      saved: day ? saved : null,
      seeking: !day,
      firstView: null,
      moved: null,
    }
  },
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'hasTicketNumber', target: 'loadingTicket' },
        { guard: 'hasProductId', target: 'loadingProduct' },
        { target: 'leaving', actions: 'goToMenu' },
      ],
    },
    loadingTicket: {
      invoke: {
        src: 'loadTicket',
        input: ({ context }) => ({ ticketNumber: context.ticketNumber! }),
        onDone: {
          target: 'loadingSchedule',
          // Open on the reservation's own day and band (issue 15), not on today.
          actions: assign(({ context, event }) => {
            const at = /^SUPPORT-(\d{8})-(\d{2})-\d{2}$/.exec(event.output.reservationTime)
            return {
              ticket: event.output,
              minutesToSupport: event.output.minutesToSupport,
              date: at ? at[1] : context.date,
              band: (at && bandOfHour(Number(at[2]))) || context.band,
            }
          }),
        },
        // spec §8 ticket-data for date change.
        onError: [
          { guard: 'isReservationTimeout', target: 'leaving', actions: { type: 'goToError', params: { code: 'RESERVATION_TIMEOUT' } } },
          { guard: 'isClientError', target: 'leaving', actions: { type: 'goToError', params: { code: '400' } } },
          { target: 'leaving', actions: { type: 'goToError', params: ({ event }) => ({ code: String(failure(event.error).status) }) } },
        ],
      },
    },
    loadingProduct: {
      invoke: {
        src: 'loadProduct',
        input: ({ context }) => ({ productId: context.productId! }),
        onDone: { target: 'loadingSchedule', actions: assign({ minutesToSupport: ({ event }) => event.output.minutesToSupport }) },
        onError: { target: 'leaving', actions: { type: 'goToError', params: ({ event }) => ({ code: String(failure(event.error).status) }) } },
      },
    },
    loadingSchedule: {
      invoke: {
        src: 'loadSchedule',
        input: ({ context }) => ({ dt: context.date, minutesToSupport: context.minutesToSupport, updateTargetTicketNumber: context.ticketNumber }),
        onDone: [
          {
            guard: 'servedOtherDate',
            target: 'loadingSchedule',
            reenter: true,
            actions: assign({
              date: ({ event }) => event.output.schedule.selectDate,
              moved: ({ context, event }) => context.moved ?? { from: context.date, reason: event.output.holidays.includes(context.date) ? 'holiday' : 'closed' },
            }),
          },
          {
            guard: 'keepsSeeking',
            target: 'loadingSchedule',
            reenter: true,
            actions: assign({
              date: ({ event }) => nextOpenDay(event.output.schedule.selectDate, event.output.holidays),
              firstView: ({ context, event }) => context.firstView ?? event.output,
              moved: ({ context }) => context.moved ?? { from: context.date, reason: 'full' },
            }),
          },
          {
            // Nothing free in the whole window: show the first day looked at, with its empty state.
            guard: 'seekExhausted',
            target: 'choosing',
            actions: assign(({ context, event }) => {
              const view = context.firstView ?? event.output
              return { view, date: view.schedule.selectDate, seeking: false, firstView: null, moved: null }
            }),
          },
          {
            guard: 'isSavedSlotOpen',
            target: 'choosing',
            actions: assign({ view: ({ event }) => event.output, choice: ({ context, event }) => savedChoice(event.output, context.saved!), saved: null }),
          },
          { guard: 'hasSaved', target: 'choosing', actions: [assign({ view: ({ event }) => event.output, saved: null }), 'notifySavedSlotGone'] },
          {
            target: 'choosing',
            actions: assign({
              view: ({ event }) => event.output,
              // Landing: a band without a free cell gives way to the first band with one.
              band: ({ context, event }) => {
                if (!context.seeking) return context.band
                const open = bandSlotKeys(context.band).some((time) => isSlotOpen(event.output, { slotType: 'noAssign', staffId: null, time }))
                return open ? context.band : (firstOpenBand(event.output) ?? context.band)
              },
              seeking: false,
              firstView: null,
            }),
          },
        ],
        // spec §8 schedule load.
        onError: [
          { guard: 'isMinutesNone', target: 'leaving', actions: 'goToMenu' },
          { target: 'leaving', actions: { type: 'goToError', params: ({ event }) => ({ code: String(failure(event.error).status) }) } },
        ],
      },
    },
    choosing: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'date.select': {
              guard: 'isDateInWindow',
              target: '#reservationChange.loadingSchedule',
              actions: assign({ date: ({ event }) => event.date, choice: null, slotTaken: false, seeking: false, moved: null }),
            },
            'band.select': { actions: assign({ band: ({ event }) => event.band, choice: null }) },
            'slot.select': [
              {
                guard: and(['isSlotOpen', 'isChangeMode']),
                target: 'confirming',
                actions: assign({ choice: ({ event }) => event.choice, slotTaken: false }),
              },
              {
                guard: and(['isSlotOpen', not('isChangeMode')]),
                target: '#reservationChange.leaving',
                actions: [
                  assign({ choice: ({ event }) => event.choice }),
                  {
                    type: 'savePurchaseState',
                    params: ({ context, event }) => ({
                      productId: context.productId!,
                      slotType: event.choice.slotType,
                      staffId: event.choice.staffId,
                      staffNickname: event.choice.staffNickname,
                      reservationTime: reservationTimeOf(context.view!.schedule.selectDate, event.choice.time),
                      minutesToSupport: context.minutesToSupport ?? 0,
                    }),
                  },
                  { type: 'goToBuy', params: ({ context }) => ({ productId: context.productId! }) },
                ],
              },
            ],
          },
        },
        confirming: {
          on: {
            'modal.confirm': { target: 'updating' },
            'modal.cancel': { target: 'idle', actions: assign({ choice: null }) },
          },
        },
        updating: {
          invoke: {
            src: 'updateReservation',
            input: ({ context }) => ({
              ticketNumber: context.ticketNumber!,
              staffId: context.choice!.staffId,
              reservationTime: reservationTimeOf(context.view!.schedule.selectDate, context.choice!.time),
              minutesToSupport: context.minutesToSupport ?? 0,
            }),
            onDone: {
              target: '#reservationChange.leaving',
              actions: [{ type: 'trackDateChange', params: ({ context }) => ({ ticketNumber: context.ticketNumber! }) }, 'goToComplete'],
            },
            // spec §8 update: a 4xx means the slot went meanwhile: close the modal, say so, and
            // reload the day so the taken cell shows as unavailable.
            onError: [
              { guard: 'isClientError', target: '#reservationChange.loadingSchedule', actions: assign({ slotTaken: true, choice: null }) },
              { target: '#reservationChange.leaving', actions: { type: 'goToError', params: ({ event }) => ({ code: String(failure(event.error).status) }) } },
            ],
          },
        },
      },
    },
    leaving: { type: 'final' },
  },
})

export type ReservationChangeActorRef = ActorRefFrom<typeof reservationChangeMachine>
export type ReservationChangeSnapshot = SnapshotFrom<typeof reservationChangeMachine>
