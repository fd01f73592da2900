import { createStaffApiClient, type StaffApiClient } from '../../api/staff-client'
import type { RouterContext } from '../../routes/-router-context'
import { settledAuth } from '../../features/auth/auth-guard'
import { readStaffSession, type StaffSession } from './staff-session'

/** What every page under /staff gets in its route context. */
export type StaffContext = { staff: StaffSession; staffApi: StaffApiClient }

/**
 * One staff API client per app (its services): it reads the token at each call, so it never needs
 * remaking. A new client on every guard run (each `router.invalidate()` after a write) changed the
 * route context, and every read keyed on the client ran again: the outcome form, reading the
 * member's history, was remade and its 記録しました gave way to an empty form.
 */
const clients = new WeakMap<RouterContext['services'], StaffApiClient>()
function staffApiOf(services: RouterContext['services']): StaffApiClient {
  let client = clients.get(services)
  if (!client) {
    client = createStaffApiClient({ apiBase: services.config.apiBase, getIdToken: () => services.identity.getIdToken() })
    clients.set(services, client)
  }
  return client
}

/**
 * The /staff layout's guard, loaded with the first staff page (not with the member pages): waits
 * for the identity provider, then reads who is signed in. null: nobody (the layout sends them to
 * /staff/login); a session without roles (a member) still enters, to be told 権限がありません.
 */
export async function enterStaffPages({ auth, services }: RouterContext): Promise<StaffContext | null> {
  await settledAuth(auth, services.identity)
  const staff = await readStaffSession(services.identity)
  if (!staff) return null
  return { staff, staffApi: staffApiOf(services) }
}
