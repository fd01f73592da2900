import { waitFor } from 'xstate'
import type { AuthActorRef, AuthSnapshot } from '../../../machines/auth/auth-machine'
import { authView } from '../../../machines/auth/auth-view'
import type { IdentityPort } from '../../adapters/identity'

/**
 * Resolves once the auth chart has settled (identity known, no login/logout step running),
 * so a route guard never decides on the `unknown` state (product.md §4 Auth). The identity provider
 * is loaded on demand (src/adapters/firebase-identity.ts): a guard that waits for it asks for it.
 */
export function settledAuth(auth: AuthActorRef, identity: Pick<IdentityPort, 'prepare'>): Promise<AuthSnapshot> {
  identity.prepare()
  return waitFor(auth, authView.isSettled)
}

/**
 * The remembered location from `/login?redirect=`, only if it is a path inside this app:
 * an absolute or protocol-relative URL would make the login page an open redirect.
 */
export function safeRedirect(redirect: unknown): string {
  if (typeof redirect !== 'string') return '/'
  if (!redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return '/'
  return redirect
}
