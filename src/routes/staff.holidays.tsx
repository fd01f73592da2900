import { createFileRoute } from '@tanstack/react-router'
import { staffNavText } from '../text/staff'
import { PageCard } from '../ui/page-card'

export const Route = createFileRoute('/staff/holidays')({
  staticData: { staffRoles: ['operator'] },
  component: () => <PageCard title={staffNavText.holidays}>{null}</PageCard>,
})
