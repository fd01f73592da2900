import { useRouter } from '@tanstack/react-router'
import type { IdentityPort } from '../../../../adapters/identity'
import { staffLoginText } from '../../../../text/staff'
import { PageCard } from '../../../../ui/page-card'
import { StaffLoginForm } from './staff-login-form'
import { useStaffLoginActor } from './use-staff-login-actor'

/** /staff/login: the card with the form; a successful login goes on to `target` (a /staff path). */
export function StaffLoginPage({ identity, target }: { identity: IdentityPort; target: string }) {
  const router = useRouter()
  const actor = useStaffLoginActor(identity, () => router.history.push(target))
  return (
    <PageCard title={staffLoginText.title} maxW="md" mx="auto">
      <StaffLoginForm actor={actor} />
    </PageCard>
  )
}
