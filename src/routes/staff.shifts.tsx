import { createFileRoute } from '@tanstack/react-router'
import { staffNavText } from '../text/staff'
import { PageCard } from '../ui/page-card'

export const Route = createFileRoute('/staff/shifts')({
  staticData: { staffRoles: ['consultant', 'operator'] },
  component: () => <PageCard title={staffNavText.shifts}>{null}</PageCard>,
})
