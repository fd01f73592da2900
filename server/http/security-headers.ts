import { secureHeaders } from 'hono/secure-headers'

/**
 * Headers on every API answer: JSON is never rendered, framed or sniffed, so the policy denies
 * everything (docs/reliability.md "Headers").
 */
export const apiSecurityHeaders = () =>
  secureHeaders({
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
    xFrameOptions: 'DENY',
    referrerPolicy: 'no-referrer',
    crossOriginResourcePolicy: 'same-origin',
  })

/**
 * The sandbox 3-D Secure page is plain HTML with an inline stylesheet and two forms that post to
 * itself and then redirect back to the SPA: no script at all, styles inline only, never framed.
 * form-action is left open because the approve/fail answer redirects to APP_ORIGIN.
 */
export const sandboxPageSecurityHeaders = () =>
  secureHeaders({
    contentSecurityPolicy: { defaultSrc: ["'none'"], styleSrc: ["'unsafe-inline'"], frameAncestors: ["'none'"], baseUri: ["'none'"] },
    xFrameOptions: 'DENY',
    referrerPolicy: 'no-referrer',
  })

/**
 * What the built app talks to beyond its own origin and Firebase Auth, as the build wrote it down
 * (`third-parties.json` beside index.html, scripts/vite/plugins.ts): the CSP opens an origin only
 * for a service the bundle can actually use.
 */
export type ThirdParties = {
  stripe: boolean
  recaptcha: boolean
  analytics: boolean
  /** The origin of the build's Sentry DSN (VITE_SENTRY_DSN), where its error reports are sent. */
  errorReports?: string
}
export const NO_THIRD_PARTIES: ThirdParties = { stripe: false, recaptcha: false, analytics: false }

/** `Strict-Transport-Security` as Hono's secureHeaders sends it on the API: 180 days, subdomains. */
export const HSTS = 'max-age=15552000; includeSubDomains'

/**
 * Headers of the SPA's own files (served by server/http/spa.ts; a CDN in front must send the same,
 * docs/reliability.md "Headers"). No inline script is allowed: the built index.html loads one
 * module script from /assets. What the app needs from elsewhere, each only when configured:
 *  - Firebase Auth: identitytoolkit / securetoken (fetch), or the Auth Emulator's origin locally;
 *  - Stripe (a `VITE_PAYMENT_PROVIDER=stripe` build, or a server with PAYMENT_PROVIDER=stripe):
 *    js.stripe.com (script, frames), api.stripe.com (fetch), hooks.stripe.com (3-D Secure frames);
 *    the sandbox needs nothing (its 3-D Secure page is ours);
 *  - reCAPTCHA v3 (a build with `VITE_RECAPTCHA_SITE_KEY`): www.google.com / www.gstatic.com;
 *  - Google Analytics (a build with `VITE_GA_ID`): www.googletagmanager.com, *.google-analytics.com.
 * Styles: Chakra (emotion) injects <style> elements at run time, so style-src needs 'unsafe-inline'
 * (styles cannot run code; scripts stay strict).
 */
export function contentSecurityPolicy(opts: { authEmulatorUrl?: string; thirdParties?: ThirdParties } = {}): string {
  const emulator = opts.authEmulatorUrl ? new URL(opts.authEmulatorUrl).origin : ''
  const { stripe, recaptcha, analytics } = opts.thirdParties ?? NO_THIRD_PARTIES
  const when = (on: boolean, ...origins: string[]) => (on ? origins : [])
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...when(stripe, 'https://js.stripe.com'), ...when(recaptcha, 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'), ...when(analytics, 'https://www.googletagmanager.com')],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...when(stripe, 'https://*.stripe.com'), ...when(analytics, 'https://www.google-analytics.com', 'https://www.googletagmanager.com')],
    'font-src': ["'self'", 'data:'],
    'connect-src': [
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      ...when(stripe, 'https://api.stripe.com'),
      ...when(recaptcha, 'https://www.google.com/recaptcha/'),
      ...when(analytics, 'https://*.google-analytics.com'),
      ...(opts.thirdParties?.errorReports ? [opts.thirdParties.errorReports] : []),
      ...(emulator ? [emulator] : []),
    ],
    // No frame at all when neither Stripe nor reCAPTCHA is built in.
    'frame-src': [...when(stripe, 'https://js.stripe.com', 'https://hooks.stripe.com'), ...when(recaptcha, 'https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/')],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'none'"],
  }
  if (directives['frame-src'].length === 0) directives['frame-src'] = ["'none'"]
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join('; ')
}

/**
 * `production`: HSTS too, on every answer of the app like on the API's (a member's browser then
 * never tries plain http for this origin again). Off locally: `http://127.0.0.1` must stay usable.
 */
export function appSecurityHeaders(opts: { authEmulatorUrl?: string; thirdParties?: ThirdParties; production?: boolean } = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(opts),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    'Permissions-Policy': `camera=(self), microphone=(self), display-capture=(self), geolocation=(), payment=(self${opts.thirdParties?.stripe ? ' "https://js.stripe.com"' : ''})`,
    ...(opts.production ? { 'Strict-Transport-Security': HSTS } : {}),
  }
}
