import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import * as v from 'valibot'
import { fromPromise } from 'xstate'
import { signupMachine } from '../../machines/signup/signup-machine'
import { flowInspect } from '../adapters/flow-recorder'
import { RegistrationSteps } from '../features/signup/registration-steps'
import { MessagePage } from '../ui/message-page'
import { accountCommon, registrationCompleteText } from '../text/account'
import { PageCard } from '../ui/page-card'
import { PageSpinner } from '../ui/page-spinner'

// The mailed link's target (spec §2): completes the registration, then /login?signup=success.
export const Route = createFileRoute('/registeration-complete')({
  validateSearch: v.object({ token: v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String))) }),
  component: RegistrationCompletePage,
})

function RegistrationCompletePage() {
  const { services } = Route.useRouteContext()
  const { token } = Route.useSearch()
  const navigate = useNavigate()
  // A link works once: strict mode's second mount must not spend it again.
  const call = useRef<ReturnType<typeof services.api.call<'signup-complete'>> | null>(null)
  const actor = useActorRef(
    signupMachine.provide({
      actors: {
        completeSignup: fromPromise(async ({ input }) => {
          call.current ??= services.api.call('signup-complete', { token: input.token })
          const answer = await call.current
          return { alreadyCompleted: answer.alreadyCompleted === true }
        }),
      },
      actions: {
        goToLoginThanks: () => void navigate({ to: '/login', search: { signup: 'success' }, replace: true }),
        goToError: (_, { code }) => void navigate({ to: '/error', search: { code }, replace: true }),
      },
    }),
    { input: {}, inspect: flowInspect },
  )
  // A missing token fails like a bad one (the call's schema refuses it): error `signup`.
  useEffect(() => actor.send({ type: 'link.open', token: token ?? '' }), [actor, token])
  const alreadyRegistered = useSelector(actor, (s) => s.matches({ form: 'alreadyRegistered' }))
  if (alreadyRegistered) {
    return (
      <MessagePage title={registrationCompleteText.alreadyTitle} action={accountCommon.toLogin} to="/login" before={<RegistrationSteps current={3} />}>
        {registrationCompleteText.alreadyBody}
      </MessagePage>
    )
  }
  return (
    <PageCard title={registrationCompleteText.title} maxW="2xl" mx="auto">
      <RegistrationSteps current={2} />
      <PageSpinner />
    </PageCard>
  )
}
