import * as v from 'valibot'

/**
 * The browser's configuration, parsed once from Vite's `import.meta.env` (docs/design.md
 * "Configuration"). Defaults give the embedded local stack (Auth Emulator, sandbox payments,
 * captcha off); production builds set the `VITE_*` values.
 */

/** The raw variables we read; everything else in the env is ignored. */
export type ClientEnv = Partial<Record<string, string | boolean | undefined>>

const notConfigured = (name: string) => new Error(`Not Configured Environment Value: ${name}`)

/** Unset or blank counts as missing; `fallback` (when given) fills it in. */
function text(env: ClientEnv, name: string, fallback?: string): string {
  const raw = env[name]
  const value = typeof raw === 'string' ? raw.trim() : undefined
  if (value) return value
  if (fallback !== undefined) return fallback
  throw notConfigured(name)
}

/**
 * A production build (`MODE` production) has no local fallbacks: the demo API key and the Auth
 * Emulator are for the local stack only, and a production build missing a value must fail
 * (docs/design.md; the build checks this too, scripts/vite/plugins.ts), never quietly talk to an emulator.
 */
const isStrict = (env: ClientEnv) => env.MODE === 'production'

function optionalText(env: ClientEnv, name: string): string | undefined {
  const raw = env[name]
  return typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : undefined
}

// product.md §5 "Identity provider": API key and auth domain must not contain a colon.
const noColon = (name: string) =>
  v.pipe(v.string(), v.check((s) => !s.includes(':'), `Invalid Environment Value: ${name} must not contain ':'`))

const ClientConfig = v.object({
  production: v.boolean(),
  firebase: v.object({
    apiKey: noColon('VITE_FIREBASE_API_KEY'),
    authDomain: noColon('VITE_FIREBASE_AUTH_DOMAIN'),
    projectId: v.string(),
    /** Auth Emulator URL; undefined = the real Firebase Auth. */
    emulatorUrl: v.optional(v.pipe(v.string(), v.url())),
  }),
  apiBase: v.string(),
  payment: v.variant('provider', [
    v.object({ provider: v.literal('sandbox') }),
    v.object({ provider: v.literal('stripe'), publishableKey: v.string() }),
  ]),
  /** reCAPTCHA v3 site key; undefined = captcha off. */
  recaptchaSiteKey: v.optional(v.string()),
  /** Google Analytics id; undefined = console analytics. */
  gaId: v.optional(v.string()),
  /** Sentry (a build with VITE_SENTRY_DSN); undefined = errors go to the console only. */
  errorReports: v.optional(v.object({ dsn: v.pipe(v.string(), v.url('Invalid Environment Value: VITE_SENTRY_DSN must be a URL')), release: v.string(), environment: v.string() })),
})
export type ClientConfig = v.InferOutput<typeof ClientConfig>

/** Pure: parses an env object (Vite's, or a test's) into the typed configuration. */
export function parseClientConfig(env: ClientEnv): ClientConfig {
  const local = (value: string) => (isStrict(env) ? undefined : value)
  const provider = text(env, 'VITE_PAYMENT_PROVIDER', local('sandbox'))
  // An explicit empty emulator URL means "talk to the real Firebase"; so does an unset one in a
  // production build.
  const emulatorRaw = env.VITE_FIREBASE_AUTH_EMULATOR_URL
  const emulatorUrl = typeof emulatorRaw === 'string' ? emulatorRaw.trim() || undefined : local('http://127.0.0.1:9099')
  const result = v.safeParse(ClientConfig, {
    production: env.PROD === true || env.PROD === 'true',
    firebase: {
      apiKey: text(env, 'VITE_FIREBASE_API_KEY', local('demo-api-key')),
      authDomain: text(env, 'VITE_FIREBASE_AUTH_DOMAIN', local('demo-mypage.firebaseapp.com')),
      projectId: text(env, 'VITE_FIREBASE_PROJECT_ID', local('demo-mypage')),
      emulatorUrl,
    },
    apiBase: text(env, 'VITE_API_BASE', '/api').replace(/\/+$/, ''),
    payment:
      provider === 'stripe'
        ? { provider, publishableKey: text(env, 'VITE_STRIPE_PUBLISHABLE_KEY') }
        : { provider },
    recaptchaSiteKey: optionalText(env, 'VITE_RECAPTCHA_SITE_KEY'),
    gaId: optionalText(env, 'VITE_GA_ID'),
    // The release is the build's (vite.config.ts sets VITE_SENTRY_RELEASE when a DSN is given).
    errorReports: optionalText(env, 'VITE_SENTRY_DSN')
      ? { dsn: optionalText(env, 'VITE_SENTRY_DSN'), release: optionalText(env, 'VITE_SENTRY_RELEASE') ?? 'mypage@unknown', environment: optionalText(env, 'VITE_SENTRY_ENVIRONMENT') ?? String(env.MODE ?? 'production') }
      : undefined,
  })
  if (!result.success) {
    const issue = result.issues[0]
    const path = v.getDotPath(issue) ?? 'config'
    throw new Error(issue.message.startsWith('Invalid Environment Value') ? issue.message : `Invalid Environment Value: ${path}: ${issue.message}`)
  }
  return result.output
}

// `import.meta.env` is Vite's; the build's configuration check imports this module in Node, where
// it is absent (scripts/vite/plugins.ts).
export const config: ClientConfig = parseClientConfig(import.meta.env ?? {})
