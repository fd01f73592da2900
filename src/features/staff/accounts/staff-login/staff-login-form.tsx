import { Button, chakra, Field, Input, Link as ChakraLink, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import type { StaffLoginActorRef } from '../../../../../machines/staff-login/staff-login-machine'
import { staffLoginView } from '../../../../../machines/staff-login/staff-login-view'
import { staffLoginText } from '../../../../text/staff'
import { ErrorBanner } from '../../../../ui/error-banner'

/** The staff login form: the chart decides whether it may submit and what failed. */
export function StaffLoginForm({ actor }: { actor: StaffLoginActorRef }) {
  const email = useSelector(actor, (s) => s.context.email)
  const password = useSelector(actor, (s) => s.context.password)
  const failure = useSelector(actor, staffLoginView.failure)
  const busy = useSelector(actor, staffLoginView.isBusy)
  const canSubmit = useSelector(actor, staffLoginView.canSubmit)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'form.submit' })
  }

  return (
    <chakra.form onSubmit={submit} noValidate w="full">
      <Stack gap="5">
        <Text color="fg.muted" fontSize="sm">
          {staffLoginText.lead}
        </Text>
        {failure && <ErrorBanner title={failure === 'notStaff' ? staffLoginText.notStaff : staffLoginText.failed} />}
        <Field.Root>
          <Field.Label>{staffLoginText.emailLabel}</Field.Label>
          <Input
            type="email"
            name="username"
            autoComplete="username"
            inputMode="email"
            value={email}
            onChange={(e) => actor.send({ type: 'form.change', field: 'email', value: e.target.value })}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>{staffLoginText.passwordLabel}</Field.Label>
          <Input
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => actor.send({ type: 'form.change', field: 'password', value: e.target.value })}
          />
        </Field.Root>
        <Button type="submit" colorPalette="brand" size="lg" disabled={!canSubmit} loading={busy} loadingText={staffLoginText.submitting}>
          {staffLoginText.submit}
        </Button>
        <ChakraLink asChild color="brand.fg" fontSize="sm" alignSelf="center">
          <Link to="/login">{staffLoginText.toMemberLogin}</Link>
        </ChakraLink>
      </Stack>
    </chakra.form>
  )
}
