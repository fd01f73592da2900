import type { SnapshotFrom } from 'xstate'
import type { consultationOutcomeMachine } from './consultation-outcome-machine'

type Snapshot = SnapshotFrom<typeof consultationOutcomeMachine>

/** The panel's steps: the choice, its confirmation (also while it is saved), a failed save, the saved outcome. */
type OutcomeStep = 'choosing' | 'confirming' | 'failed' | 'saved'

/**
 * What the 結果を記録 panel shows, asked of the consultation-outcome chart (docs/decisions.md 45):
 * tags and context, never state names.
 */
export const consultationOutcomeView = {
  step: (s: Snapshot): OutcomeStep => (s.hasTag('done') ? 'saved' : s.hasTag('failed') ? 'failed' : s.hasTag('confirmOpen') ? 'confirming' : 'choosing'),
  isSaving: (s: Snapshot) => s.hasTag('saving'),
  canNext: (s: Snapshot) => s.can({ type: 'form.next' }),
}
