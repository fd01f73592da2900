import type { SnapshotFrom } from 'xstate'
import type { staffLoginMachine } from './staff-login-machine'

type Snapshot = SnapshotFrom<typeof staffLoginMachine>

const isBusy = (s: Snapshot) => s.hasTag('busy') || s.hasTag('leaving')

/**
 * What the staff login form shows, asked of the staff-login chart (docs/decisions.md 45): tags
 * and context, never state names.
 */
export const staffLoginView = {
  /** Signing in, checking the role or signing a member account out again, or on the way to the staff page. */
  isBusy,
  /** What failed, once the form is back (not while a member account is still being signed out). */
  failure: (s: Snapshot) => (isBusy(s) ? null : s.context.failure),
  canSubmit: (s: Snapshot) => s.can({ type: 'form.submit' }),
}
