import { Center } from '@chakra-ui/react'
import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { PasswordResetForm } from '../features/password-reset/password-reset-forms'
import { usePasswordResetActor } from '../features/password-reset/use-password-reset-actor'
import { passwordResetText } from '../text/account'
import { PageCard } from '../ui/page-card'

// Step 2 of the password reset (product.md §2): the mailed auth code and the new password.
export const Route = createFileRoute('/password-reset')({
  validateSearch: v.object({ email: v.optional(v.string()) }),
  component: PasswordResetPage,
})

function PasswordResetPage() {
  const actor = usePasswordResetActor(Route.useRouteContext().services, { email: Route.useSearch().email ?? '' })
  return (
    <Center>
      <PageCard title={passwordResetText.resetTitle} maxW="md">
        <PasswordResetForm actor={actor} />
      </PageCard>
    </Center>
  )
}
