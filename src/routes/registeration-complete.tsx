import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { searchText } from '../../contract/search-params'
import { RegistrationCompleteView } from '../features/signup/registration-complete-view'
import { useSignupLinkActor } from '../features/signup/use-signup-actor'

// The mailed link's target (product.md §2): completes the registration, then /login?signup=success.
export const Route = createFileRoute('/registeration-complete')({
  validateSearch: v.object({ token: searchText }),
  component: RegistrationCompletePage,
})

function RegistrationCompletePage() {
  const actor = useSignupLinkActor(Route.useRouteContext().services, Route.useSearch().token)
  return <RegistrationCompleteView actor={actor} />
}
