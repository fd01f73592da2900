import { errorSearch } from '../../ui/error-search'
import { useNavigate } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { passwordChangeMachine, type ReauthFailure } from '../../../machines/password-change/password-change-machine'
import { errorCode, type IdentityPort } from '../../adapters/identity'
import { flowInspect } from '../../adapters/flow-recorder'
import type { ApiClient } from '../../api/client'

/** Firebase's answers to a wrong password (the newer SDKs say invalid-credential for it). */
const wrongPasswordCodes = new Set(['auth/wrong-password', 'auth/invalid-credential', 'auth/invalid-login-credentials', 'auth/missing-password'])

/**
 * The password change chart with its effects: the one place of the flow calling `.provide` and
 * the API. The new password ends the session (`session.end`, built by the route).
 */
export function usePasswordChangeActor({ api, identity }: { api: ApiClient; identity: IdentityPort }, session: { end(): Promise<void> }) {
  const navigate = useNavigate()
  return useActorRef(
    passwordChangeMachine.provide({
      actors: {
        // The identity provider checks the current password; its "wrong password" codes become the
        // field's message, anything else (network, too many tries) the banner.
        reauthenticate: fromPromise(async ({ input }) => {
          try {
            await identity.reauthenticate(input.currentPassword)
          } catch (error) {
            throw { wrongPassword: wrongPasswordCodes.has(errorCode(error) ?? '') } satisfies ReauthFailure
          }
        }),
        changePassword: fromPromise(async ({ input }) => void (await api.call('password-change', input))),
        signOut: fromPromise(() => session.end()),
      },
      actions: {
        goToComplete: () => void navigate({ to: '/settings/password-change-complete', replace: true }),
        goToError: (_, { code }) => void navigate({ to: '/error', search: errorSearch(code) }),
      },
    }),
    { inspect: flowInspect },
  )
}
