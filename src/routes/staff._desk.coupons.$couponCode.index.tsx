import { createFileRoute } from '@tanstack/react-router'
import { CouponDetailPage } from '../features/staff/desk/coupon-edit/coupon-detail-page'

export const Route = createFileRoute('/staff/_desk/coupons/$couponCode/')({
  component: CouponRoute,
})

function CouponRoute() {
  const { couponCode } = Route.useParams()
  return <CouponDetailPage key={couponCode} deskApi={Route.useRouteContext().deskApi} couponCode={couponCode} origin={window.location.origin} />
}
