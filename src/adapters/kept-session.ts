/**
 * The session the identity provider's SDK kept on this browser, read without loading the SDK
 * (docs/decisions.md 104). A member opening `/` waited for the SDK's chunk, its reading of the kept
 * user and its reload of that user at the provider (a cross-origin round trip with its preflight)
 * before the home's first read could go out. The kept user holds an ID token that is still good
 * for most of an hour: the home's reads go out with it at once, beside the SDK's start.
 *
 * This reads the SDK's own storage format (Firebase Auth 1.x: the IndexedDB database
 * `firebaseLocalStorageDb`, store `firebaseLocalStorage`, records `{ fbase_key, value }` under
 * `firebase:authUser:<apiKey>:[DEFAULT]`; local storage under the same key when IndexedDB is not
 * there), which is no public API. Anything unexpected reads as no kept session, and the page
 * waits for the SDK as before. The server checks the token as it checks every token; the SDK
 * stays the judge of the session (a user it signs out is sent to the login by the auth chart).
 * A browser test holds the provider's reload back and sees the home drawn (tests/e2e/home.spec.ts),
 * so an SDK that changes its format fails it.
 */

export type KeptSession = {
  uid: string
  idToken: string
  /** The token's claims (its payload), for the staff roles: a staff account is no member here. */
  claims: Record<string, unknown>
}

const DB_NAME = 'firebaseLocalStorageDb'
const STORE = 'firebaseLocalStorage'
/** A token this close to its end is not used: the SDK refreshes it 30 s before; the request takes time too. */
const EXPIRY_MARGIN_MS = 60_000

export const keptUserKey = (apiKey: string) => `firebase:authUser:${apiKey}:[DEFAULT]`

/** The kept user record's session, if its token is good for another minute at `now`; otherwise null. */
export function keptSessionOf(value: unknown, now: number): KeptSession | null {
  if (!value || typeof value !== 'object') return null
  const user = value as { uid?: unknown; stsTokenManager?: { accessToken?: unknown; expirationTime?: unknown } }
  const token = user.stsTokenManager?.accessToken
  const expires = user.stsTokenManager?.expirationTime
  if (typeof user.uid !== 'string' || !user.uid || typeof token !== 'string' || typeof expires !== 'number') return null
  if (expires - EXPIRY_MARGIN_MS <= now) return null
  const claims = claimsOf(token)
  // The token is the user's own: its subject is the kept uid, and it ends when the record says.
  if (!claims || claims.sub !== user.uid || typeof claims.exp !== 'number' || claims.exp * 1000 - EXPIRY_MARGIN_MS <= now) return null
  return { uid: user.uid, idToken: token, claims }
}

function claimsOf(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1]
  if (!payload) return null
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/')
    const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) => c.charCodeAt(0))
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes))
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/**
 * The record under `key` in the SDK's database, or undefined. A browser without the database
 * does not get one from this read: its creation is aborted, so the SDK creates it as its own.
 */
function readIndexedDb(key: string): Promise<unknown> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest
    try {
      request = indexedDB.open(DB_NAME)
    } catch {
      return resolve(undefined)
    }
    request.onupgradeneeded = () => {
      request.transaction?.abort()
    }
    request.onerror = () => resolve(undefined)
    request.onblocked = () => resolve(undefined)
    request.onsuccess = () => {
      const db = request.result
      const done = (value: unknown) => {
        db.close()
        resolve(value)
      }
      try {
        if (!db.objectStoreNames.contains(STORE)) return done(undefined)
        const get = db.transaction(STORE, 'readonly').objectStore(STORE).get(key)
        get.onsuccess = () => done((get.result as { value?: unknown } | undefined)?.value)
        get.onerror = () => done(undefined)
      } catch {
        done(undefined)
      }
    }
  })
}

function readLocalStorage(key: string): unknown {
  try {
    const raw = window.localStorage.getItem(key)
    return raw ? JSON.parse(raw) : undefined
  } catch {
    return undefined
  }
}

/** The kept session for the app's API key, or null: nobody kept, a token near its end, storage refused. */
export async function readKeptSession(apiKey: string, now: () => number = Date.now): Promise<KeptSession | null> {
  const key = keptUserKey(apiKey)
  const value = (typeof indexedDB === 'object' ? await readIndexedDb(key) : undefined) ?? readLocalStorage(key)
  return keptSessionOf(value, now())
}
