import type { SnapshotFrom } from 'xstate'
import type { reassignmentMachine } from './reassignment-machine'

type Snapshot = SnapshotFrom<typeof reassignmentMachine>

/** The dialog's steps: candidates loading or not loaded, the choice, its confirmation (also while sent), a failure, done. */
type ReassignmentStep = 'loading' | 'loadFailed' | 'choosing' | 'confirming' | 'failed' | 'done'

/**
 * What the 担当の変更 dialog shows, asked of the reassignment chart (docs/decisions.md 45): tags and
 * context, never state names.
 */
export const reassignmentView = {
  isOpen: (s: Snapshot) => s.hasTag('open'),
  /** The reassignment is being sent: the dialog stays and its buttons wait. */
  isBusy: (s: Snapshot) => s.hasTag('busy'),
  step: (s: Snapshot): ReassignmentStep =>
    s.hasTag('loading') ? 'loading' : s.hasTag('loadFailed') ? 'loadFailed' : s.hasTag('done') ? 'done' : s.hasTag('failed') ? 'failed' : s.hasTag('confirmOpen') ? 'confirming' : 'choosing',
  canNext: (s: Snapshot) => s.can({ type: 'form.next' }),
}
