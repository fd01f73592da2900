import type { SnapshotFrom } from 'xstate'
import type { profileMachine } from './profile-machine'

type Snapshot = SnapshotFrom<typeof profileMachine>

/**
 * What the account info on /settings shows, asked of the profile chart (docs/decisions.md 45):
 * tags and context, never state names.
 */
export const profileView = {
  /** The member is loading: the form is its own skeleton. */
  isLoading: (s: Snapshot) => s.hasTag('loading'),
  isSaving: (s: Snapshot) => s.hasTag('saving'),
  canSubmit: (s: Snapshot) => s.can({ type: 'form.submit' }),
}
