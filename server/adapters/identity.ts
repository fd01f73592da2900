import { randomUUID } from 'node:crypto'
import { initializeApp, deleteApp, type App } from 'firebase-admin/app'
import { getAuth, type Auth } from 'firebase-admin/auth'

/** The identity-provider port (Firebase Auth; the emulator locally). uid = memberId. */
export type Identity = {
  /**
   * Verifies a bearer ID token; throws when invalid, expired, revoked or the user is disabled/deleted.
   * `claims`: the token's custom claims (staff roles: `role`, `staffId`; docs/server.md "Staff roles").
   */
  /** `authTime`: when the user last entered their password (the token's `auth_time`, in seconds). */
  verifyIdToken: (token: string) => Promise<{ uid: string; email?: string; claims?: Record<string, unknown>; authTime?: number }>
  getUserByEmail: (email: string) => Promise<{ uid: string; disabled: boolean } | null>
  createUser: (u: { uid: string; email: string; password: string; displayName?: string; disabled?: boolean }) => Promise<void>
  updateUser: (uid: string, patch: { email?: string; password?: string; displayName?: string; disabled?: boolean }) => Promise<void>
  deleteUser: (uid: string) => Promise<void>
  /** Creates the user or brings it in line (email, password, enabled): used for seeded members. */
  ensureUser: (u: { uid: string; email: string; password: string; displayName?: string }) => Promise<void>
  /**
   * Replaces the user's custom claims (staff roles); the user's next ID token carries them. Optional
   * so that test doubles of the member side need not implement it.
   */
  setCustomClaims?: (uid: string, claims: Record<string, unknown> | null) => Promise<void>
  /**
   * A one-time link to the provider's own page where the account of `email` sets a new password,
   * continuing to `continueUrl` afterwards (a staff invitation). Optional for test doubles.
   */
  passwordSetLink?: (email: string, continueUrl: string) => Promise<string>
  close: () => Promise<void>
}

const code = (e: unknown) => (e as { code?: string } | null)?.code ?? ''

export class IdentityConflictError extends Error {}

/**
 * One run for a key asked for again while its run is in flight; every later ask runs again. A
 * page's first reads go out together with the same token (the home's seven), and each asked the
 * provider whether the token was revoked: one answer serves the asks that arrived together, as if
 * they had been checked at the same moment, and a token revoked after it is refused on the next
 * call as before (docs/server.md "Who is calling").
 */
export function sharedWhileInFlight<R>(run: (key: string) => Promise<R>): (key: string) => Promise<R> {
  const pending = new Map<string, Promise<R>>()
  return (key) => {
    let running = pending.get(key)
    if (!running) {
      running = run(key)
      pending.set(key, running)
      const forget = () => pending.delete(key)
      running.then(forget, forget)
    }
    return running
  }
}

export function createFirebaseIdentity(opts: { projectId: string; emulatorHost?: string }): Identity {
  // firebase-admin verifies no signature when it talks to the emulator, so an `alg: none` token
  // would pass. server/config.ts already refuses the emulator in production; this second lock holds
  // even for a caller that built its settings some other way (docs/operations.md).
  if ((opts.emulatorHost || process.env.FIREBASE_AUTH_EMULATOR_HOST) && process.env.NODE_ENV?.toLowerCase().startsWith('prod')) {
    throw new Error('Refused in production: the Auth Emulator (FIREBASE_AUTH_EMULATOR_HOST) accepts unsigned tokens')
  }
  // firebase-admin reads the emulator host from the environment on each call.
  if (opts.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = opts.emulatorHost
  const app: App = initializeApp({ projectId: opts.projectId }, `mypage-${randomUUID()}`)
  const auth: Auth = getAuth(app)

  const updateUser: Identity['updateUser'] = async (uid, patch) => {
    try {
      await auth.updateUser(uid, patch)
    } catch (e) {
      if (code(e) === 'auth/email-already-exists') throw new IdentityConflictError('email already exists')
      throw e
    }
  }

  return {
    verifyIdToken: sharedWhileInFlight(async (token) => {
      const decoded = await auth.verifyIdToken(token, true)
      const { role, staffId } = decoded as { role?: unknown; staffId?: unknown }
      return { uid: decoded.uid, email: decoded.email, claims: { role, staffId }, authTime: decoded.auth_time }
    }),
    async getUserByEmail(email) {
      try {
        const u = await auth.getUserByEmail(email)
        return { uid: u.uid, disabled: u.disabled }
      } catch (e) {
        if (code(e) === 'auth/user-not-found') return null
        throw e
      }
    },
    async createUser(u) {
      try {
        await auth.createUser({ ...u, emailVerified: true })
      } catch (e) {
        if (code(e) === 'auth/email-already-exists' || code(e) === 'auth/uid-already-exists') {
          throw new IdentityConflictError(code(e))
        }
        throw e
      }
    },
    updateUser,
    async deleteUser(uid) {
      try {
        await auth.deleteUser(uid)
      } catch (e) {
        if (code(e) !== 'auth/user-not-found') throw e
      }
    },
    async ensureUser(u) {
      try {
        await auth.createUser({ ...u, emailVerified: true })
      } catch (e) {
        if (code(e) !== 'auth/uid-already-exists' && code(e) !== 'auth/email-already-exists') throw e
        if (code(e) === 'auth/email-already-exists') {
          // Another uid holds the e-mail (a stale emulator): free it, then create ours.
          const other = await auth.getUserByEmail(u.email)
          if (other.uid !== u.uid) await auth.deleteUser(other.uid)
          await this.ensureUser(u)
          return
        }
        await auth.updateUser(u.uid, { email: u.email, password: u.password, displayName: u.displayName, disabled: false })
      }
    },
    async setCustomClaims(uid, claims) {
      await auth.setCustomUserClaims(uid, claims)
    },
    passwordSetLink: (email, continueUrl) => auth.generatePasswordResetLink(email, { url: continueUrl }),
    close: () => deleteApp(app),
  }
}
