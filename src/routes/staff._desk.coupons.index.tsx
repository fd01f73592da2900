import { createFileRoute } from '@tanstack/react-router'
import { CouponListPage } from '../features/staff/desk/coupon-edit/coupon-list-page'

export const Route = createFileRoute('/staff/_desk/coupons/')({
  component: CouponsRoute,
})

function CouponsRoute() {
  return <CouponListPage deskApi={Route.useRouteContext().deskApi} />
}
