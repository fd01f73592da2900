import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { DeskReceiptPage } from '../features/receipt/desk-receipt-page'

export const Route = createFileRoute('/staff/_desk/receipts/$receiptNumber')({
  // The member whose page it was opened from: the way back.
  validateSearch: v.object({ memberId: v.optional(v.string(), '') }),
  component: DeskReceiptRoute,
})

function DeskReceiptRoute() {
  const { deskApi } = Route.useRouteContext()
  const { receiptNumber } = Route.useParams()
  const { memberId } = Route.useSearch()
  return <DeskReceiptPage key={receiptNumber} deskApi={deskApi} receiptNumber={receiptNumber} memberId={memberId} />
}
