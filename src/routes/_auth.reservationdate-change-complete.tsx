import { Button, Stack, Text } from '@chakra-ui/react'
import { createFileRoute, Link } from '@tanstack/react-router'
import { changeCompleteText as t } from '../text/schedule'
import { PageCard } from '../ui/page-card'

/** spec §2: the new reservation was mailed (sender, spam-folder note); home button. */
export const Route = createFileRoute('/_auth/reservationdate-change-complete')({
  component: ReservationChangeComplete,
})

function ReservationChangeComplete() {
  return (
    <PageCard title={t.title} maxW="2xl" mx="auto">
      <Stack gap="3">
        <Text>{t.body}</Text>
        <Text fontSize="sm" color="fg.muted">
          {t.sender}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {t.spam}
        </Text>
        <Button asChild colorPalette="brand" alignSelf="center" mt="4">
          <Link to="/">{t.home}</Link>
        </Button>
      </Stack>
    </PageCard>
  )
}
