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
 * Headers of the SPA's own files (served by server/http/spa.ts; a CDN in front must send the same,
 * docs/reliability.md "Headers"). No inline script is allowed: the built index.html loads one
 * module script from /assets. What the app needs from elsewhere:
 *  - Firebase Auth: identitytoolkit / securetoken (fetch), or the Auth Emulator's origin locally;
 *  - Stripe (PAYMENT_PROVIDER=stripe): js.stripe.com (script, frames), api.stripe.com (fetch),
 *    hooks.stripe.com (3-D Secure frames); the sandbox needs nothing (its 3-D Secure page is ours);
 *  - reCAPTCHA v3 (when a site key is set): www.google.com / www.gstatic.com (script, frame);
 *  - Google Analytics (when an id is set): www.googletagmanager.com, *.google-analytics.com.
 * Styles: Chakra (emotion) injects <style> elements at run time, so style-src needs 'unsafe-inline'
 * (styles cannot run code; scripts stay strict).
 */
export function contentSecurityPolicy(opts: { authEmulatorUrl?: string } = {}): string {
  const emulator = opts.authEmulatorUrl ? new URL(opts.authEmulatorUrl).origin : ''
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", 'https://js.stripe.com', 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/', 'https://www.googletagmanager.com'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https://*.stripe.com', 'https://www.google-analytics.com', 'https://www.googletagmanager.com'],
    'font-src': ["'self'", 'data:'],
    'connect-src': [
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://api.stripe.com',
      'https://www.google.com/recaptcha/',
      'https://*.google-analytics.com',
      ...(emulator ? [emulator] : []),
    ],
    'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com', 'https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'none'"],
  }
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join('; ')
}

export function appSecurityHeaders(opts: { authEmulatorUrl?: string } = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(opts),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")',
  }
}
