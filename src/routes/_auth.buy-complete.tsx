import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { BuyComplete } from '../features/checkout/buy-complete'
import { loadBookingSummary } from '../ui/booking-summary'

const CompleteType = v.picklist(['INTERVIEW', 'SUPPORT', 'ADD', 'TIP'])

/**
 * product.md §2 /buy-complete: type must be INTERVIEW, SUPPORT, ADD or TIP, else error 404. The checkout
 * adds the new ticket's number: the page reads what was bought and shows it.
 */
export const Route = createFileRoute('/_auth/buy-complete')({
  validateSearch: v.object({ type: v.optional(v.string()), couponCode: v.optional(v.string()), ticketNumber: v.optional(v.string()) }),
  beforeLoad: ({ search }) => {
    if (!v.is(CompleteType, search.type)) throw redirect({ to: '/error', search: { code: 404 } })
  },
  loaderDeps: ({ search }) => ({ ticketNumber: search.ticketNumber }),
  loader: async ({ context, deps }) => ({
    summary: deps.ticketNumber ? await loadBookingSummary(context.services.api, deps.ticketNumber, { withPurchase: true }) : null,
  }),
  // The summary is read once: the Back guard's second entry of the same page does not read it again.
  staleTime: 60_000,
  component: BuyCompletePage,
})

function BuyCompletePage() {
  const { type, couponCode } = Route.useSearch()
  const { summary } = Route.useLoaderData()
  return <BuyComplete type={v.parse(CompleteType, type)} couponCode={couponCode} summary={summary} />
}
