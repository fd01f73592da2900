import type { SnapshotFrom } from 'xstate'
import type { cancelAccountMachine } from './cancel-account-machine'

type Snapshot = SnapshotFrom<typeof cancelAccountMachine>

/**
 * What the cancel-membership section of /settings shows, asked of the chart
 * (docs/decisions.md 45): tags and context, never state names.
 */
export const cancelAccountView = {
  /** Both consents are ticked: the member may go on to the last question. */
  canSubmit: (s: Snapshot) => s.can({ type: 'form.submit' }),
  /** 「本当に退会しますか？」 is open (also while the cancellation runs and the session ends). */
  isConfirmOpen: (s: Snapshot) => s.hasTag('dialog:confirm'),
  /** The cancellation runs or the session ends: the dialog's buttons wait. */
  isBusy: (s: Snapshot) => s.hasTag('busy'),
}
