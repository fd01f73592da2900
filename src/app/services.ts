import { createAnalytics } from '../adapters/analytics'
import { createCaptcha } from '../adapters/captcha'
import { createErrorReporter } from '../adapters/error-reporting'
import { createFirebaseIdentity } from '../adapters/firebase-identity'
import { createSessionStore } from '../adapters/session-store'
import { createApiClient } from '../api/client'
import type { ClientConfig } from '../config'
import type { AppServices } from '../routes/-router-context'

/** The composition root of the browser's ports: configuration picks each implementation. */
export function createServices(config: ClientConfig): AppServices {
  const flags = { production: config.production, gaId: config.gaId }
  const errors = createErrorReporter({ errorReports: config.errorReports })
  const identity = createFirebaseIdentity(config.firebase, errors)
  return {
    config,
    identity,
    errors,
    api: createApiClient({ baseUrl: config.apiBase, getIdToken: () => identity.getIdToken() }),
    captcha: createCaptcha({ production: config.production, siteKey: config.recaptchaSiteKey }),
    analytics: createAnalytics(flags),
    session: createSessionStore(),
  }
}
