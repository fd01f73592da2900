import type { staffCalls } from '../../../contract/staff-calls'
import type { StaffHandlers } from '../../http/staff'
import { accountView, accountsOverview, grantAndInvite, revokeRole, staffMe } from '../../services/staff/accounts'

type Calls = typeof staffCalls

export const staffAccountHandlers: Pick<StaffHandlers<Calls>, 'staff-me' | 'staff-accounts' | 'role-grant' | 'role-revoke'> = {
  'staff-me': ({ me, deps }) => staffMe(deps.db, me()),
  'staff-accounts': ({ deps }) => accountsOverview(deps.db),
  'role-grant': async ({ deps, input, actor }) => {
    const { row, invitationMailed } = await grantAndInvite(deps, actor(), input, deps.clock.now())
    return { account: await accountView(deps.db, row), invitationMailed }
  },
  'role-revoke': async ({ deps, input, actor }) => ({ account: await accountView(deps.db, await revokeRole(deps, actor(), input, deps.clock.now())) }),
}
