import { Alert, Button, chakra, DataList, HStack, Link as ChakraLink, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { FormEvent, ReactNode } from 'react'
import type { ProfileActorRef, ProfileField } from '../../../machines/profile/profile-machine'
import { profileView } from '../../../machines/profile/profile-view'
import type { Member } from '../../../contract/calls'
import { NAME_MAX, PHONE_MAX } from '../../../contract/fields'
import { settingsText as t } from '../../text/account'
import { normalizePhone } from '../../ui/normalize'
import { TextField } from '../../ui/text-field'
import { ErrorBanner } from '../../ui/error-banner'

/**
 * Account info on /settings (product.md §2): member ID, editable names and phone, e-mail and password links.
 *
 * While the member loads, the form is its own skeleton: the same labels and boxes with the values
 * hidden, so it has the final size and the cancel section under it (in view on a phone and a
 * laptop) does not move when the values arrive (a smaller skeleton moved it, CLS 0.29).
 * The only height the values decide is the e-mail's (a long address wraps on a phone): the
 * skeleton takes it from `sizedLike`, the member the auth chart loaded at sign-in.
 */
export function ProfileForm({ actor, sizedLike }: { actor: ProfileActorRef; sizedLike: Pick<Member, 'memberId' | 'email'> | null }) {
  const loading = useSelector(actor, profileView.isLoading)
  const loaded = useSelector(actor, (s) => s.context.member)
  const values = useSelector(actor, (s) => s.context.values)
  const errors = useSelector(actor, (s) => s.context.errors)
  const saved = useSelector(actor, (s) => s.context.saved)
  const rejected = useSelector(actor, (s) => s.context.rejected)
  const saving = useSelector(actor, profileView.isSaving)
  const canSubmit = useSelector(actor, profileView.canSubmit)
  const change = (field: ProfileField) => (value: string) => actor.send({ type: 'field.change', field, value })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'form.submit' })
  }
  const pending = loading || !loaded
  const member = loaded ?? { memberId: sizedLike?.memberId ?? '', email: sizedLike?.email ?? '' }

  return (
    <chakra.form onSubmit={submit} noValidate w="full" aria-busy={pending}>
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
            <DataList.ItemValue data-testid="member-id">
              <Value loading={pending}>{member.memberId}</Value>
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Skeleton loading={pending}>
            <TextField label={t.lastname} maxLength={NAME_MAX} autoComplete="family-name" value={values.memberLastname} error={errors.memberLastname} onValue={change('memberLastname')} />
          </Skeleton>
          <Skeleton loading={pending}>
            <TextField label={t.firstname} maxLength={NAME_MAX} autoComplete="given-name" value={values.memberFirstname} error={errors.memberFirstname} onValue={change('memberFirstname')} />
          </Skeleton>
        </SimpleGrid>
        <Skeleton loading={pending}>
          <TextField
            label={t.phone}
            type="tel"
            maxLength={PHONE_MAX + 2 /* room for the hyphens of a pasted number; the value keeps 11 digits */}
            inputMode="numeric"
            autoComplete="tel-national"
            value={values.phoneNumber}
            error={errors.phoneNumber}
            onValue={(v) => change('phoneNumber')(normalizePhone(v))}
          />
        </Skeleton>
        <Skeleton loading={pending} alignSelf="flex-start">
          <Button type="submit" colorPalette="brand" disabled={!canSubmit} loading={saving}>
            {t.save}
          </Button>
        </Skeleton>
        <DataList.Root orientation="horizontal" pt="4" borderTopWidth="1px">
          <DataList.Item>
            <DataList.ItemLabel>{t.email}</DataList.ItemLabel>
            <DataList.ItemValue>
              <Value loading={pending}>
                <HStack gap="4" flexWrap="wrap">
                  <span data-testid="member-email">{member.email}</span>
                  <ChakraLink asChild color="brand.fg" whiteSpace="nowrap">
                    <Link to="/settings/email-change-request">{t.emailChange}</Link>
                  </ChakraLink>
                </HStack>
              </Value>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t.password}</DataList.ItemLabel>
            <DataList.ItemValue>
              <Value loading={pending}>
                <HStack gap="4" flexWrap="wrap">
                  <span>********</span>
                  <ChakraLink asChild color="brand.fg" whiteSpace="nowrap">
                    <Link to="/settings/password-change">{t.passwordChange}</Link>
                  </ChakraLink>
                </HStack>
              </Value>
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Stack>
    </chakra.form>
  )
}

/**
 * A data-list value behind a skeleton. Chakra's loading style keeps a skeleton from shrinking,
 * which in the value's flex row would stop a long e-mail from wrapping as it does once loaded:
 * this one shrinks like the value it stands for.
 */
function Value({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <Skeleton loading={loading} flex="1" minW="0">
      {children}
    </Skeleton>
  )
}
