import { createFileRoute } from '@tanstack/react-router'
import { BuySearch } from '../contract/purchase-handoff'
import { CheckoutPage } from '../features/checkout/checkout-page'
import { useCheckoutActor } from '../features/checkout/use-checkout-actor'

/** Payment (spec §2 "/buy details", §4 Payment); also the return target of the 3-D Secure page. */
export const Route = createFileRoute('/_auth/buy')({
  validateSearch: BuySearch,
  // Loaded here, not at the top: the date rules (js-joda) stay out of the entry bundle.
  beforeLoad: async ({ context, search }) => (await import('../features/checkout/checkout-params')).resolveCheckout(context.services.session, search),
  component: BuyPage,
})

function BuyPage() {
  const { actor, CardFields } = useCheckoutActor(Route.useRouteContext(), Route.useSearch())
  return <CheckoutPage actor={actor} CardFields={CardFields} />
}
