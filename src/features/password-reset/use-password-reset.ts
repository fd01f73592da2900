import { useNavigate } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { passwordResetMachine } from '../../../machines/password-reset/password-reset-machine'
import type { ApiClient } from '../../api/client'
import { flowInspect } from '../../adapters/flow-recorder'

/** The password reset chart with its effects, for both of its pages. */
export function usePasswordReset(api: ApiClient) {
  const navigate = useNavigate()
  return useActorRef(
    passwordResetMachine.provide({
      actors: {
        requestCode: fromPromise(async ({ input }) => void (await api.call('password-reset-request', input))),
        resetPassword: fromPromise(async ({ input }) => void (await api.call('password-reset', input))),
      },
      actions: {
        goToCodeEntry: (_, { email }) => void navigate({ to: '/password-reset', search: { email } }),
        goToComplete: () => void navigate({ to: '/password-reset-complete' }),
        goToError: (_, { code }) => void navigate({ to: '/error', search: { code } }),
      },
    }),
    { inspect: flowInspect },
  )
}
