import { Center } from '@chakra-ui/react'
import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { settledAuth, safeRedirect } from '../features/auth/auth-guard'
import { LoginForm } from '../features/auth/login-form'
import { SignupThanksDialog } from '../features/auth/signup-thanks-dialog'
import { loginText } from '../text/auth'
import { PageCard } from '../ui/page-card'

export const Route = createFileRoute('/login')({
  validateSearch: v.object({
    /** The remembered location (path + query) to return to after login. */
    redirect: v.optional(v.string()),
    /** `success` after the e-mail link completed a signup (spec §2). */
    signup: v.optional(v.string()),
  }),
  beforeLoad: async ({ context, search }) => {
    const auth = await settledAuth(context.auth)
    if (search.signup === 'success') {
      // spec §2: signup=success signs out (and the page shows the thank-you modal).
      context.auth.send({ type: 'session.end' })
      await settledAuth(context.auth)
    } else if (auth.matches('signedIn')) {
      throw redirect({ to: '/' })
    }
  },
  component: LoginPage,
})

function LoginPage() {
  const { auth } = Route.useRouteContext()
  const search = Route.useSearch()
  return (
    <Center>
      <PageCard title={loginText.title} maxW="md">
        <LoginForm auth={auth} redirectTo={safeRedirect(search.redirect)} />
      </PageCard>
      {search.signup === 'success' && <SignupThanksDialog onClose={() => window.location.assign('/login')} />}
    </Center>
  )
}
