import type { SnapshotFrom } from 'xstate'
import type { noticePublishMachine } from './notice-publish-machine'
import type { NoticeErrors } from './notice-rules'

type Snapshot = SnapshotFrom<typeof noticePublishMachine>

const noErrors: NoticeErrors = {}

/**
 * What the desk's notice editor shows, asked of the notice-publish chart (docs/decisions.md 45):
 * tags and context, never state names.
 */
export const noticePublishView = {
  /** A saved notice is loading (a new one starts empty). */
  isLoading: (s: Snapshot) => s.hasTag('loading'),
  /** The notice could not be read: the page offers to load it again. */
  isLoadFailed: (s: Snapshot) => s.hasTag('loadFailed'),
  /** The field errors, once the operator has tried to publish. */
  errors: (s: Snapshot) => (s.context.submitted ? s.context.errors : noErrors),
  /** The publish confirmation is open (also while it is sent). */
  isConfirmOpen: (s: Snapshot) => s.hasTag('confirmOpen'),
  isPublishing: (s: Snapshot) => s.hasTag('publishing'),
  /** The withdraw confirmation is open (also while it is sent). */
  isWithdrawConfirmOpen: (s: Snapshot) => s.hasTag('withdrawConfirmOpen'),
  isWithdrawing: (s: Snapshot) => s.hasTag('withdrawing'),
  canWithdraw: (s: Snapshot) => s.can({ type: 'notice.withdraw' }),
}
