import type { SnapshotFrom } from 'xstate'
import type { passwordChangeMachine } from './password-change-machine'

type Snapshot = SnapshotFrom<typeof passwordChangeMachine>

/**
 * What /settings/password-change shows, asked of the chart (docs/decisions.md 45): tags and
 * context, never state names.
 */
export const passwordChangeView = {
  /** The current password is checked, the new one sent or the session ended: the button waits. */
  isBusy: (s: Snapshot) => s.hasTag('busy'),
  canSubmit: (s: Snapshot) => s.can({ type: 'form.submit' }),
}
