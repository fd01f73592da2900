import { createFileRoute, redirect } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { sessionKeys } from '../adapters/session-store'
import { BuySearch } from '../features/checkout/buy-search'
import { CheckoutPage } from '../features/checkout/checkout-page'
import { useCheckout } from '../features/checkout/use-checkout'

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** A message for the page navigated to (e.g. STAFF_DENY back to /support/staff, spec §8). */
    toast?: string
  }
}

/** Payment (spec §2 "/buy details", §4 Payment); also the return target of the 3-D Secure page. */
export const Route = createFileRoute('/_auth/buy')({
  validateSearch: BuySearch,
  beforeLoad: async ({ context, search }) => {
    // Loaded here, not at the top: the date rules (js-joda) stay out of the entry bundle.
    const { isValidImmediateReservation, parsePurchaseState, resolveParams } = await import('../features/checkout/checkout-params')
    // spec §5 Immediate reservation: anything invalid is error 404.
    if (search.reserveNow === 'true' && !isValidImmediateReservation(search)) throw redirect({ to: '/error', search: { code: 404 } })
    const params = resolveParams(search, parsePurchaseState(context.services.session.get(sessionKeys.purchaseState)))
    if (!params) throw redirect({ to: '/support/menu', state: { displayToast: true } })
    return { checkoutParams: params }
  },
  component: BuyPage,
})

function BuyPage() {
  const { services, auth, checkoutParams } = Route.useRouteContext()
  const search = Route.useSearch()
  const email = useSelector(auth, (s) => s.context.member?.email ?? '')
  const [returned] = useState(() => new URLSearchParams(Object.entries(search).filter(([, v]) => v !== undefined) as [string, string][]))
  const { actor, payment } = useCheckout(services, checkoutParams, email, returned)
  return <CheckoutPage actor={actor} CardFields={payment.CardFields} />
}
