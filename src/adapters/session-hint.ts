/**
 * Whether the identity provider last said someone is signed in on this browser: a hint read
 * without loading the provider's SDK. /login's own start (src/app/login-start.tsx) loads the SDK
 * while idle only when the hint says a session may be kept (it would leave the page for home);
 * otherwise at the visitor's first touch of the page. Written by firebase-identity.ts each time the
 * SDK reports the signed-in user or nobody. Storage refused (a private window's quota): no hint,
 * and the SDK loads on the first touch, as for a visitor.
 */
const KEY = 'mypage:identity-kept'

export function sessionHint(): boolean {
  try {
    return window.localStorage.getItem(KEY) === '1'
  } catch {
    return false
  }
}

export function writeSessionHint(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(KEY, '1')
    else window.localStorage.removeItem(KEY)
  } catch {
    // no storage: no hint
  }
}
