import { Text } from '@chakra-ui/react'
import { createFileRoute } from '@tanstack/react-router'
import { MessagePage } from '../ui/message-page'
import { RegistrationSteps } from '../features/signup/registration-steps'
import { SignupSearch } from '../features/signup/signup-search'
import { registrationTempText } from '../text/account'

// Provisional registration done (spec §2): the query of the signup page is kept.
export const Route = createFileRoute('/registeration-temp')({
  validateSearch: SignupSearch,
  component: RegistrationTempPage,
})

function RegistrationTempPage() {
  return (
    <MessagePage title={registrationTempText.title} before={<RegistrationSteps current={1} />}>
      <Text>{registrationTempText.body}</Text>
      <Text fontSize="sm" color="fg.muted">
        {registrationTempText.spam}
      </Text>
    </MessagePage>
  )
}
