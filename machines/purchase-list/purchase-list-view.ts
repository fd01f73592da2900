import type { SnapshotFrom } from 'xstate'
import type { purchaseListMachine } from './purchase-list-machine'

type Snapshot = SnapshotFrom<typeof purchaseListMachine>

/**
 * What /purchase-list shows, asked of the purchase-list chart (docs/decisions.md 45): tags and
 * context, never state names.
 */
export const purchaseListView = {
  /** The period's first page is loading, or a load failed and the page is leaving for the error page. */
  isLoading: (s: Snapshot) => s.hasTag('loading') || s.hasTag('leaving'),
  /** The next page is loading (the rows so far stay). */
  isLoadingMore: (s: Snapshot) => s.hasTag('loadingMore'),
  canLoadMore: (s: Snapshot) => s.can({ type: 'more.load' }),
}
