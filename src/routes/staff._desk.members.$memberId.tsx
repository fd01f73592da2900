import { createFileRoute } from '@tanstack/react-router'
import { MemberDetailPage } from '../features/staff/desk/members/member-detail-page'
import { RefundDialog } from '../features/staff/desk/refund/refund-dialog'

export const Route = createFileRoute('/staff/_desk/members/$memberId')({
  component: MemberRoute,
})

function MemberRoute() {
  const { deskApi } = Route.useRouteContext()
  const { memberId } = Route.useParams()
  return (
    <MemberDetailPage
      key={memberId}
      deskApi={deskApi}
      memberId={memberId}
      refund={(purchase, booking, { refunded, close }) => <RefundDialog key={purchase.receiptNumber} deskApi={deskApi} purchase={{ ...purchase, booking }} onRefunded={refunded} onClose={close} />}
    />
  )
}
