import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { searchTextOrNumber } from '../../contract/search-params'
import { sessionKeys } from '../adapters/session-store'
import { resolveErrorCode } from '../features/error/error-code'
import { ErrorView } from '../features/error/error-view'
import { TallPage } from '../ui/tall-page'

export const Route = createFileRoute('/error')({
  // The router parses `?code=404` as the number 404 and `?code=signup` as a string.
  validateSearch: v.object({ code: searchTextOrNumber }),
  beforeLoad: ({ context, search }) => {
    // product.md §2: RESERVATION_TIMEOUT also clears the stored purchase list.
    if (resolveErrorCode(search.code) === 'RESERVATION_TIMEOUT') context.services.session.remove(sessionKeys.purchaseList)
  },
  // A failed load of a tall page (src/ui/tall-page.tsx) lands here: holding a viewport too, the
  // error page does not pull the footer up into view when it replaces that page's spinner.
  staticData: { tallPage: true },
  component: ErrorPage,
})

function ErrorPage() {
  const { code } = Route.useSearch()
  return (
    <TallPage>
      <ErrorView code={resolveErrorCode(code)} />
    </TallPage>
  )
}
