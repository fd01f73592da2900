import { createFileRoute } from '@tanstack/react-router'
import { staffNavText } from '../text/staff'
import { PageCard } from '../ui/page-card'

export const Route = createFileRoute('/staff/calendar')({
  staticData: { staffRoles: ['consultant'] },
  component: () => <PageCard title={staffNavText.calendar}>{null}</PageCard>,
})
