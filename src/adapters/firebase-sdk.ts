import { initializeApp } from 'firebase/app'
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth'

/** @public The identity adapter reads these from the module it imports on demand (firebase-identity.ts). */
export { EmailAuthProvider, onAuthStateChanged, reauthenticateWithCredential, signInWithEmailAndPassword, signOut } from 'firebase/auth'

export type FirebaseIdentityConfig = {
  apiKey: string
  authDomain: string
  projectId: string
  /** Auth Emulator URL (local stack); undefined talks to the real Firebase Auth. */
  emulatorUrl?: string
}

/**
 * The Firebase Auth SDK, in a chunk of its own (loaded by firebase-identity.ts). `initializeAuth`
 * with the spec's persistence order (§10: IndexedDB, local storage, session storage last), so kept
 * sessions are found, but without `getAuth`'s popup/redirect resolver: the app signs in with e-mail
 * and password only. The SDK reloads a kept user at start and clears it when that reload fails
 * for any reason but the network (product.md §4); `IdentityPort.reload` does the same on demand.
 */
export function connectAuth(config: FirebaseIdentityConfig): Auth {
  const app = initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId })
  const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence] })
  if (config.emulatorUrl) connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true })
  return auth
}
