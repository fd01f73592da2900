import { settledAuth } from './auth-guard'
import type { AuthActorRef } from '../../../machines/auth/auth-machine'
import { authView } from '../../../machines/auth/auth-view'
import type { IdentityPort } from '../../adapters/identity'

/**
 * Ends the member's session without the logout dialog (password change, cancellation, e-mail
 * change): the auth chart signs out of the identity provider and clears the session store.
 */
export async function endSession(auth: AuthActorRef, identity: Pick<IdentityPort, 'prepare'>): Promise<void> {
  await settledAuth(auth, identity)
  if (authView.isSignedIn(auth.getSnapshot())) auth.send({ type: 'session.end' })
  await settledAuth(auth, identity)
}

/**
 * The session as the account flows use it (their hooks take it as a port, so no feature imports
 * another): end it, or read the signed-in member's token once the auth state is known (null when
 * nobody is signed in). Routes build it from the router context.
 */
export function accountSession(auth: AuthActorRef, identity: Pick<IdentityPort, 'prepare' | 'getIdToken'>) {
  return {
    end: () => endSession(auth, identity),
    idToken: async (): Promise<string | null> => {
      const session = await settledAuth(auth, identity)
      return authView.isSignedIn(session) ? identity.getIdToken().catch(() => null) : null
    },
  }
}
