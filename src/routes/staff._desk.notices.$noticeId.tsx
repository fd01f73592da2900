import { createFileRoute } from '@tanstack/react-router'
import { NoticeEditor } from '../features/staff/desk/notice-publish/notice-editor'
import { useNoticePublishActor } from '../features/staff/desk/notice-publish/use-notice-publish-actor'

export const Route = createFileRoute('/staff/_desk/notices/$noticeId')({
  component: NoticeRoute,
})

function NoticeRoute() {
  const { noticeId } = Route.useParams()
  // A new chart for another notice: the key remounts the editor with its own actor.
  return <NoticeEditorFor key={noticeId} id={Number(noticeId)} />
}

function NoticeEditorFor({ id }: { id: number }) {
  return <NoticeEditor actor={useNoticePublishActor(Route.useRouteContext().deskApi, Number.isInteger(id) && id > 0 ? id : -1)} />
}
