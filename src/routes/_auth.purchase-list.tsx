import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { searchTextOrNumber } from '../../contract/search-params'
import { PurchaseListPage } from '../features/purchase-list/purchase-list-page'
import { usePurchaseListActor } from '../features/purchase-list/use-purchase-list-actor'
import { TallPage } from '../ui/tall-page'

export const Route = createFileRoute('/_auth/purchase-list')({
  // The router parses `?year=2025` as a number.
  validateSearch: v.object({ year: searchTextOrNumber }),
  // Twenty rows or none: no placeholder can know the list's height before it arrives. The page
  // holds a viewport and so does its spinner (src/ui/tall-page.tsx), so the footer is never painted
  // in view and then pushed out by the rows, nor pulled up by an empty history.
  staticData: { tallPage: true },
  component: PurchaseList,
})

function PurchaseList() {
  const actor = usePurchaseListActor(Route.useRouteContext().services, Route.useSearch().year)
  return (
    <TallPage>
      <PurchaseListPage actor={actor} />
    </TallPage>
  )
}
