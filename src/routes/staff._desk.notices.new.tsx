import { createFileRoute } from '@tanstack/react-router'
import { NoticeEditor } from '../features/staff/desk/notice-publish/notice-editor'
import { useNoticePublishActor } from '../features/staff/desk/notice-publish/use-notice-publish-actor'

export const Route = createFileRoute('/staff/_desk/notices/new')({
  component: NewNoticeRoute,
})

function NewNoticeRoute() {
  return <NoticeEditor actor={useNoticePublishActor(Route.useRouteContext().deskApi, null)} />
}
