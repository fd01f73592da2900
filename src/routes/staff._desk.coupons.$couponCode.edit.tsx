import { createFileRoute } from '@tanstack/react-router'
import { CouponEditor } from '../features/staff/desk/coupon-edit/coupon-editor'
import { useCouponEditActor } from '../features/staff/desk/coupon-edit/use-coupon-edit-actor'
import { useRemote } from '../ui/use-remote'

export const Route = createFileRoute('/staff/_desk/coupons/$couponCode/edit')({
  component: EditCouponRoute,
})

function EditCouponRoute() {
  const { couponCode } = Route.useParams()
  return <EditCoupon key={couponCode} couponCode={couponCode} />
}

function EditCoupon({ couponCode }: { couponCode: string }) {
  const { deskApi } = Route.useRouteContext()
  const products = useRemote(() => deskApi.call('desk-products', {}), [deskApi])
  return <CouponEditor actor={useCouponEditActor(deskApi, couponCode)} products={products.data?.items ?? null} />
}
