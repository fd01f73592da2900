import { Button, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { errorHomeButton, errorPageText, sessionEndedText, type ErrorCode } from '../../text/error'
import { PageCard } from '../../ui/page-card'

/** The error page's content for one resolved code, with the home button every code has. */
export function ErrorView({ code }: { code: ErrorCode }) {
  const text = errorPageText[code]
  return (
    <PageCard title={text.title} textAlign="center">
      <Stack gap="8" align="center">
        <Text data-error-code={code}>{text.body}</Text>
        {code === '401' ? (
          <>
            <Text>{sessionEndedText.note}</Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              <Button asChild colorPalette="brand" size="lg">
                <Link to="/login">{sessionEndedText.loginButton}</Link>
              </Button>
              <Button asChild variant="outline" size="lg">
                <Link to="/">{errorHomeButton}</Link>
              </Button>
            </Stack>
          </>
        ) : (
          <Button asChild colorPalette="brand" size="lg">
            <Link to="/">{errorHomeButton}</Link>
          </Button>
        )}
      </Stack>
    </PageCard>
  )
}
