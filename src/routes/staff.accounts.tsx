import { createFileRoute } from '@tanstack/react-router'
import { staffNavText } from '../text/staff'
import { PageCard } from '../ui/page-card'

export const Route = createFileRoute('/staff/accounts')({
  staticData: { staffRoles: ['operator'] },
  component: () => <PageCard title={staffNavText.accounts}>{null}</PageCard>,
})
