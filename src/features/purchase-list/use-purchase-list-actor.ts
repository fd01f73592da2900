import { errorSearch } from '../../ui/error-search'
import { useNavigate } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { DEFAULT_PERIOD, purchaseListMachine, type PurchasePage } from '../../../machines/purchase-list/purchase-list-machine'
import { flowInspect } from '../../adapters/flow-recorder'
import { sessionKeys, type SessionStore } from '../../adapters/session-store'
import type { ApiClient } from '../../api/client'
import { periodFromSearch } from './purchase-periods'

/** The ports the payment history uses (the app's services satisfy it). */
export type PurchaseListPorts = { api: ApiClient; session: SessionStore }

/**
 * The payment-history chart with its effects: the one place of the flow that calls the API and
 * `.provide`. `year` is the page's `?year=` as the router parsed it.
 */
export function usePurchaseListActor({ api, session }: PurchaseListPorts, year: string | number | undefined) {
  const navigate = useNavigate()
  return useActorRef(
    purchaseListMachine.provide({
      actors: {
        fetchPage: fromPromise(async ({ input }) => {
          // The first page of the default period is cached for the session; a charge and the
          // RESERVATION_TIMEOUT error page drop it (product.md §2, §4).
          const cacheable = input.key === null && input.period === DEFAULT_PERIOD
          const cached = cacheable ? session.get(sessionKeys.purchaseList) : null
          if (cached) {
            try {
              return JSON.parse(cached) as PurchasePage
            } catch {
              session.remove(sessionKeys.purchaseList)
            }
          }
          const page = await api.call('purchase-list', { period: input.period, ...(input.key ?? {}) })
          if (cacheable) session.set(sessionKeys.purchaseList, JSON.stringify(page))
          return page
        }),
      },
      actions: {
        goToError: (_, { code }) => void navigate({ to: '/error', search: errorSearch(code) }),
      },
    }),
    { input: { period: periodFromSearch(year) }, inspect: flowInspect },
  )
}
