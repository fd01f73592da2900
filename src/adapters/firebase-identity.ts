import type { User } from 'firebase/auth'
import type { ErrorReporter } from './error-reporting'
import type { FirebaseIdentityConfig } from './firebase-sdk'
import { errorCode, revokingCodes, type IdentityPort, type IdentityUser } from './identity'
import { writeSessionHint } from './session-hint'

export type { FirebaseIdentityConfig } from './firebase-sdk'

const toIdentityUser = (user: User): IdentityUser => ({
  uid: user.uid,
  email: user.email,
  emailVerified: user.emailVerified,
  displayName: user.displayName,
})

/**
 * Firebase Auth behind the identity port. Only firebase/app and firebase/auth are used, and not
 * in the entry chunk (docs/performance.md, bundle): the SDK is imported on `prepare()` or on the
 * first call that needs it, so a public page such as /login renders without waiting for it.
 * `onChange` listeners are told once the SDK has been loaded and has read the kept session.
 */
export function createFirebaseIdentity(config: FirebaseIdentityConfig, errors: ErrorReporter): IdentityPort {
  let connecting: ReturnType<typeof connect> | undefined
  let prepared: () => void = () => {}
  const wanted = new Promise<void>((resolve) => (prepared = resolve))

  async function connect() {
    const sdk = await import('./firebase-sdk')
    return { sdk, auth: sdk.connectAuth(config) }
  }

  /** The loaded SDK; a failed chunk load (offline) is tried again by the next call. */
  function sdk(): ReturnType<typeof connect> {
    prepared()
    if (!connecting) {
      connecting = connect()
      connecting.catch(() => (connecting = undefined))
    }
    return connecting
  }

  // product.md §4: a disabled user or an expired token signs the session out; the state listener
  // then reports null and the auth chart goes to /login.
  async function revokeOn(error: unknown): Promise<void> {
    if (!revokingCodes.has(errorCode(error) ?? '')) return
    const { sdk: firebase, auth } = await sdk()
    await firebase.signOut(auth)
  }

  return {
    prepare: () => void sdk().catch(() => {}),
    onChange(listener) {
      let stopped = false
      let stop = () => {}
      void wanted
        .then(sdk)
        .then(({ sdk: firebase, auth }) => {
          if (stopped) return
          stop = firebase.onAuthStateChanged(
            auth,
            (user) => {
              writeSessionHint(user !== null)
              listener(user ? toIdentityUser(user) : null)
            },
            (error) => {
              console.error('Auth state change error:', error)
              errors.report(error, { where: 'onAuthStateChanged' })
            },
          )
        })
        .catch((error: unknown) => {
          // Without the SDK nobody can be signed in on this page; a login attempt loads it again.
          errors.report(error, { where: 'firebase-sdk import' })
          if (!stopped) listener(null)
        })
      return () => {
        stopped = true
        stop()
      }
    },
    async signIn(email, password) {
      const { sdk: firebase, auth } = await sdk()
      const credential = await firebase.signInWithEmailAndPassword(auth, email, password)
      return toIdentityUser(credential.user)
    },
    async signOut() {
      const { sdk: firebase, auth } = await sdk()
      await firebase.signOut(auth)
    },
    async getIdToken() {
      const { auth } = await sdk()
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
    async getClaims(options = {}) {
      const { auth } = await sdk()
      await auth.authStateReady()
      const user = auth.currentUser
      if (!user) return null
      try {
        return (await user.getIdTokenResult(options.refresh === true)).claims
      } catch (error) {
        await revokeOn(error)
        if (revokingCodes.has(errorCode(error) ?? '')) return null
        throw error
      }
    },
    async reauthenticate(password) {
      const { sdk: firebase, auth } = await sdk()
      await auth.authStateReady()
      const user = auth.currentUser
      if (!user?.email) throw Object.assign(new Error('nobody is signed in'), { code: 'auth/no-current-user' })
      await firebase.reauthenticateWithCredential(user, firebase.EmailAuthProvider.credential(user.email, password))
    },
    async reload() {
      const { sdk: firebase, auth } = await sdk()
      const user = auth.currentUser
      if (!user) return
      try {
        await user.reload()
      } catch (error) {
        // product.md §4: a failed reload that is not a network failure clears the user.
        if (errorCode(error) === 'auth/network-request-failed') throw error
        await firebase.signOut(auth)
      }
    },
  }
}
