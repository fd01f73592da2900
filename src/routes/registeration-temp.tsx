import { Alert, Box, Button, DataList, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react'
import { createFileRoute, Link } from '@tanstack/react-router'
import { MessagePage } from '../ui/message-page'
import { RegistrationSteps } from '../features/signup/registration-steps'
import { SignupSearch } from '../features/signup/signup-search'
import { useSignupResend } from '../features/signup/use-signup-actor'
import { accountCommon, registrationTempText as t } from '../text/account'
import { ErrorBanner } from '../ui/error-banner'

// Provisional registration done (product.md §2): the query of the signup page is kept. The
// address the mail went to (from the signup page, in session storage: never in the URL), a resend
// while this tab holds the request, and a way back to the form.
export const Route = createFileRoute('/registeration-temp')({
  validateSearch: SignupSearch,
  component: RegistrationTempPage,
})

function RegistrationTempPage() {
  const search = Route.useSearch()
  const { sentTo, canResend, status, resend } = useSignupResend(Route.useRouteContext().services)
  return (
    <MessagePage title={t.title} before={<RegistrationSteps current={1} />}>
      <Text>{t.body}</Text>
      <Text fontSize="sm" color="fg.muted">
        {t.spam}
      </Text>
      {sentTo && (
        <DataList.Root orientation="horizontal">
          <DataList.Item>
            <DataList.ItemLabel>{t.sentTo}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="signup-sent-to" wordBreak="break-all">
              {sentTo}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      )}
      {status === 'sent' && (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{t.resent}</Alert.Title>
        </Alert.Root>
      )}
      {status === 'rateLimited' && <ErrorBanner title={accountCommon.rateLimited} />}
      {status === 'failed' && <ErrorBanner title={t.resendFailed} />}
      {canResend && (
        <Button variant="outline" alignSelf="flex-start" loading={status === 'sending'} onClick={() => void resend()}>
          {t.resend}
        </Button>
      )}
      <Box as="section" aria-labelledby="signup-not-arrived">
        <Stack gap="2">
          <Heading as="h2" size="sm" id="signup-not-arrived">
            {t.notArrivedTitle}
          </Heading>
          <Text fontSize="sm">{t.notArrivedBody}</Text>
          <ChakraLink asChild color="brand.fg" fontSize="sm">
            <Link to="/signup" search={search}>
              {t.signupAgain}
            </Link>
          </ChakraLink>
        </Stack>
      </Box>
    </MessagePage>
  )
}
