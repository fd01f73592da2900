import { Alert, Button, chakra, DataList, HStack, Link as ChakraLink, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import type { ProfileActorRef, ProfileField } from '../../../machines/profile-machine'
import { settingsText as t } from '../../text/account'
import { normalizePhone } from './normalize'
import { TextField } from './text-field'
import { ErrorBanner } from '../../ui/error-banner'

/** Account info on /settings (spec §2): member ID, editable names and phone, e-mail and password links. */
export function ProfileForm({ actor }: { actor: ProfileActorRef }) {
  const loading = useSelector(actor, (s) => s.matches('loading'))
  const member = useSelector(actor, (s) => s.context.member)
  const values = useSelector(actor, (s) => s.context.values)
  const errors = useSelector(actor, (s) => s.context.errors)
  const saved = useSelector(actor, (s) => s.context.saved)
  const rejected = useSelector(actor, (s) => s.context.rejected)
  const saving = useSelector(actor, (s) => s.matches('saving'))
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'form.submit' }))
  const change = (field: ProfileField) => (value: string) => actor.send({ type: 'field.change', field, value })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'form.submit' })
  }

  if (loading || !member) {
    return (
      <Stack gap="4" aria-busy="true">
        <Skeleton h="6" w="40%" />
        <Skeleton h="10" />
        <Skeleton h="10" />
        <Skeleton h="10" />
      </Stack>
    )
  }
  return (
    <chakra.form onSubmit={submit} noValidate w="full">
      <Stack gap="5">
        {saved && (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Title>{t.saved}</Alert.Title>
          </Alert.Root>
        )}
        {rejected && (
          <ErrorBanner title={t.namesTooLong} />
        )}
        <DataList.Root orientation="horizontal">
          <DataList.Item>
            <DataList.ItemLabel>{t.memberId}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="member-id">{member.memberId}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <TextField label={t.lastname} autoComplete="family-name" value={values.memberLastname} error={errors.memberLastname} onValue={change('memberLastname')} />
          <TextField label={t.firstname} autoComplete="given-name" value={values.memberFirstname} error={errors.memberFirstname} onValue={change('memberFirstname')} />
        </SimpleGrid>
        <TextField
          label={t.phone}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={values.phoneNumber}
          error={errors.phoneNumber}
          onValue={(v) => change('phoneNumber')(normalizePhone(v))}
        />
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" disabled={!canSubmit} loading={saving}>
          {t.save}
        </Button>
        <DataList.Root orientation="horizontal" pt="4" borderTopWidth="1px">
          <DataList.Item>
            <DataList.ItemLabel>{t.email}</DataList.ItemLabel>
            <DataList.ItemValue>
              <HStack gap="4" flexWrap="wrap">
                <span data-testid="member-email">{member.email}</span>
                <ChakraLink asChild color="brand.fg">
                  <Link to="/settings/email-change-request">{t.emailChange}</Link>
                </ChakraLink>
              </HStack>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t.password}</DataList.ItemLabel>
            <DataList.ItemValue>
              <HStack gap="4">
                <span>********</span>
                <ChakraLink asChild color="brand.fg">
                  <Link to="/settings/password-change">{t.passwordChange}</Link>
                </ChakraLink>
              </HStack>
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Stack>
    </chakra.form>
  )
}
