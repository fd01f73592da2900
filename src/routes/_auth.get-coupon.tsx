import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { searchText } from '../../contract/search-params'
import { CouponClaimView } from '../features/coupon-claim/coupon-claim-view'
import { useCouponClaimActor } from '../features/coupon-claim/use-coupon-claim-actor'

// Under _auth: an anonymous visitor goes to /login and comes back here with the same query.
export const Route = createFileRoute('/_auth/get-coupon')({
  validateSearch: v.object({
    couponCode: searchText,
  }),
  component: GetCoupon,
})

function GetCoupon() {
  const { services, auth } = Route.useRouteContext()
  const alreadyHeld = useCouponClaimActor(services, auth, Route.useSearch().couponCode)
  return <CouponClaimView alreadyHeld={alreadyHeld} />
}
