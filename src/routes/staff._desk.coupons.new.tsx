import { createFileRoute } from '@tanstack/react-router'
import { CouponEditor } from '../features/staff/desk/coupon-edit/coupon-editor'
import { useCouponEditActor } from '../features/staff/desk/coupon-edit/use-coupon-edit-actor'
import { useRemote } from '../ui/use-remote'

export const Route = createFileRoute('/staff/_desk/coupons/new')({
  component: NewCouponRoute,
})

function NewCouponRoute() {
  const { deskApi } = Route.useRouteContext()
  const products = useRemote(() => deskApi.call('desk-products', {}), [deskApi])
  return <CouponEditor actor={useCouponEditActor(deskApi, null)} products={products.data?.items ?? null} />
}
