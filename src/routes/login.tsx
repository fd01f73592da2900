import { Center } from '@chakra-ui/react'
import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { settledAuth, safeRedirect } from '../features/auth/auth-guard'
import { LoginForm } from '../features/auth/login-form'
import { LOGIN_FORM_ROOT_ID } from '../features/auth/login-form-root'
import { PathLink } from '../ui/path-link'
import { loginText } from '../text/auth'
import { couponCodeOf } from '../ui/coupon-link'
import { onDemand } from '../ui/on-demand'
import { PageCard } from '../ui/page-card'
import { useClientValue } from '../ui/use-client-value'
import { authView } from '../../machines/auth/auth-view'

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
    } else if (authView.isSignedIn(context.auth.getSnapshot())) {
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
  const redirectTo = safeRedirect(search.redirect)
  // The page is prerendered without a query: what the query adds shows once hydrated.
  const couponCode = useClientValue(() => couponCodeOf(redirectTo))
  // Closing the thank-you modal reloads /login, still on the way to the coupon if there is one.
  const reloadTo = search.redirect ? `/login?redirect=${encodeURIComponent(redirectTo)}` : '/login'
  return (
    <Center>
      <PageCard title={loginText.title} maxW="md">
        <div id={LOGIN_FORM_ROOT_ID}>
          <LoginForm auth={auth} redirectTo={redirectTo} couponCode={couponCode} Link={PathLink} />
        </div>
      </PageCard>
      <SignupThanksDialog needed={search.signup === 'success'} onClose={() => window.location.assign(reloadTo)} />
    </Center>
  )
}
