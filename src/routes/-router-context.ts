import type { AuthActorRef } from '../../machines/auth/auth-machine'
import type { ApiClient } from '../api/client'
import type { AnalyticsPort } from '../adapters/analytics'
import type { CaptchaPort } from '../adapters/captcha'
import type { ErrorReporter } from '../adapters/error-reporting'
import type { IdentityPort } from '../adapters/identity'
import type { SessionStore } from '../adapters/session-store'
import type { ClientConfig } from '../config'

/** The browser's ports, built once in src/app/services.ts. Routes provide them to machines. */
export type AppServices = {
  config: ClientConfig
  api: ApiClient
  identity: IdentityPort
  captcha: CaptchaPort
  analytics: AnalyticsPort
  errors: ErrorReporter
  session: SessionStore
}

/** What every route gets in `context` (beforeLoad, loader, `Route.useRouteContext()`). */
export type RouterContext = {
  /** The one app-wide auth actor (machines/auth/auth-machine.ts). */
  auth: AuthActorRef
  services: AppServices
}
