import { Center } from '@chakra-ui/react'
import { createFileRoute } from '@tanstack/react-router'
import { RegistrationSteps } from '../features/signup/registration-steps'
import { SignupForm } from '../features/signup/signup-form'
import { SignupSearch } from '../features/signup/signup-search'
import { useSignupActor } from '../features/signup/use-signup-actor'
import { signupText } from '../text/account'
import { PageCard } from '../ui/page-card'

// The signup page (product.md §2 "Route path not shown": we chose /signup, linked from /login).
export const Route = createFileRoute('/signup')({
  validateSearch: SignupSearch,
  component: SignupPage,
})

function SignupPage() {
  const actor = useSignupActor(Route.useRouteContext().services, Route.useSearch())
  return (
    <Center>
      <PageCard title={signupText.title} maxW="2xl">
        <RegistrationSteps current={0} />
        <SignupForm actor={actor} />
      </PageCard>
    </Center>
  )
}
