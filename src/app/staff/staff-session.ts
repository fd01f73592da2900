import { staffRolesOf, type IdentityPort, type StaffRole } from '../../adapters/identity'

/** Who is signed in on a staff page, read from the ID token's custom claims. */
export type StaffSession = {
  email: string | null
  roles: StaffRole[]
  /** The consultant's staff row (`consultant` role only). */
  staffId: string | null
}

/**
 * The staff session behind the identity provider, or null when nobody is signed in. A signed-in
 * member gets a session without roles: the staff pages then say 権限がありません. The claims only
 * choose the pages; every staff call is decided again by the server from its own row.
 */
export async function readStaffSession(identity: Pick<IdentityPort, 'getClaims'>, refresh = false): Promise<StaffSession | null> {
  const claims = await identity.getClaims({ refresh })
  if (!claims) return null
  const roles = staffRolesOf(claims)
  return {
    email: typeof claims.email === 'string' ? claims.email : null,
    roles,
    staffId: roles.includes('consultant') && typeof claims.staffId === 'string' ? claims.staffId : null,
  }
}

/** Whether the session holds one of `allowed` (no list: any staff role). */
export function hasStaffRole(session: StaffSession, allowed?: readonly StaffRole[]): boolean {
  return allowed ? session.roles.some((role) => allowed.includes(role)) : session.roles.length > 0
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** A staff page offered only to these roles (the staff layout shows 権限がありません to others). */
    staffRoles?: readonly StaffRole[]
  }
}
