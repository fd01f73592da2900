import { Box, Button, chakra, Checkbox, Field, Fieldset, Group, Input, InputAddon, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import type { SignupActorRef, SignupField } from '../../../machines/signup/signup-machine'
import { signupView } from '../../../machines/signup/signup-view'
import { EMAIL_MAX, NAME_MAX, PHONE_MAX } from '../../../contract/fields'
import { externalLinks } from '../../external-links'
import { accountCommon, signupText } from '../../text/account'
import { PasswordField } from '../../ui/password-field'
import { TextField } from '../../ui/text-field'
import { generatePassword, normalizePassword, normalizePhone, splitEmail, suggestDomains } from '../../ui/normalize'
import { ErrorBanner } from '../../ui/error-banner'

/** Room for a pasted 「090-1234-5678」: the value itself keeps at most 11 digits (normalizePhone). */
const PHONE_INPUT_MAX = PHONE_MAX + 2

/** The signup form (product.md §2 signup page): renders the signup chart and sends its events. */
export function SignupForm({ actor }: { actor: SignupActorRef }) {
  const values = useSelector(actor, (s) => s.context.values)
  const errors = useSelector(actor, (s) => s.context.errors)
  const answers = useSelector(actor, (s) => s.context.registrationAnswers)
  const landingPage = useSelector(actor, (s) => s.context.landingPage)
  const emailInUse = useSelector(actor, (s) => s.context.emailInUse)
  const rateLimited = useSelector(actor, (s) => s.context.rateLimited)
  const passwordVisible = useSelector(actor, (s) => s.context.passwordVisible)
  // The clipboard child says when the password was copied (its tooltip, 2 s).
  const clipboard = useSelector(actor, signupView.clipboard)
  const copied = useSelector(clipboard, signupView.isCopied)
  const busy = useSelector(actor, signupView.isBusy)
  const canSubmit = useSelector(actor, signupView.canSubmit)

  const change = (field: SignupField, value: string) => actor.send({ type: 'field.change', field, value })
  const blur = (field: SignupField) => () => actor.send({ type: 'field.blur', field })
  const changeLocal = (typed: string) => {
    // Typing or pasting a whole address into the first box splits it at the @.
    const { local, domain } = splitEmail(typed, values.emailDomain)
    change('emailLocal', local)
    if (domain !== values.emailDomain) change('emailDomain', domain)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    actor.send({ type: 'form.submit' })
  }

  return (
    <chakra.form onSubmit={submit} noValidate w="full">
      <Stack gap="5">
        <Text color="fg.muted">{signupText.lead}</Text>
        {emailInUse && (
          <ErrorBanner title={signupText.emailInUse} />
        )}
        {rateLimited && <ErrorBanner title={accountCommon.rateLimited} />}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <TextField
            label={signupText.lastname}
            name="lastname"
            maxLength={NAME_MAX}
            autoComplete="family-name"
            placeholder={signupText.lastnamePlaceholder}
            value={values.memberLastname}
            error={errors.memberLastname}
            onValue={(v) => change('memberLastname', v)}
            onBlur={blur('memberLastname')}
          />
          <TextField
            label={signupText.firstname}
            name="firstname"
            maxLength={NAME_MAX}
            autoComplete="given-name"
            placeholder={signupText.firstnamePlaceholder}
            value={values.memberFirstname}
            error={errors.memberFirstname}
            onValue={(v) => change('memberFirstname', v)}
            onBlur={blur('memberFirstname')}
          />
        </SimpleGrid>
        <TextField
          label={signupText.phone}
          name="phone"
          type="tel"
          maxLength={PHONE_INPUT_MAX}
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder={signupText.phonePlaceholder}
          hint={signupText.phoneHint}
          value={values.phoneNumber}
          error={errors.phoneNumber}
          onValue={(v) => change('phoneNumber', normalizePhone(v))}
          onBlur={blur('phoneNumber')}
        />
        <Fieldset.Root invalid={Boolean(errors.email)}>
          <Fieldset.Legend fontWeight="medium" fontSize="sm">
            {signupText.email}
          </Fieldset.Legend>
          <Group attached w="full">
            <Input
              aria-label={signupText.emailLocal}
              name="email-local"
              maxLength={EMAIL_MAX}
              inputMode="email"
              autoComplete="email"
              value={values.emailLocal}
              onChange={(e) => changeLocal(e.target.value)}
              onBlur={blur('emailLocal')}
            />
            <InputAddon>@</InputAddon>
            <Input
              aria-label={signupText.emailDomain}
              name="email-domain"
              maxLength={EMAIL_MAX}
              inputMode="email"
              autoComplete="off"
              list="signup-email-domains"
              placeholder={signupText.emailDomainPlaceholder}
              value={values.emailDomain}
              onChange={(e) => change('emailDomain', e.target.value)}
              onBlur={blur('emailDomain')}
            />
          </Group>
          <datalist id="signup-email-domains" aria-label={signupText.domainSuggestions}>
            {suggestDomains(values.emailDomain).map((d) => (
              <option key={d} value={d} />
            ))}
          </datalist>
          {errors.email && <Fieldset.ErrorText>{errors.email}</Fieldset.ErrorText>}
        </Fieldset.Root>
        <PasswordField
          label={signupText.password}
          value={values.password}
          error={errors.password}
          hint={signupText.passwordHint}
          visible={passwordVisible}
          onToggle={() => actor.send({ type: 'password.toggleVisibility' })}
          onValue={(v) => change('password', normalizePassword(v))}
          onBlur={blur('password')}
        >
          <Group mt="2" gap="2" flexWrap="wrap">
            <Box position="relative">
              <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'password.copy' })}>
                {signupText.copyPassword}
              </Button>
              {copied && (
                <Box
                  role="status"
                  position="absolute"
                  bottom="100%"
                  left="0"
                  mb="1"
                  px="2"
                  py="1"
                  bg="fg"
                  color="bg"
                  fontSize="xs"
                  borderRadius="l1"
                  whiteSpace="nowrap"
                >
                  {signupText.copied}
                </Box>
              )}
            </Box>
            <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'password.generate', password: generatePassword() })}>
              {signupText.generatePassword}
            </Button>
          </Group>
        </PasswordField>
        {!landingPage && (
          <Fieldset.Root>
            <Fieldset.Legend fontWeight="medium" fontSize="sm">
              {signupText.survey}
            </Fieldset.Legend>
            <Stack gap="2">
              {signupText.surveyOptions.map((option) => (
                <Checkbox.Root
                  key={option}
                  checked={answers.includes(option)}
                  onCheckedChange={() => actor.send({ type: 'survey.toggle', answer: option })}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{option}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
          </Fieldset.Root>
        )}
        <Field.Root>
          <Text fontSize="sm">
            {signupText.termsBefore}
            <ChakraLink href={externalLinks.terms} target="_blank" rel="noopener noreferrer" color="brand.fg">
              {signupText.termsLink}
            </ChakraLink>
            {signupText.termsAfter}
          </Text>
        </Field.Root>
        <Button type="submit" colorPalette="brand" size="lg" disabled={!canSubmit} loading={busy}>
          {signupText.submit}
        </Button>
        {!landingPage && (
          <Text fontSize="sm" textAlign="center" color="fg.muted">
            {signupText.haveAccount}{' '}
            <ChakraLink asChild color="brand.fg">
              <Link to="/login">{signupText.login}</Link>
            </ChakraLink>
          </Text>
        )}
      </Stack>
    </chakra.form>
  )
}
