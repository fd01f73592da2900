/**
 * Identity port (spec §4 Auth): the identity provider as the app sees it.
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
}

/** Provider error codes that end the session (spec §4: disabled user, expired token). */
export const revokingCodes = new Set(['auth/user-disabled', 'auth/user-token-expired'])

export function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined
}
