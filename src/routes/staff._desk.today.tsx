import { createFileRoute } from '@tanstack/react-router'
import { DeskTodayPage } from '../features/staff/desk/today/desk-today-page'

/** 今日の状況: the operator's landing (src/routes/staff.index.tsx sends an operator here). */
export const Route = createFileRoute('/staff/_desk/today')({
  component: TodayRoute,
})

function TodayRoute() {
  return <DeskTodayPage deskApi={Route.useRouteContext().deskApi} />
}
