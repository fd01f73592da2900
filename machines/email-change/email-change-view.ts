import type { SnapshotFrom } from 'xstate'
import type { emailChangeMachine } from './email-change-machine'

type Snapshot = SnapshotFrom<typeof emailChangeMachine>

/**
 * What /settings/email-change-request and /settings/email-change-complete show, asked of the
 * e-mail change chart (docs/decisions.md 45): tags and context, never state names.
 */
export const emailChangeView = {
  /** The new address is being sent: the button waits. */
  isSending: (s: Snapshot) => s.hasTag('sending'),
  canSubmit: (s: Snapshot) => s.can({ type: 'form.submit' }),
  /** The link changed the address and the old session ended: log in again with the new one. */
  isChanged: (s: Snapshot) => s.hasTag('page:changed'),
  /** The link was opened before: the change stands. */
  isAlreadyChanged: (s: Snapshot) => s.hasTag('page:alreadyChanged'),
}
