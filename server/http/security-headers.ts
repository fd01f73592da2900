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
