import { Center } from '@chakra-ui/react'
import { createFileRoute } from '@tanstack/react-router'
import { PasswordResetRequestForm } from '../features/password-reset/password-reset-forms'
import { usePasswordResetActor } from '../features/password-reset/use-password-reset-actor'
import { passwordResetText } from '../text/account'
import { PageCard } from '../ui/page-card'

// Step 1 of the password reset (product.md §2): the e-mail that receives the auth code.
export const Route = createFileRoute('/password-reset-request')({
  component: PasswordResetRequestPage,
})

function PasswordResetRequestPage() {
  const actor = usePasswordResetActor(Route.useRouteContext().services)
  return (
    <Center>
      <PageCard title={passwordResetText.requestTitle} maxW="md">
        <PasswordResetRequestForm actor={actor} />
      </PageCard>
    </Center>
  )
}
