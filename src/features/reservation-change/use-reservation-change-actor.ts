import { errorSearch } from '../../ui/error-search'
import { useNavigate } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { useState } from 'react'
import { fromPromise } from 'xstate'
import { reservationChangeMachine } from '../../../machines/reservation-change/reservation-change-machine'
import type { PurchaseState } from '../../../machines/reservation-change/saved-slot'
import { sessionKeys } from '../../adapters/session-store'
import { flowInspect } from '../../adapters/flow-recorder'
import type { AnalyticsPort } from '../../adapters/analytics'
import type { SessionStore } from '../../adapters/session-store'
import type { ApiClient } from '../../api/client'
import { scheduleText } from '../../text/schedule'
import { toaster } from '../../ui/toaster'
import { todayJst } from '../../../contract/schedule-dates'
import { readStored, SavedSlot } from '../../../contract/purchase-handoff'

/**
 * The reservation-change chart with its effects, for the two routes that show the grid
 * (/support/staff and /support/reservation-date-change): the one place of the flow that calls the
 * API and `.provide`. Effects are the chart's named slots.
 */

/** The ports this flow uses (the app's services satisfy it). */
export type ReservationPorts = { api: ApiClient; session: SessionStore; analytics: AnalyticsPort }

/** The slot saved before /buy (`mypage.purchaseState`), checked by the hand-off's one schema; null when absent or unreadable. */
export const readSavedSlot = (session: SessionStore): PurchaseState | null => readStored(SavedSlot, session.get(sessionKeys.purchaseState))

export function useReservationChangeActor(services: ReservationPorts, params: { ticketNumber?: string; productId?: string }) {
  const navigate = useNavigate()
  const { api, session, analytics } = services
  // Read once: coming back from /buy (back button or STAFF_DENY) reopens the saved slot.
  const [saved] = useState(() => (params.ticketNumber ? null : readSavedSlot(session)))
  // Holidays do not change while the page is open: fetch them once per page.
  let holidays: Promise<string[]> | null = null
  const loadHolidays = () =>
    (holidays ??= api.call('user-data', { data: 'BUSSINESS_HOLIDAY' }).then((r) => (r.businnesHoliday ?? []).map((h) => h.ymd)))

  return useActorRef(
    reservationChangeMachine.provide({
      actors: {
        loadTicket: fromPromise(({ input }) => api.call('ticket-data', { ticketNumber: input.ticketNumber, action: 'CHANGE_RESERVATION' })),
        // An unknown product leaves minutes unset: the schedule then answers `minutesToSupport None` (→ menu).
        loadProduct: fromPromise(async ({ input }) => {
          const { productList } = await api.call('nowonsale-products', { productType: 'SUPPORT' })
          return { minutesToSupport: productList.find((p) => p.productId === input.productId)?.minutesToSupport ?? null }
        }),
        loadSchedule: fromPromise(async ({ input }) => {
          const [schedule, days] = await Promise.all([
            api.call('reservation-schedule', {
              dt: input.dt,
              minutesToSupport: input.minutesToSupport ?? undefined,
              updateTargetTicketNumber: input.updateTargetTicketNumber ?? undefined,
            }),
            loadHolidays(),
          ])
          return { schedule, holidays: days }
        }),
        updateReservation: fromPromise(({ input }) => api.call('update-resevation-date', input)),
      },
      actions: {
        // A numeric code as a number, so the URL reads `?code=404` (a string would be JSON-quoted).
        goToError: (_, { code }) => void navigate({ to: '/error', search: errorSearch(code), replace: true }),
        goToMenu: () => void navigate({ to: '/support/menu', replace: true }),
        goToComplete: ({ context }) =>
          // The confirmation reads the ticket to show the new date.
          void navigate({ to: '/reservationdate-change-complete', search: context.ticketNumber ? { ticketNumber: context.ticketNumber } : {} }),
        // /buy belongs to the checkout flow: typed search params, the slot from session storage.
        goToBuy: (_, { productId }) => void navigate({ to: '/buy', search: { productId } }),
        savePurchaseState: (_, state) => session.set(sessionKeys.purchaseState, JSON.stringify(state)),
        trackDateChange: (_, { ticketNumber }) => analytics.event('reservation_date_change', { ticketNumber }),
        notifySavedSlotGone: () => void toaster.create({ id: 'saved-slot-gone', title: scheduleText.savedSlotGone, type: 'warning' }),
        forgetSavedSlot: () => session.remove(sessionKeys.purchaseState),
      },
    }),
    { input: { ...params, today: todayJst(), saved }, inspect: flowInspect },
  )
}
