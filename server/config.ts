import * as v from 'valibot'

/**
 * Server configuration, parsed once at start-up (design.md "Real parts"). A required value that is
 * missing stops the program with `Not Configured Environment Value: NAME` (spec §5, §9).
 */
export class ConfigError extends Error {}

const optionalString = v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()))
const withDefault = (value: string) => v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()), value)

const EnvSchema = v.object({
  PORT: v.pipe(withDefault('8787'), v.regex(/^\d+$/, 'PORT must be a number'), v.transform(Number)),
  HOST: withDefault('127.0.0.1'),
  DATABASE_URL: optionalString,
  PGLITE_DIR: withDefault('.data/pglite'),
  FIREBASE_PROJECT_ID: withDefault('demo-mypage'),
  FIREBASE_AUTH_EMULATOR_HOST: optionalString,
  SMTP_URL: withDefault('smtp://127.0.0.1:1025'),
  MAIL_FROM: withDefault('"ITサポート マイページ" <no-reply@mypage.example.com>'),
  APP_ORIGIN: v.pipe(withDefault('http://127.0.0.1:5173'), v.transform((s) => s.replace(/\/+$/, ''))),
  RECAPTCHA_SECRET: optionalString,
  PAYMENT_PROVIDER: v.optional(v.picklist(['sandbox', 'stripe']), 'sandbox'),
  STRIPE_SECRET_KEY: optionalString,
  ENABLE_TEST_ROUTES: v.optional(v.string()),
})

export type Config = {
  port: number
  host: string
  databaseUrl: string | undefined
  pgliteDir: string
  firebaseProjectId: string
  firebaseAuthEmulatorHost: string | undefined
  smtpUrl: string
  mailFrom: string
  appOrigin: string
  /** undefined: captcha "off" — the server accepts recaptchaToken `off`. */
  recaptchaSecret: string | undefined
  paymentProvider: 'sandbox' | 'stripe'
  stripeSecretKey: string | undefined
  enableTestRoutes: boolean
}

const notConfigured = (name: string) => new ConfigError(`Not Configured Environment Value: ${name}`)

export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as missing, like an unset variable.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''))
  const parsed = v.safeParse(EnvSchema, cleaned)
  if (!parsed.success) {
    const issue = parsed.issues[0]
    const name = issue.path?.[0]?.key
    throw new ConfigError(`Invalid Environment Value: ${String(name)}: ${issue.message}`)
  }
  const e = parsed.output
  if (e.PAYMENT_PROVIDER === 'stripe' && !e.STRIPE_SECRET_KEY) throw notConfigured('STRIPE_SECRET_KEY')
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: e.PGLITE_DIR,
    firebaseProjectId: e.FIREBASE_PROJECT_ID,
    firebaseAuthEmulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appOrigin: e.APP_ORIGIN,
    recaptchaSecret: e.RECAPTCHA_SECRET,
    paymentProvider: e.PAYMENT_PROVIDER,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    enableTestRoutes: e.ENABLE_TEST_ROUTES === '1',
  }
}
