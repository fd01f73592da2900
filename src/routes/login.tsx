import { Center } from '@chakra-ui/react'
import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { settledAuth, safeRedirect } from '../features/auth/auth-guard'
import { LoginForm } from '../features/auth/login-form'
import { loginText } from '../text/auth'
import { onDemand } from '../ui/on-demand'
import { PageCard } from '../ui/page-card'

// Only after a signup (?signup=success): not part of every /login load (docs/performance.md, bundle).
const SignupThanksDialog = onDemand(() => import('../features/auth/signup-thanks-dialog').then((m) => m.SignupThanksDialog))

export const Route = createFileRoute('/login')({
  validateSearch: v.object({
    /** The remembered location (path + query) to return to after login. */
    redirect: v.optional(v.string()),
    /** `success` after the e-mail link completed a signup (product.md §2). */
    signup: v.optional(v.string()),
  }),
  beforeLoad: async ({ context, search }) => {
    if (search.signup === 'success') {
      // product.md §2: signup=success signs out (and the page shows the thank-you modal).
      await settledAuth(context.auth, context.services.identity)
      context.auth.send({ type: 'session.end' })
      await settledAuth(context.auth, context.services.identity)
    } else if (context.auth.getSnapshot().matches('signedIn')) {
      throw redirect({ to: '/' })
    }
    // Otherwise the form renders without waiting for the identity provider (docs/performance.md):
    // a kept session found later leaves this page through the chart's `leaveLoginPage`.
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
      <SignupThanksDialog needed={search.signup === 'success'} onClose={() => window.location.assign('/login')} />
    </Center>
  )
}
