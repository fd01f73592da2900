import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { passwordChangeMachine } from '../../machines/password-change/password-change-machine'
import { PasswordChangeForm } from '../features/password-change/password-change-form'
import { endSession } from '../features/auth/sign-out'
import { passwordChangeText } from '../text/account'
import { PageCard } from '../ui/page-card'
import { flowInspect } from '../adapters/flow-recorder'

// spec §4: the password change signs the member out and goes to its complete page.
export const Route = createFileRoute('/_auth/settings_/password-change')({
  component: PasswordChangePage,
})

function PasswordChangePage() {
  const { services, auth } = Route.useRouteContext()
  const navigate = useNavigate()
  const actor = useActorRef(
    passwordChangeMachine.provide({
      actors: {
        changePassword: fromPromise(async ({ input }) => void (await services.api.call('password-change', input))),
        signOut: fromPromise(() => endSession(auth, services.identity)),
      },
      actions: {
        goToComplete: () => void navigate({ to: '/settings/password-change-complete', replace: true }),
        goToError: (_, { code }) => void navigate({ to: '/error', search: { code } }),
      },
    }),
    { inspect: flowInspect },
  )
  return (
    <PageCard title={passwordChangeText.title} maxW="2xl" mx="auto">
      <PasswordChangeForm actor={actor} />
    </PageCard>
  )
}
