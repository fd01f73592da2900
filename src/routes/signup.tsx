import { Center } from '@chakra-ui/react'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { signupMachine } from '../../machines/signup/signup-machine'
import { OFF_TOKEN } from '../adapters/captcha'
import { flowInspect } from '../adapters/flow-recorder'
import { RegistrationSteps } from '../features/signup/registration-steps'
import { SignupForm } from '../features/signup/signup-form'
import { SignupSearch } from '../features/signup/signup-search'
import { signupText } from '../text/account'
import { PageCard } from '../ui/page-card'

// The signup page (spec §2 "Route path not shown": we chose /signup, linked from /login).
export const Route = createFileRoute('/signup')({
  validateSearch: SignupSearch,
  component: SignupPage,
})

function SignupPage() {
  const { services } = Route.useRouteContext()
  const search = Route.useSearch()
  const navigate = useNavigate()
  const landingPage = search.display === 'lp'
  const actor = useActorRef(
    signupMachine.provide({
      actors: {
        submitSignup: fromPromise(async ({ input }) => {
          // spec §1: the captcha protects signup, except on the landing-page variant.
          const recaptchaToken = input.source === 'SIGNUP_FORM_LP' ? OFF_TOKEN : await services.captcha.getToken('signup')
          await services.api.call('signup-request', { ...input, recaptchaToken })
        }),
        copyPassword: fromPromise(({ input }) => navigator.clipboard.writeText(input.password)),
      },
      actions: {
        goToRegistrationTemp: () => void navigate({ to: '/registeration-temp', search }),
        goToError: (_, { code }) => void navigate({ to: '/error', search: { code } }),
      },
    }),
    { input: { landingPage, lpSource: search.lpSource ?? null, chatbotSourceUrl: search.chatbotSourceUrl ?? null }, inspect: flowInspect },
  )
  return (
    <Center>
      <PageCard title={signupText.title} maxW="2xl">
        <RegistrationSteps current={0} />
        <SignupForm actor={actor} />
      </PageCard>
    </Center>
  )
}
