import type { SnapshotFrom } from 'xstate'
import type { shiftPlanMachine } from './shift-plan-machine'

type Snapshot = SnapshotFrom<typeof shiftPlanMachine>

/** What the form says above the plan: nothing yet, saved, refused (bookings in the way) or failed. */
type ShiftPlanOutcome = 'none' | 'saved' | 'refused' | 'failed'

/**
 * What the 勤務予定 page shows, asked of the shift-plan chart (docs/decisions.md 45): tags and
 * context, never state names.
 */
export const shiftPlanView = {
  /** A consultant's plan is loading. */
  isLoading: (s: Snapshot) => s.hasTag('loading'),
  /** The plan could not be read: the page offers to load it again. */
  isLoadFailed: (s: Snapshot) => s.hasTag('loadFailed'),
  isSaving: (s: Snapshot) => s.hasTag('saving'),
  /** The server is computing what the change would do (nothing is written yet). */
  isPreviewing: (s: Snapshot) => s.hasTag('previewing'),
  /** The preview is shown and the save waits for the consultant's confirmation. */
  isConfirming: (s: Snapshot) => s.hasTag('confirming'),
  outcome: (s: Snapshot): ShiftPlanOutcome => (s.hasTag('saved') ? 'saved' : s.hasTag('refused') ? 'refused' : s.hasTag('failed') ? 'failed' : 'none'),
  /** The plan being edited cannot be saved (a period ends before it starts, or overlaps another). */
  isPlanInvalid: (s: Snapshot) => s.hasTag('editing') && !s.can({ type: 'form.submit' }),
  canSave: (s: Snapshot) => s.can({ type: 'form.submit' }),
  /** A failed save may be sent again as it is. */
  canRetry: (s: Snapshot) => s.can({ type: 'retry' }),
}
