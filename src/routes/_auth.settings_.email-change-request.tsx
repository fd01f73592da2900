import { createFileRoute } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { EmailChangeForm } from '../features/email-change/email-change-form'
import { useEmailChangeActor } from '../features/email-change/use-email-change-actor'
import { emailChangeText } from '../text/account'
import { PageCard } from '../ui/page-card'

// Step 1 of the e-mail change (product.md §2): the new address receives a confirmation link.
export const Route = createFileRoute('/_auth/settings_/email-change-request')({
  component: EmailChangeRequestPage,
})

function EmailChangeRequestPage() {
  const { services, auth } = Route.useRouteContext()
  const actor = useEmailChangeActor(services)
  const currentEmail = useSelector(auth, (s) => s.context.member?.email ?? null)
  return (
    <PageCard title={emailChangeText.title} maxW="2xl" mx="auto">
      <EmailChangeForm actor={actor} currentEmail={currentEmail} />
    </PageCard>
  )
}
