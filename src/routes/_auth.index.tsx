import { useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { ticketCalendarFetcher } from '../api/ticket-calendar'
import { createFileRoute, redirect, useRouter, useRouterState } from '@tanstack/react-router'
import { useCouponClaimedToast } from '../features/coupon-claim/coupon-claimed-toast'
import { HomePage } from '../features/home/home-page'
import { takeHandedHome, takePrefetchedHome } from '../features/home/home-prefetch'
import { errorCodeOf, loadHome } from '../features/home/load-home'
import { useFreshHome } from '../features/home/use-home-refresh'
import { PathLink } from '../ui/path-link'

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** Set by the coupon claim (/get-coupon): home says the coupon was added, once. */
    couponClaimed?: boolean
  }
}

export const Route = createFileRoute('/_auth/')({
  // product.md §8: user-data and product load failures go to /error?code={HTTP status}.
  loader: async ({ context }) => {
    // The page the home's own start drew, handed to the app: the same data and moment.
    const handed = takeHandedHome()
    if (handed) return { ...handed, handedOver: true }
    try {
      const early = takePrefetchedHome()
      const data = early ? await early.catch(() => loadHome(context.services.api)) : await loadHome(context.services.api)
      return { data, now: new Date(), handedOver: false }
    } catch (error) {
      throw redirect({ to: '/error', search: { code: errorCodeOf(error) } })
    }
  },
  // Tickets, coupons and the calendar change with every purchase: always load afresh.
  staleTime: 0,
  gcTime: 0,
  // Always taller than a viewport: its page spinner holds one, so the footer is not painted in
  // view and then pushed out when the page arrives (src/ui/page-spinner.tsx).
  staticData: { tallPage: true },
  component: Home,
})

function Home() {
  const { auth, services } = Route.useRouteContext()
  const loaded = Route.useLoaderData()
  const { handedOver } = loaded
  const router = useRouter()
  const member = useSelector(auth, (s) => s.context.member)
  useCouponClaimedToast(useRouterState({ select: (s) => s.location.state.couponClaimed === true }))
  // The cards' 「カレンダーに追加」: the file call with the member's token, as the API client sends it.
  const calendarFile = useMemo(() => ticketCalendarFetcher({ baseUrl: services.config.apiBase, getIdToken: () => services.identity.getIdToken() }), [services])
  // The "no call came" report (docs/decisions.md 86): sent, then the tickets are read again.
  const reportNoCall = async (ticketNumber: string) => {
    await services.api.call('no-call-report', { ticketNumber })
    await router.invalidate()
  }
  // A card someone else may change (the consultant's outcome) is read again on its own, in place (decision 121).
  const { data, now } = useFreshHome(loaded, async () => ({ data: await loadHome(services.api), now: new Date() }))
  return <HomePage member={member} data={data} now={now} calendarFile={calendarFile} reportNoCall={reportNoCall} Link={PathLink} allSectionsAtOnce={handedOver} />
}
