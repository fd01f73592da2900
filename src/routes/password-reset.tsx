import { Center } from '@chakra-ui/react'
import { createFileRoute } from '@tanstack/react-router'
import { useEffect } from 'react'
import * as v from 'valibot'
import { PasswordResetForm } from '../features/password-reset/password-reset-forms'
import { usePasswordReset } from '../features/password-reset/use-password-reset'
import { passwordResetText } from '../text/account'
import { PageCard } from '../ui/page-card'

// Step 2 of the password reset (spec §2): the mailed auth code and the new password.
export const Route = createFileRoute('/password-reset')({
  validateSearch: v.object({ email: v.optional(v.string()) }),
  component: PasswordResetPage,
})

function PasswordResetPage() {
  const { services } = Route.useRouteContext()
  const { email } = Route.useSearch()
  const actor = usePasswordReset(services.api)
  useEffect(() => actor.send({ type: 'code.open', email: email ?? '' }), [actor, email])
  return (
    <Center>
      <PageCard title={passwordResetText.resetTitle} maxW="md">
        <PasswordResetForm actor={actor} />
      </PageCard>
    </Center>
  )
}
