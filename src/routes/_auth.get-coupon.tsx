import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { CouponClaimView } from '../features/coupon-claim/coupon-claim-view'
import { useCouponClaimActor } from '../features/coupon-claim/use-coupon-claim-actor'

// Under _auth: an anonymous visitor goes to /login and comes back here with the same query.
export const Route = createFileRoute('/_auth/get-coupon')({
  // The router parses a numeric code as a number: keep it a string.
  validateSearch: v.object({
    couponCode: v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String))),
  }),
  component: GetCoupon,
})

function GetCoupon() {
  const { services, auth } = Route.useRouteContext()
  const alreadyHeld = useCouponClaimActor(services, auth, Route.useSearch().couponCode)
  return <CouponClaimView alreadyHeld={alreadyHeld} />
}
