import { initializeApp } from 'firebase/app'
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth'

export { onAuthStateChanged, signInWithEmailAndPassword, signOut } from 'firebase/auth'

export type FirebaseIdentityConfig = {
  apiKey: string
  authDomain: string
  projectId: string
  /** Auth Emulator URL (local stack); undefined talks to the real Firebase Auth. */
  emulatorUrl?: string
}

/**
 * The Firebase Auth SDK, in a chunk of its own (loaded by firebase-identity.ts). `initializeAuth`
 * with the same persistences as `getAuth` (IndexedDB, then localStorage), so kept sessions are
 * found, but without `getAuth`'s popup/redirect resolver: the app signs in with e-mail and
 * password only.
 */
export function connectAuth(config: FirebaseIdentityConfig): Auth {
  const app = initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId })
  const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] })
  if (config.emulatorUrl) connectAuthEmulator(auth, config.emulatorUrl, { disableWarnings: true })
  return auth
}
