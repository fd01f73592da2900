import { errorSearch } from '../../ui/error-search'
import { useNavigate } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { useEffect } from 'react'
import { fromPromise } from 'xstate'
import { passwordResetMachine } from '../../../machines/password-reset/password-reset-machine'
import { flowInspect } from '../../adapters/flow-recorder'
import type { ApiClient } from '../../api/client'

/**
 * The password reset chart with its effects, for both of its pages: the one place of the flow
 * calling `.provide` and the API. On the code page (/password-reset?email=) pass
 * `codePage`: the chart is told the page is open, with the e-mail prefilled.
 */
export function usePasswordResetActor({ api }: { api: ApiClient }, codePage?: { email: string }) {
  const navigate = useNavigate()
  const actor = useActorRef(
    passwordResetMachine.provide({
      actors: {
        requestCode: fromPromise(async ({ input }) => void (await api.call('password-reset-request', input))),
        resetPassword: fromPromise(async ({ input }) => void (await api.call('password-reset', input))),
      },
      actions: {
        goToCodeEntry: (_, { email }) => void navigate({ to: '/password-reset', search: { email } }),
        goToComplete: () => void navigate({ to: '/password-reset-complete' }),
        goToError: (_, { code }) => void navigate({ to: '/error', search: errorSearch(code) }),
      },
    }),
    { inspect: flowInspect },
  )
  const codeEmail = codePage?.email
  useEffect(() => {
    if (codeEmail !== undefined) actor.send({ type: 'code.open', email: codeEmail })
  }, [actor, codeEmail])
  return actor
}
