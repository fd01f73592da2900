import { useSelector } from '@xstate/react'
import type { SignupActorRef } from '../../../machines/signup/signup-machine'
import { signupView } from '../../../machines/signup/signup-view'
import { accountCommon, registrationCompleteText } from '../../text/account'
import { MessagePage } from '../../ui/message-page'
import { PageCard } from '../../ui/page-card'
import { PageSpinner } from '../../ui/page-spinner'
import { RegistrationSteps } from './registration-steps'

/**
 * /registeration-complete: a spinner while the link completes the registration (the chart then
 * leaves for /login?signup=success), or, when the link was opened before, the page that says the
 * registration stands with a way to log in.
 */
export function RegistrationCompleteView({ actor }: { actor: SignupActorRef }) {
  const alreadyRegistered = useSelector(actor, signupView.isAlreadyRegistered)
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
