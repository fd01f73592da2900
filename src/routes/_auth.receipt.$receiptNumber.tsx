import { createFileRoute } from '@tanstack/react-router'
import { ReceiptPage } from '../features/receipt/receipt-page'
import { useReceiptActor } from '../features/receipt/use-receipt-actor'

export const Route = createFileRoute('/_auth/receipt/$receiptNumber')({
  component: ReceiptRoute,
})

function ReceiptRoute() {
  const { receiptNumber } = Route.useParams()
  return <ReceiptRoutePage key={receiptNumber} receiptNumber={receiptNumber} />
}

/** One chart per receipt: another receipt's page starts its own (its own issue). */
function ReceiptRoutePage({ receiptNumber }: { receiptNumber: string }) {
  const actor = useReceiptActor(Route.useRouteContext().services, receiptNumber)
  return <ReceiptPage actor={actor} />
}
