import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { searchText } from '../../contract/search-params'
import { accountSession } from '../features/auth/sign-out'
import { EmailChangeCompleteView } from '../features/email-change/email-change-complete-view'
import { useEmailChangeLinkActor } from '../features/email-change/use-email-change-actor'

// The mailed link's target (product.md §2): no login needed, the link itself is the proof.
export const Route = createFileRoute('/settings/email-change-complete')({
  validateSearch: v.object({ token: searchText }),
  component: EmailChangeCompletePage,
})

function EmailChangeCompletePage() {
  const { services, auth } = Route.useRouteContext()
  const actor = useEmailChangeLinkActor(services, accountSession(auth, services.identity), Route.useSearch().token)
  return <EmailChangeCompleteView actor={actor} />
}
