/**
 * Identity port (product.md §4 Auth): the identity provider as the app sees it.
 * The Firebase implementation is in firebase-identity.ts; tests give a fake.
 */
export type IdentityUser = {
  uid: string
  email: string | null
  emailVerified: boolean
  displayName: string | null
}

export type IdentityPort = {
  /**
   * Starts loading the provider now (idempotent). Until then, or until another method is called,
   * `onChange` listeners wait: a public page renders first (docs/performance.md, bundle).
   */
  prepare(): void
  /** Calls `listener` with the current user (or null) once the provider is ready, and on every change. */
  onChange(listener: (user: IdentityUser | null) => void): () => void
  signIn(email: string, password: string): Promise<IdentityUser>
  signOut(): Promise<void>
  /** The current user's ID token, or null when nobody is signed in (or the session was revoked). */
  getIdToken(): Promise<string | null>
  /** Refreshes the current user from the provider. */
  reload(): Promise<void>
  /**
   * Re-enters the signed-in user's password with the provider (reauthenticateWithCredential): the
   * sign-in becomes recent, as a sensitive change needs. Rejects with the provider's error (`code`).
   */
  reauthenticate(password: string): Promise<void>
  /**
   * The custom claims of the current user's ID token (staff roles, docs/server.md "Staff roles"),
   * or null when nobody is signed in. `refresh` asks the provider for a new token first, so a role
   * granted since the last sign-in is seen.
   */
  getClaims(options?: { refresh?: boolean }): Promise<Record<string, unknown> | null>
}

/** Provider error codes that end the session (product.md §4: disabled user, expired token). */
export const revokingCodes = new Set(['auth/user-disabled', 'auth/user-token-expired'])

export function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined
}

/** The staff roles beside member (docs/server.md "Staff roles"). */
export type StaffRole = 'consultant' | 'operator'

/**
 * The staff roles a token's custom claims carry (`role`: a list, or one role). The server decides
 * on every call from its own row; the app reads the claims only to choose which pages to offer and
 * that a staff sign-in is no member's.
 */
export function staffRolesOf(claims: Record<string, unknown> | null): StaffRole[] {
  if (!claims) return []
  const listed: unknown[] = Array.isArray(claims.role) ? claims.role : [claims.role]
  return (['consultant', 'operator'] as const).filter((role) => listed.includes(role))
}
