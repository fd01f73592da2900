import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { BuyComplete } from '../features/checkout/buy-complete'

const CompleteType = v.picklist(['INTERVIEW', 'SUPPORT', 'ADD', 'TIP'])

/** spec §2 /buy-complete: type must be INTERVIEW, SUPPORT, ADD or TIP, else error 404. */
export const Route = createFileRoute('/_auth/buy-complete')({
  validateSearch: v.object({ type: v.optional(v.string()), couponCode: v.optional(v.string()) }),
  beforeLoad: ({ search }) => {
    if (!v.is(CompleteType, search.type)) throw redirect({ to: '/error', search: { code: 404 } })
  },
  component: BuyCompletePage,
})

function BuyCompletePage() {
  const { type, couponCode } = Route.useSearch()
  return <BuyComplete type={v.parse(CompleteType, type)} couponCode={couponCode} />
}
