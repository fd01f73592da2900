import { TallPage } from '../../ui/tall-page'
import { ErrorView } from './error-view'

/**
 * What a page shows when its view threw (the router's default error component): the system error
 * page (product.md §2, code 500) in place of the page, never a blank screen or the router's own
 * English message. The error itself goes to the error reports (src/app/router.ts).
 */
export function RouteError() {
  return (
    <TallPage>
      <ErrorView code="500" />
    </TallPage>
  )
}
