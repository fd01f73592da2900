import { Button, Stack, Text } from '@chakra-ui/react'
import { createFileRoute, Link } from '@tanstack/react-router'
import * as v from 'valibot'
import { changeCompleteText as t } from '../text/schedule'
import { useBackGoesHome } from '../ui/back-goes-home'
import { BookingSummaryCard, loadBookingSummary } from '../ui/booking-summary'
import { PageCard } from '../ui/page-card'

/**
 * product.md §2: the new reservation was mailed (sender, spam-folder note); home button. The change
 * page adds the ticket's number: the page shows the new date, time, consultant and method.
 */
export const Route = createFileRoute('/_auth/reservationdate-change-complete')({
  validateSearch: v.object({ ticketNumber: v.optional(v.string()) }),
  loaderDeps: ({ search }) => ({ ticketNumber: search.ticketNumber }),
  loader: async ({ context, deps }) => ({
    summary: deps.ticketNumber ? await loadBookingSummary(context.services.api, deps.ticketNumber, { withPurchase: false }) : null,
  }),
  // The summary is read once: the Back guard's second entry of the same page does not read it again.
  staleTime: 60_000,
  component: ReservationChangeComplete,
})

function ReservationChangeComplete() {
  const { summary } = Route.useLoaderData()
  useBackGoesHome()
  return (
    <PageCard title={t.title} maxW="2xl" mx="auto">
      <Stack gap="3">
        <Text>{t.body}</Text>
        {summary && <BookingSummaryCard summary={summary} />}
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
