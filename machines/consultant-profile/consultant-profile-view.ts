import type { SnapshotFrom } from 'xstate'
import type { consultantProfileMachine } from './consultant-profile-machine'
import type { ProfileErrors } from './consultant-profile-rules'

type Snapshot = SnapshotFrom<typeof consultantProfileMachine>

const noErrors: ProfileErrors = {}

/**
 * What the desk's consultant profile page shows, asked of the chart (docs/decisions.md 45): tags
 * and context, never state names.
 */
export const consultantProfileView = {
  isLoading: (s: Snapshot) => s.hasTag('loading'),
  /** Adding a consultant (no row yet): the page's title, the active switch and the submit label. */
  isNew: (s: Snapshot) => s.context.isNew,
  /** The profile could not be read: the page offers to load it again. */
  isLoadFailed: (s: Snapshot) => s.hasTag('loadFailed'),
  /** Another operator saved first: the page offers the latest version. */
  isConflict: (s: Snapshot) => s.hasTag('conflict'),
  /** The image is uploading or the profile saving: the save button waits. */
  isBusy: (s: Snapshot) => s.hasTag('busy'),
  isUploading: (s: Snapshot) => s.hasTag('uploading'),
  /** The field errors, once the operator has tried to save. */
  errors: (s: Snapshot) => (s.context.submitted ? s.context.errors : noErrors),
}
