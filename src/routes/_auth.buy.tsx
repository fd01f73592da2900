import { createFileRoute } from '@tanstack/react-router'
import { BuySearch } from '../../contract/buy-search'
import { CheckoutPage } from '../features/checkout/checkout-page'
import { useCheckoutActor } from '../features/checkout/use-checkout-actor'
import { StepBreadcrumb } from '../ui/step-breadcrumb'

/** Payment (product.md §2 "/buy details", §4 Payment); also the return target of the 3-D Secure page. */
export const Route = createFileRoute('/_auth/buy')({
  validateSearch: BuySearch,
  // Loaded here, not at the top: the date rules (js-joda) stay out of the entry bundle.
  beforeLoad: async ({ context, search }) => (await import('../features/checkout/checkout-params')).resolveCheckout(context.services.session, search),
  component: BuyPage,
})

function BuyPage() {
  const context = Route.useRouteContext()
  const { actor, CardFields } = useCheckoutActor(context, Route.useSearch())
  const { checkoutParams: params } = context
  // product.md §2 step breadcrumb, last step: a SUPPORT ticket bought through the date and consultant
  // grid (a tip, an extension or an interview has no such steps).
  const throughGrid = params.reservationTime !== null && params.parentTicketNumber === null
  return (
    <>
      {throughGrid && <StepBreadcrumb variant="purchase" current="buy" productId={params.productId} />}
      <CheckoutPage actor={actor} CardFields={CardFields} />
    </>
  )
}
