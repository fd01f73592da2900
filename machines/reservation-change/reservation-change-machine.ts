import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { Ticket } from '../../contract/entities'
import { changeRefusalMessages } from '../../contract/messages'
import { failureCodeParams, failureMessage, isClientFailure } from '../shared/api-failure'
import {
  initialContext,
  openOnReservation,
  purchaseStateOf,
  reloadServedDay,
  seekNextDay,
  showFirstDayLooked,
  showLoaded,
  showWithSavedSlot,
  updateInputOf,
  type ReservationChangeContext,
  type ReservationChangeEvent,
  type ReservationChangeInput,
  type UpdateReservationInput,
} from './reservation-change-context'
import { savedChoice, type PurchaseState } from './saved-slot'
import { isSlotOpen, laterDayMayHaveRoom, nobodyAvailable, type ScheduleView } from './schedule-slots'

export type { ReservationChangeContext, ReservationChangeEvent, ReservationChangeInput, UpdateReservationInput } from './reservation-change-context'

/**
 * Reservation change and new-purchase slot selection (product.md §2 /support/staff and
 * /support/reservation-date-change, §4 Reservation change, §8 ticket-data / schedule / update).
 *
 * starting ─[hasTicketNumber]─▶ loadingTicket ─▶ loadingSchedule
 *          ─[hasProductId]───▶ loadingProduct ─▶ loadingSchedule
 *          ─neither──────────▶ toMenu
 * loadingSchedule ─done─▶ placingDay: another day served, or (landing) a full day with a later one
 *   to try ─▶ loadingSchedule again; else ─▶ choosing.idle (the saved slot selected if still open)
 * choosing.idle: date.select (reload) · band.select · slot.select [isSlotOpen] ─▶ slotChosen
 *   slotChosen ─[isChangeMode]─▶ confirming ─modal.confirm─▶ updating ─▶ toComplete
 *              updating 4xx (slot taken meanwhile) ─▶ loadingSchedule with `slotTaken`
 *   slotChosen ─purchase──────▶ toBuy (savePurchaseState, goToBuy)
 * Failures ─▶ toError (goToError with the code), `minutesToSupport None` ─▶ toMenu. A change link of a
 * booking that can no longer change (refunded, or over) goes to the error page that says which.
 * One final state per exit: the goTo* action on the arrow into it says where.
 * Back from /buy (input `saved`), the first load asks for the saved day and band and shows the
 * saved cell selected if still open, else `notifySavedSlotGone` and `forgetSavedSlot` (told once,
 * never again on a later purchase). Landing (`seeking`): a change opens on the reservation's day and band; otherwise the first day from today with a free
 * cell is looked for, and the band shown is the first with a free cell. `moved` says why the day
 * shown is not the one asked for (holiday, not served, full). Context: ./reservation-change-context.ts.
 */

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
    isReservationTimeout: ({ event }) => 'error' in event && isClientFailure(event.error) && failureMessage(event.error).includes('RESERVATION_TIMEOUT'),
    isClientError: ({ event }) => 'error' in event && isClientFailure(event.error),
    // The booking cannot change any more (contract/messages.ts changeRefusalMessages): its old link says why.
    isBookingRefunded: ({ event }) => 'error' in event && isClientFailure(event.error) && failureMessage(event.error) === changeRefusalMessages.refunded,
    isBookingClosed: ({ event }) => 'error' in event && isClientFailure(event.error) && failureMessage(event.error) === changeRefusalMessages.notChangeable,
    isMinutesNone: ({ event }) => 'error' in event && failureMessage(event.error).includes('minutesToSupport None'),
    // product.md §4: the schedule served another day than asked (holiday, past, …): reload for it.
    servedOtherDate: ({ context }) => !!context.loaded && context.loaded.schedule.selectDate !== context.date,
    // product.md §5: today … 2 weeks ahead, the window the server reports.
    isDateInWindow: ({ context, event }) => {
      assertEvent(event, 'date.select')
      return !!context.view && event.date >= context.view.schedule.firstDate && event.date <= context.view.schedule.lastDate
    },
    isSlotOpen: ({ context, event }) => {
      assertEvent(event, 'slot.select')
      return !!context.view && isSlotOpen(context.view, event.choice)
    },
    hasSaved: ({ context }) => context.saved !== null,
    // Landing: the served day has no free cell and a later day of the window may have one.
    keepsSeeking: ({ context }) => context.seeking && !!context.loaded && laterDayMayHaveRoom(context.loaded),
    seekExhausted: ({ context }) => context.seeking && !!context.loaded && nobodyAvailable(context.loaded),
    isSavedSlotOpen: ({ context }) => !!context.loaded && context.saved !== null && savedChoice(context.loaded, context.saved) !== null,
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
    /** The saved slot is gone: forget the stored one, so it is told once (product.md §8 charge). */
    forgetSavedSlot: () => {},
  },
}).createMachine({
  id: 'reservationChange',
  context: ({ input }) => initialContext(input),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'hasTicketNumber', target: 'loadingTicket' },
        { guard: 'hasProductId', target: 'loadingProduct' },
        { target: 'toMenu', actions: 'goToMenu' },
      ],
    },
    loadingTicket: {
      invoke: {
        src: 'loadTicket',
        input: ({ context }) => ({ ticketNumber: context.ticketNumber! }),
        onDone: { target: 'loadingSchedule', actions: assign(({ context, event }) => openOnReservation(context, event.output)) },
        // product.md §8 ticket-data for date change.
        onError: [
          { guard: 'isReservationTimeout', target: 'toError', actions: { type: 'goToError', params: { code: 'RESERVATION_TIMEOUT' } } },
          { guard: 'isBookingRefunded', target: 'toError', actions: { type: 'goToError', params: { code: 'reservationRefunded' } } },
          { guard: 'isBookingClosed', target: 'toError', actions: { type: 'goToError', params: { code: 'reservationClosed' } } },
          { guard: 'isClientError', target: 'toError', actions: { type: 'goToError', params: { code: '400' } } },
          { target: 'toError', actions: { type: 'goToError', params: failureCodeParams } },
        ],
      },
    },
    loadingProduct: {
      invoke: {
        src: 'loadProduct',
        input: ({ context }) => ({ productId: context.productId! }),
        onDone: { target: 'loadingSchedule', actions: assign({ minutesToSupport: ({ event }) => event.output.minutesToSupport }) },
        onError: { target: 'toError', actions: { type: 'goToError', params: failureCodeParams } },
      },
    },
    loadingSchedule: {
      tags: ['loading'],
      invoke: {
        src: 'loadSchedule',
        input: ({ context }) => ({ dt: context.date, minutesToSupport: context.minutesToSupport, updateTargetTicketNumber: context.ticketNumber }),
        onDone: { target: 'placingDay', actions: assign({ loaded: ({ event }) => event.output }) },
        // product.md §8 schedule load.
        onError: [
          { guard: 'isMinutesNone', target: 'toMenu', actions: 'goToMenu' },
          { target: 'toError', actions: { type: 'goToError', params: failureCodeParams } },
        ],
      },
    },
    // Transient: decides whether the day just loaded is the one to show.
    placingDay: {
      always: [
        { guard: 'servedOtherDate', target: 'loadingSchedule', actions: assign(({ context }) => reloadServedDay(context)) },
        { guard: 'keepsSeeking', target: 'loadingSchedule', actions: assign(({ context }) => seekNextDay(context)) },
        // Nothing free in the whole window: show the first day looked at, with its empty state.
        { guard: 'seekExhausted', target: 'choosing', actions: assign(({ context }) => showFirstDayLooked(context)) },
        { guard: 'isSavedSlotOpen', target: 'choosing', actions: assign(({ context }) => showWithSavedSlot(context)) },
        { guard: 'hasSaved', target: 'choosing', actions: [assign(({ context }) => showLoaded(context)), 'notifySavedSlotGone', 'forgetSavedSlot'] },
        // Landing: a band without a free cell gives way to the first band with one.
        { target: 'choosing', actions: assign(({ context }) => showLoaded(context)) },
      ],
    },
    choosing: {
      initial: 'idle',
      states: {
        idle: {
          tags: ['picking'],
          on: {
            'date.select': {
              guard: 'isDateInWindow',
              target: '#reservationChange.loadingSchedule',
              actions: assign({ date: ({ event }) => event.date, choice: null, slotTaken: false, seeking: false, moved: null }),
            },
            'band.select': { actions: assign({ band: ({ event }) => event.band, choice: null }) },
            'slot.select': { guard: 'isSlotOpen', target: 'slotChosen', actions: assign({ choice: ({ event }) => event.choice, slotTaken: false }) },
          },
        },
        // Transient: a change asks for confirmation; a new purchase goes on to payment.
        slotChosen: {
          always: [
            { guard: 'isChangeMode', target: 'confirming' },
            {
              target: '#reservationChange.toBuy',
              actions: [
                { type: 'savePurchaseState', params: ({ context }) => purchaseStateOf(context) },
                { type: 'goToBuy', params: ({ context }) => ({ productId: context.productId! }) },
              ],
            },
          ],
        },
        confirming: {
          tags: ['confirmOpen'],
          on: {
            'modal.confirm': { target: 'updating' },
            'modal.cancel': { target: 'idle', actions: assign({ choice: null }) },
          },
        },
        updating: {
          tags: ['confirmOpen', 'updating'],
          invoke: {
            src: 'updateReservation',
            input: ({ context }) => updateInputOf(context),
            onDone: {
              target: '#reservationChange.toComplete',
              actions: [{ type: 'trackDateChange', params: ({ context }) => ({ ticketNumber: context.ticketNumber! }) }, 'goToComplete'],
            },
            // product.md §8 update: a 4xx means the slot went meanwhile: close the modal, say so, and
            // reload the day so the taken cell shows as unavailable.
            onError: [
              { guard: 'isClientError', target: '#reservationChange.loadingSchedule', actions: assign({ slotTaken: true, choice: null }) },
              { target: '#reservationChange.toError', actions: { type: 'goToError', params: failureCodeParams } },
            ],
          },
        },
      },
    },
    // One final state per exit: the page is done; the goTo* action says where.
    toComplete: { type: 'final' },
    toBuy: { type: 'final' },
    toMenu: { type: 'final' },
    toError: { type: 'final' },
  },
})

export type ReservationChangeActorRef = ActorRefFrom<typeof reservationChangeMachine>
export type ReservationChangeSnapshot = SnapshotFrom<typeof reservationChangeMachine>
