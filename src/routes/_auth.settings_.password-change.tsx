import { createFileRoute } from '@tanstack/react-router'
import { accountSession } from '../features/auth/sign-out'
import { PasswordChangeForm } from '../features/password-change/password-change-form'
import { usePasswordChangeActor } from '../features/password-change/use-password-change-actor'
import { passwordChangeText } from '../text/account'
import { PageCard } from '../ui/page-card'

// product.md §4: the password change signs the member out and goes to its complete page.
export const Route = createFileRoute('/_auth/settings_/password-change')({
  component: PasswordChangePage,
})

function PasswordChangePage() {
  const { services, auth } = Route.useRouteContext()
  const actor = usePasswordChangeActor(services, accountSession(auth, services.identity))
  return (
    <PageCard title={passwordChangeText.title} maxW="2xl" mx="auto">
      <PasswordChangeForm actor={actor} />
    </PageCard>
  )
}
