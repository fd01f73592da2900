import { createFileRoute } from '@tanstack/react-router'
import { NoticeListPage } from '../features/staff/desk/notice-publish/notice-list-page'

export const Route = createFileRoute('/staff/_desk/notices/')({
  component: NoticesRoute,
})

function NoticesRoute() {
  return <NoticeListPage deskApi={Route.useRouteContext().deskApi} />
}
