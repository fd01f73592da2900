import { errorSearch } from '../../ui/error-search'
import { useNavigate } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { cancelAccountMachine } from '../../../machines/cancel-account/cancel-account-machine'
import type { AnalyticsPort } from '../../adapters/analytics'
import { flowInspect } from '../../adapters/flow-recorder'
import type { ApiClient } from '../../api/client'

/** The ports the cancellation uses: the app's services, and ending the session (built by the route). */
export type CancelAccountPorts = { api: ApiClient; analytics: AnalyticsPort }

/**
 * The cancel-account chart of /settings with its effects: the one place of the flow calling
 * `.provide` and the API.
 */
export function useCancelAccountActor({ api, analytics }: CancelAccountPorts, session: { end(): Promise<void> }) {
  const navigate = useNavigate()
  return useActorRef(
    cancelAccountMachine.provide({
      actors: {
        cancelAccount: fromPromise<void>(async () => {
          await api.call('cancel-account', {})
        }),
        signOut: fromPromise(() => session.end()),
      },
      actions: {
        trackCancellation: () => analytics.event('cancel_account'),
        goToCancelComplete: () => void navigate({ to: '/cancel-complete', replace: true }),
        goToError: (_, { code }) => void navigate({ to: '/error', search: errorSearch(code) }),
      },
    }),
    { inspect: flowInspect },
  )
}
