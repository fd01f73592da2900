import { settledAuth } from './auth-guard'
import type { AuthActorRef } from '../../../machines/auth/auth-machine'
import type { IdentityPort } from '../../adapters/identity'

/**
 * Ends the member's session without the logout dialog (password change, cancellation, e-mail
 * change): the auth chart signs out of the identity provider and clears the session store.
 */
export async function endSession(auth: AuthActorRef, identity: Pick<IdentityPort, 'prepare'>): Promise<void> {
  await settledAuth(auth, identity)
  if (auth.getSnapshot().matches('signedIn')) auth.send({ type: 'session.end' })
  await settledAuth(auth, identity)
}
