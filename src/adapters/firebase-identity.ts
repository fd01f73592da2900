import { initializeApp } from 'firebase/app'
import {
  connectAuthEmulator,
  getAuth,
  onAuthStateChanged,
  signInWithEmailAndPassword,
  signOut,
  type User,
} from 'firebase/auth'
import { errorCode, revokingCodes, type IdentityPort, type IdentityUser } from './identity'
import type { ErrorReporter } from './error-reporting'

export type FirebaseIdentityConfig = {
  apiKey: string
  authDomain: string
  projectId: string
  /** Auth Emulator URL (local stack); undefined talks to the real Firebase Auth. */
  emulatorUrl?: string
}

const toIdentityUser = (user: User): IdentityUser => ({
  uid: user.uid,
  email: user.email,
  emailVerified: user.emailVerified,
  displayName: user.displayName,
})

/** Firebase Auth behind the identity port. Only firebase/app and firebase/auth are used. */
export function createFirebaseIdentity(config: FirebaseIdentityConfig, errors: ErrorReporter): IdentityPort {
  const app = initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId })
  const auth = getAuth(app)
  if (config.emulatorUrl) connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true })

  // spec §4: a disabled user or an expired token signs the session out; the state listener
  // then reports null and the auth chart goes to /login.
  async function revokeOn(error: unknown): Promise<void> {
    if (revokingCodes.has(errorCode(error) ?? '')) await signOut(auth)
  }

  return {
    onChange(listener) {
      return onAuthStateChanged(
        auth,
        (user) => listener(user ? toIdentityUser(user) : null),
        (error) => {
          console.error('Auth state change error:', error)
          errors.report(error, { where: 'onAuthStateChanged' })
        },
      )
    },
    async signIn(email, password) {
      const credential = await signInWithEmailAndPassword(auth, email, password)
      return toIdentityUser(credential.user)
    },
    signOut: () => signOut(auth),
    async getIdToken() {
      await auth.authStateReady()
      const user = auth.currentUser
      if (!user) return null
      try {
        return await user.getIdToken()
      } catch (error) {
        await revokeOn(error)
        if (revokingCodes.has(errorCode(error) ?? '')) return null
        throw error
      }
    },
    async reload() {
      const user = auth.currentUser
      if (!user) return
      try {
        await user.reload()
      } catch (error) {
        // spec §4: a failed reload that is not a network failure clears the user.
        if (errorCode(error) === 'auth/network-request-failed') throw error
        await signOut(auth)
      }
    },
  }
}
