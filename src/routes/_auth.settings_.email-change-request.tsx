import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { emailChangeMachine } from '../../machines/email-change/email-change-machine'
import { EmailChangeForm } from '../features/email-change/email-change-form'
import { emailChangeText } from '../text/account'
import { PageCard } from '../ui/page-card'
import { flowInspect } from '../adapters/flow-recorder'

// Step 1 of the e-mail change (spec §2): the new address receives a confirmation link.
export const Route = createFileRoute('/_auth/settings_/email-change-request')({
  component: EmailChangeRequestPage,
})

function EmailChangeRequestPage() {
  const { services, auth } = Route.useRouteContext()
  const navigate = useNavigate()
  const currentEmail = useSelector(auth, (s) => s.context.member?.email ?? null)
  const actor = useActorRef(
    emailChangeMachine.provide({
      actors: { requestChange: fromPromise(async ({ input }) => void (await services.api.call('email-change-request', input))) },
      actions: {
        goToRequestComplete: () => void navigate({ to: '/settings/email-change-request-complete' }),
        goToError: (_, { code }) => void navigate({ to: '/error', search: { code } }),
      },
    }),
    { inspect: flowInspect },
  )
  return (
    <PageCard title={emailChangeText.title} maxW="2xl" mx="auto">
      <EmailChangeForm actor={actor} currentEmail={currentEmail} />
    </PageCard>
  )
}
