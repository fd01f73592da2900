import type { Plugin } from 'vite'

/**
 * Security headers for the built app as `vite preview` serves it (issue 8; the production CDN must
 * send the same ones — docs/reliability.md "Headers"). No inline script is allowed: the built
 * index.html loads one module script from /assets. What the app needs from elsewhere:
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

export function securityHeaders(opts: { authEmulatorUrl?: string } = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(opts),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")',
  }
}

/**
 * Vite plugin: the headers on every `vite preview` answer (the dev server keeps Vite's inline
 * React-refresh preamble, so it is left alone). The Auth Emulator's origin comes from the same
 * VITE_FIREBASE_AUTH_EMULATOR_URL the app reads (default http://127.0.0.1:9099, '' for none).
 */
export function viteSecurityHeaders(opts: { authEmulatorUrl?: string } = {}): Plugin {
  const raw = opts.authEmulatorUrl ?? process.env.VITE_FIREBASE_AUTH_EMULATOR_URL
  const authEmulatorUrl = raw === undefined ? 'http://127.0.0.1:9099' : raw.trim() || undefined
  const headers = securityHeaders({ authEmulatorUrl })
  return {
    name: 'mypage-security-headers',
    configurePreviewServer(server) {
      server.middlewares.use((_req, res, next) => {
        for (const [k, v] of Object.entries(headers)) res.setHeader(k, v)
        next()
      })
    },
  }
}
