import type { AuthSnapshot } from './auth-machine'

type Snapshot = AuthSnapshot

/**
 * What the login form, the logout dialog, the route guards and the session helpers read of the
 * auth chart (docs/decisions.md 45): tags and context, never state names.
 */
export const authView = {
  /** The identity is known and no login or logout step runs: a route guard may decide. */
  isSettled: (s: Snapshot) => !s.hasTag('busy'),
  /** A member is signed in (also while the logout dialog is open). */
  isSignedIn: (s: Snapshot) => s.hasTag('signedIn'),
  /** The login the form sent is running: its button waits. */
  isLoggingIn: (s: Snapshot) => s.hasTag('loggingIn'),
  canLogIn: (s: Snapshot) => s.can({ type: 'form.submit' }),
  /** The logout dialog is open (also while signing out). */
  isLogoutOpen: (s: Snapshot) => s.hasTag('confirmOpen'),
  isSigningOut: (s: Snapshot) => s.hasTag('signingOut'),
}
