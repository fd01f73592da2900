import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import * as v from 'valibot'
import { fromPromise } from 'xstate'
import { DEFAULT_PERIOD, purchaseListMachine, type PurchasePage } from '../../machines/purchase-list/purchase-list-machine'
import { sessionKeys } from '../adapters/session-store'
import { PurchaseListPage } from '../features/purchase-list/purchase-list-page'
import { periodFromSearch } from '../features/purchase-list/purchase-periods'
import { flowInspect } from '../adapters/flow-recorder'
import { TallPage } from '../ui/tall-page'

export const Route = createFileRoute('/_auth/purchase-list')({
  // The router parses `?year=2025` as a number.
  validateSearch: v.object({ year: v.optional(v.union([v.string(), v.number()])) }),
  // Twenty rows or none: no placeholder can know the list's height before it arrives. The page
  // holds a viewport and so does its spinner (src/ui/tall-page.tsx), so the footer is never painted
  // in view and then pushed out by the rows, nor pulled up by an empty history (issue 8).
  staticData: { tallPage: true },
  component: PurchaseList,
})

function PurchaseList() {
  const { services } = Route.useRouteContext()
  const { year } = Route.useSearch()
  const navigate = useNavigate()
  const actor = useActorRef(
    purchaseListMachine.provide({
      actors: {
        fetchPage: fromPromise(async ({ input }) => {
          // The first page of the default period is cached for the session; a charge and the
          // RESERVATION_TIMEOUT error page drop it (spec §2, §4).
          const cacheable = input.key === null && input.period === DEFAULT_PERIOD
          const cached = cacheable ? services.session.get(sessionKeys.purchaseList) : null
          if (cached) {
            try {
              return JSON.parse(cached) as PurchasePage
            } catch {
              services.session.remove(sessionKeys.purchaseList)
            }
          }
          const page = await services.api.call('purchase-list', {
            period: input.period,
            ...(input.key ?? {}),
          })
          if (cacheable) services.session.set(sessionKeys.purchaseList, JSON.stringify(page))
          return page
        }),
      },
      actions: {
        goToError: (_, { code }) => void navigate({ to: '/error', search: { code } }),
      },
    }),
    { input: { period: periodFromSearch(year) }, inspect: flowInspect },
  )
  return (
    <TallPage>
      <PurchaseListPage actor={actor} />
    </TallPage>
  )
}
