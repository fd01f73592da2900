import type { SnapshotFrom } from 'xstate'
import type { couponEditMachine } from './coupon-edit-machine'

type Snapshot = SnapshotFrom<typeof couponEditMachine>

/**
 * What the desk's coupon editor shows, asked of the coupon-edit chart (docs/decisions.md 45): tags
 * and context, never state names.
 */
export const couponEditView = {
  /** A saved coupon is loading (a new one starts empty). */
  isLoading: (s: Snapshot) => s.hasTag('loading'),
  /** The coupon could not be read: the page offers to load it again. */
  isLoadFailed: (s: Snapshot) => s.hasTag('loadFailed'),
  /** The step shown, from 0: basics, what it fits, review (also while it is saved). */
  step: (s: Snapshot): 0 | 1 | 2 => (s.hasTag('step:review') ? 2 : s.hasTag('step:fit') ? 1 : 0),
  isSaving: (s: Snapshot) => s.hasTag('saving'),
  /** Another operator saved first: the page offers their version or the operator's own (also while reloading). */
  isConflict: (s: Snapshot) => s.hasTag('conflict'),
  isReloading: (s: Snapshot) => s.hasTag('reloading'),
}
