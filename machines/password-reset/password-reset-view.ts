import type { SnapshotFrom } from 'xstate'
import type { passwordResetMachine } from './password-reset-machine'

type Snapshot = SnapshotFrom<typeof passwordResetMachine>

/**
 * What /password-reset-request and /password-reset show, asked of the password reset chart
 * (docs/decisions.md 45): tags and context, never state names.
 */
export const passwordResetView = {
  /** The step's request (the code mail, or the new password) is being sent: the button waits. */
  isSending: (s: Snapshot) => s.hasTag('sending'),
  canSubmit: (s: Snapshot) => s.can({ type: 'form.submit' }),
}
