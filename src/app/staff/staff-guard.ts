import { createStaffApiClient, type StaffApiClient } from '../../api/staff-client'
import type { RouterContext } from '../../routes/-router-context'
import { settledAuth } from '../../features/auth/auth-guard'
import { readStaffSession, type StaffSession } from './staff-session'

/** What every page under /staff gets in its route context. */
export type StaffContext = { staff: StaffSession; staffApi: StaffApiClient }

/**
 * The /staff layout's guard, loaded with the first staff page (not with the member pages): waits
 * for the identity provider, then reads who is signed in. null: nobody (the layout sends them to
 * /staff/login); a session without roles (a member) still enters, to be told 権限がありません.
 */
export async function enterStaffPages({ auth, services }: RouterContext): Promise<StaffContext | null> {
  await settledAuth(auth, services.identity)
  const staff = await readStaffSession(services.identity)
  if (!staff) return null
  const staffApi = createStaffApiClient({ apiBase: services.config.apiBase, getIdToken: () => services.identity.getIdToken() })
  return { staff, staffApi }
}
