import { Alert, Button, chakra, Field, Input, Link as ChakraLink, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import type { AuthActorRef } from '../../../machines/auth/auth-machine'
import { authView } from '../../../machines/auth/auth-view'
import { loginText } from '../../text/auth'
import { ErrorBanner } from '../../ui/error-banner'

/**
 * The login form (product.md §2 /login, §5 Login). It renders the auth chart's snapshot and sends
 * events; whether it may submit is the chart's guard (`snapshot.can`), not a rule of its own.
 */
export function LoginForm({ auth, redirectTo, couponCode = null }: { auth: AuthActorRef; redirectTo: string; couponCode?: string | null }) {
  const email = useSelector(auth, (s) => s.context.email)
  const password = useSelector(auth, (s) => s.context.password)
  const failed = useSelector(auth, (s) => s.context.loginFailed)
  const busy = useSelector(auth, authView.isLoggingIn)
  const canSubmit = useSelector(auth, authView.canLogIn)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    auth.send({ type: 'form.submit', redirectTo })
  }

  return (
    <chakra.form onSubmit={submit} noValidate w="full">
      <Stack gap="5">
        {failed && (
          <ErrorBanner title={loginText.failed} />
        )}
        {couponCode && (
          <Alert.Root status="info" data-testid="login-coupon-note">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{loginText.couponTitle}</Alert.Title>
              <Alert.Description>{loginText.couponBody}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
        <Field.Root>
          <Field.Label>{loginText.emailLabel}</Field.Label>
          <Input
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            placeholder={loginText.emailPlaceholder}
            value={email}
            onChange={(e) => auth.send({ type: 'form.change', field: 'email', value: e.target.value })}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>{loginText.passwordLabel}</Field.Label>
          <Input
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => auth.send({ type: 'form.change', field: 'password', value: e.target.value })}
          />
        </Field.Root>
        <Button
          type="submit"
          colorPalette="brand"
          size="lg"
          disabled={!canSubmit}
          loading={busy}
          loadingText={loginText.submitting}
        >
          {loginText.submit}
        </Button>
        <Stack gap="2" textAlign="center" fontSize="sm">
          <ChakraLink asChild color="brand.fg">
            <Link to="/password-reset-request">{loginText.forgotPassword}</Link>
          </ChakraLink>
          <Text color="fg.muted">
            {loginText.noAccount}{' '}
            <ChakraLink asChild color="brand.fg">
              {/* From a coupon link, the signup carries it to the first login. */}
              <Link to="/signup" search={couponCode ? { couponCode } : {}}>
                {loginText.signup}
              </Link>
            </ChakraLink>
          </Text>
        </Stack>
      </Stack>
    </chakra.form>
  )
}
