import { createFileRoute } from '@tanstack/react-router'
import { ProductListPage } from '../features/staff/desk/products/product-list-page'

export const Route = createFileRoute('/staff/_desk/products')({
  component: ProductsRoute,
})

function ProductsRoute() {
  return <ProductListPage deskApi={Route.useRouteContext().deskApi} />
}
