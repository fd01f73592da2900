import { Alert, Box, Button, chakra, Checkbox, Field, Heading, HStack, Image, Input, Link as ChakraLink, Skeleton, Stack, Text } from '@chakra-ui/react'
import { NativeSelect } from '../../../../ui/later-recipes/native-select'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect, type FormEvent } from 'react'
import { NICKNAME_MAX } from '../../../../../contract/desk/consultants'
import { EMAIL_MAX } from '../../../../../contract/fields'
import type { ConsultantProfileActorRef } from '../../../../../machines/consultant-profile/consultant-profile-machine'
import { consultantProfileView } from '../../../../../machines/consultant-profile/consultant-profile-view'
import { PROFILE_IMAGE_TYPES, type ProfileField } from '../../../../../machines/consultant-profile/consultant-profile-rules'
import { deskCommonText as c, deskConsultantText as t } from '../../../../text/desk'
import { ErrorBanner } from '../../../../ui/error-banner'
import { TextField } from '../../../../ui/text-field'

/**
 * A consultant's profile: nickname, age, gender, image (checked, previewed, uploaded on save), the
 * address their mails go to and their place in the grid; when adding one, whether they take
 * bookings at once. `added`: the consultant was just added (the page says what comes next).
 */
export function ConsultantProfileForm({ actor, added = false }: { actor: ConsultantProfileActorRef; added?: boolean }) {
  const loading = useSelector(actor, consultantProfileView.isLoading)
  const loadFailed = useSelector(actor, consultantProfileView.isLoadFailed)
  const conflict = useSelector(actor, consultantProfileView.isConflict)
  const uploading = useSelector(actor, consultantProfileView.isUploading)
  const busy = useSelector(actor, consultantProfileView.isBusy)
  const values = useSelector(actor, (s) => s.context.values)
  const errors = useSelector(actor, consultantProfileView.errors)
  const imageUrl = useSelector(actor, (s) => s.context.imageUrl)
  const picked = useSelector(actor, (s) => s.context.picked)
  const imageMessage = useSelector(actor, (s) => s.context.imageProblem ?? s.context.imageRefusal)
  const failure = useSelector(actor, (s) => s.context.failure)
  const saved = useSelector(actor, (s) => s.context.saved)
  const isNew = useSelector(actor, consultantProfileView.isNew)
  const accountEmail = useSelector(actor, (s) => s.context.accountEmail)
  // The preview's object URL lives as long as the pick.
  useEffect(() => () => void (picked && URL.revokeObjectURL(picked.previewUrl)), [picked])
  const change = (field: ProfileField) => (value: string) => actor.send({ type: 'field.change', field, value })
  const emailHelp = `${t.emailHint}${accountEmail ? t.emailFallback(accountEmail) : t.emailNone}`
  const choose = (file: File | undefined) => {
    if (!file) return actor.send({ type: 'image.clear' })
    actor.send({ type: 'image.choose', image: { file, name: file.name, size: file.size, type: file.type, previewUrl: URL.createObjectURL(file) } })
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    actor.send({ type: 'form.submit' })
  }
  return (
    <Stack gap="5" maxW="2xl">
      <Heading as="h1" size="xl">
        {isNew ? t.newTitle : t.editTitle(values.nickname || '…')}
      </Heading>
      {isNew && <Text color="fg.muted">{t.newLead}</Text>}
      {added && !saved && (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t.added}</Alert.Title>
            <Alert.Description>{t.addedNext}</Alert.Description>
            <HStack gap="4" mt="2" wrap="wrap">
              <ChakraLink asChild colorPalette="brand">
                <Link to="/staff/shifts">{t.toShifts}</Link>
              </ChakraLink>
              <ChakraLink asChild colorPalette="brand">
                <Link to="/staff/accounts">{t.toAccounts}</Link>
              </ChakraLink>
            </HStack>
          </Alert.Content>
        </Alert.Root>
      )}
      {loadFailed && (
        <Box>
          <ErrorBanner title={c.loadFailed} description={failure} />
          <Button mt="2" size="sm" variant="outline" onClick={() => actor.send({ type: 'load.retry' })}>
            {c.retry}
          </Button>
        </Box>
      )}
      {conflict && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{c.conflictTitle}</Alert.Title>
            <Alert.Description>{failure}</Alert.Description>
            <Button mt="3" size="sm" colorPalette="brand" onClick={() => actor.send({ type: 'conflict.reload' })}>
              {c.reloadLatest}
            </Button>
          </Alert.Content>
        </Alert.Root>
      )}
      {!loadFailed && !conflict && failure && <ErrorBanner title={failure} />}
      {saved && (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{c.saved}</Alert.Title>
        </Alert.Root>
      )}
      {!loadFailed && (
        <chakra.form onSubmit={submit} noValidate aria-busy={loading}>
          <Skeleton loading={loading}>
            <Stack gap="4">
              <TextField label={t.nickname} value={values.nickname} autoComplete="off" maxLength={NICKNAME_MAX + 5} error={errors.nickname} onValue={change('nickname')} />
              <TextField label={t.age} value={values.age} inputMode="numeric" autoComplete="off" maxLength={3} error={errors.age} onValue={change('age')} />
              <Field.Root invalid={Boolean(errors.gender)}>
                <Field.Label>{t.gender}</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field value={values.gender} onChange={(e) => change('gender')(e.target.value)}>
                    <option value="">{t.genderPlaceholder}</option>
                    <option value="MALE">{t.genders.MALE}</option>
                    <option value="FEMALE">{t.genders.FEMALE}</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                {errors.gender && <Field.ErrorText>{errors.gender}</Field.ErrorText>}
              </Field.Root>
              <TextField
                label={t.email}
                type="email"
                inputMode="email"
                value={values.email}
                autoComplete="off"
                maxLength={EMAIL_MAX}
                error={errors.email}
                hint={emailHelp}
                onValue={change('email')}
              />
              <TextField label={t.sortOrder} value={values.sortOrder} inputMode="numeric" autoComplete="off" maxLength={4} error={errors.sortOrder} hint={t.sortOrderHint} onValue={change('sortOrder')} />
              {isNew && (
                <Checkbox.Root checked={values.active} onCheckedChange={(e) => change('active')(String(e.checked === true))}>
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{t.activeLabel}</Checkbox.Label>
                </Checkbox.Root>
              )}
              <Field.Root invalid={Boolean(imageMessage)}>
                <Field.Label>{t.image}</Field.Label>
                <Input type="file" accept={PROFILE_IMAGE_TYPES.join(',')} p="1" onChange={(e) => choose(e.target.files?.[0])} />
                {imageMessage ? <Field.ErrorText>{imageMessage}</Field.ErrorText> : <Field.HelperText>{t.imageHint}</Field.HelperText>}
              </Field.Root>
              <HStack gap="6" align="start" wrap="wrap">
                <Box>
                  <Text fontSize="sm" mb="1">
                    {t.currentImage}
                  </Text>
                  {imageUrl ? <Image src={imageUrl} alt={t.currentImage} w="32" h="32" objectFit="cover" borderRadius="full" /> : <Text color="fg.muted">{t.noImage}</Text>}
                </Box>
                {picked && (
                  <Box>
                    <Text fontSize="sm" mb="1">
                      {t.previewImage}
                    </Text>
                    <Image src={picked.previewUrl} alt={t.previewImage} w="32" h="32" objectFit="cover" borderRadius="full" />
                    <Text fontSize="xs" color="fg.muted" mt="1">
                      {t.imageChosen(picked.name, t.kb(picked.size))}
                    </Text>
                    <Button size="xs" variant="ghost" mt="1" onClick={() => actor.send({ type: 'image.clear' })}>
                      {t.imageClear}
                    </Button>
                  </Box>
                )}
              </HStack>
              <HStack gap="3">
                <Button type="submit" colorPalette="brand" loading={busy} loadingText={uploading ? t.uploading : c.saving} disabled={loading || conflict}>
                  {isNew ? t.addSubmit : c.save}
                </Button>
                <Button asChild variant="ghost">
                  <Link to="/staff/consultants">{c.back}</Link>
                </Button>
              </HStack>
            </Stack>
          </Skeleton>
        </chakra.form>
      )}
    </Stack>
  )
}
