import { errorSearch } from '../../ui/error-search'
import { useNavigate } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { passwordChangeMachine } from '../../../machines/password-change/password-change-machine'
import { flowInspect } from '../../adapters/flow-recorder'
import type { ApiClient } from '../../api/client'

/**
 * The password change chart with its effects: the one place of the flow calling `.provide` and
 * the API. The new password ends the session (`session.end`, built by the route).
 */
export function usePasswordChangeActor({ api }: { api: ApiClient }, session: { end(): Promise<void> }) {
  const navigate = useNavigate()
  return useActorRef(
    passwordChangeMachine.provide({
      actors: {
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
