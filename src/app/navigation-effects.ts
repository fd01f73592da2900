import type { HistoryState } from '@tanstack/react-router'
import type { AnalyticsPort } from '../adapters/analytics'
import type { AppRouter } from './router'

/**
 * App-wide navigation behaviour of product.md §2:
 *  - scroll to the top when the page (path) changes;
 *  - going back from a page that was opened with `usingBackButton` in its history state sends
 *    the member to / instead of the previous page (e.g. a completed purchase must not be re-entered);
 *  - a page view for analytics.
 */
export function installNavigationEffects(router: AppRouter, analytics: AnalyticsPort, options: { handedOver?: boolean } = {}): () => void {
  // A page handed over by its own start (src/app/home-start.tsx) was already counted and may be
  // scrolled: the app's first page is that page, not a new one.
  let first = options.handedOver === true
  const offResolved = router.subscribe('onResolved', ({ pathChanged, toLocation }) => {
    const handedPage = first
    first = false
    if (!pathChanged || handedPage) return
    window.scrollTo(0, 0)
    analytics.pageView(toLocation.pathname)
  })

  let current: HistoryState = router.history.location.state
  const offHistory = router.history.subscribe(({ location, action }) => {
    const left = current
    current = location.state
    if (action.type === 'BACK' && left.usingBackButton) {
      // Navigate after the router has handled the pop it is being notified of.
      queueMicrotask(() => void router.navigate({ to: '/', replace: true }))
    }
  })
  return () => {
    offResolved()
    offHistory()
  }
}
