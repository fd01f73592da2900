import path from 'node:path'
import * as v from 'valibot'
import { IceServer } from '../contract/room'

/**
 * Server configuration, parsed once at start-up. A required value that is missing stops the
 * program with `Not Configured Environment Value: NAME` (docs/product.md §5, §9).
 *
 * Safe by construction (docs/operations.md "Refused in production", docs/decisions.md): production
 * wins. `NODE_ENV=production` or `MYPAGE_ENV=production` — either one — makes the run production,
 * and a production run refuses every local or test setting whatever the other variables say: a
 * `MYPAGE_ENV` or `NODE_ENV` that says otherwise, the Auth Emulator (whose tokens are unsigned: any
 * `alg: none` token would pass), demo seeding, test routes, the payment sandbox unless explicitly
 * allowed, PGlite, captcha off. An unknown `NODE_ENV` (`Production`, `prod`) stops the start too:
 * a typo must not quietly make a production box a local one.
 */
export class ConfigError extends Error {}

const optionalString = v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()))
const withDefault = (value: string) => v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()), value)
const flag = v.optional(v.picklist(['0', '1', 'true', 'false']))
/** A number of milliseconds from `min` to `max`, named in its message. */
const ms = (name: string, min: number, max: number) =>
  v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, `${name} must be a number of milliseconds`), v.transform(Number), v.minValue(min, `${name} must be from ${min} to ${max}`), v.maxValue(max, `${name} must be from ${min} to ${max}`)))

const EnvSchema = v.object({
  MYPAGE_ENV: v.optional(v.picklist(['local', 'test', 'production'], 'must be local, test or production (exactly, in lower case)')),
  NODE_ENV: v.optional(v.picklist(['development', 'test', 'production'], 'must be development, test or production (exactly, in lower case)')),
  PORT: v.pipe(withDefault('8787'), v.regex(/^\d+$/, 'PORT must be a number'), v.transform(Number)),
  HOST: withDefault('127.0.0.1'),
  DATABASE_URL: optionalString,
  PGLITE_DIR: withDefault('.data/pglite'),
  /** Where `kill -USR2` writes PGlite backups (server/db/backup.ts); default: `pglite-backups` beside PGLITE_DIR. */
  PGLITE_BACKUP_DIR: optionalString,
  FIREBASE_PROJECT_ID: optionalString,
  FIREBASE_AUTH_EMULATOR_HOST: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: withDefault('"ITサポート マイページ" <no-reply@mypage.example.com>'),
  APP_ORIGIN: optionalString,
  RECAPTCHA_SECRET: optionalString,
  PAYMENT_PROVIDER: v.optional(v.picklist(['sandbox', 'stripe'])),
  STRIPE_SECRET_KEY: optionalString,
  /** The built SPA (`vite build`'s folder) to serve beside the API from this one process. */
  STATIC_DIR: optionalString,
  ENABLE_TEST_ROUTES: flag,
  /** Seeds the demo members (demo@example.com / demo1234) into the database and the identity provider. */
  SEED_DEMO: flag,
  /** Production only: run the payment sandbox anyway (a staging box with no real card provider). */
  ALLOW_SANDBOX_PAYMENTS: flag,
  /** docs/product.md §9: the support (free interview) phone number… */
  SUPPORT_TEL: optionalString,
  /** …and one per landing-page source, as JSON: {"<lpSource>": "<number>", …}. */
  SUPPORT_TEL_BY_LP_SOURCE: optionalString,
  /** The receipt's issuer (docs/decisions.md 87): name, address and qualified-invoice registration number `T` + 13 digits. */
  RECEIPT_ISSUER_NAME: optionalString,
  RECEIPT_ISSUER_ADDRESS: optionalString,
  INVOICE_REGISTRATION_NUMBER: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^T\d{13}$/, 'must be T followed by 13 digits (the qualified-invoice registration number)'))),
  /** How long a purchase attempt's owner holds it without a heartbeat (ms; docs/decisions.md 51). */
  PURCHASE_LEASE_MS: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'PURCHASE_LEASE_MS must be a number of milliseconds'), v.transform(Number), v.minValue(1000, 'PURCHASE_LEASE_MS must be at least 1000'))),
  /** How often each server process looks for abandoned purchase attempts (ms; 0: never). */
  PURCHASE_SWEEP_MS: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'PURCHASE_SWEEP_MS must be a number of milliseconds'), v.transform(Number))),
  /** The hour (JST, 0–23) of the evening-before reminders and the consultants' lists of the next day. */
  REMINDER_EVENING_HOUR: v.optional(v.pipe(v.string(), v.regex(/^\d{1,2}$/, 'REMINDER_EVENING_HOUR must be an hour from 0 to 23'), v.transform(Number), v.maxValue(23, 'REMINDER_EVENING_HOUR must be an hour from 0 to 23'))),
  /** How long before a consultation its last reminder goes out (minutes; 0: none). */
  REMINDER_BEFORE_MINUTES: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'REMINDER_BEFORE_MINUTES must be a number of minutes'), v.transform(Number), v.maxValue(24 * 60, 'REMINDER_BEFORE_MINUTES must be at most 1440'))),
  /** Hours after a consultation's end for its outcome to be recorded before the member's card reads no contact and the desk lists it as overdue (1–168). */
  OUTCOME_GRACE_HOURS: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'OUTCOME_GRACE_HOURS must be a number of hours'), v.transform(Number), v.minValue(1, 'OUTCOME_GRACE_HOURS must be from 1 to 168'), v.maxValue(168, 'OUTCOME_GRACE_HOURS must be from 1 to 168'))),
  /** Business days after 未解決 is recorded that its follow-up falls due (1–30). */
  FOLLOW_UP_BUSINESS_DAYS: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'FOLLOW_UP_BUSINESS_DAYS must be a number of days'), v.transform(Number), v.minValue(1, 'FOLLOW_UP_BUSINESS_DAYS must be from 1 to 30'), v.maxValue(30, 'FOLLOW_UP_BUSINESS_DAYS must be from 1 to 30'))),
  /** How long before a consultation its online room opens (minutes; decision 93). */
  ROOM_OPENS_MINUTES_BEFORE: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'ROOM_OPENS_MINUTES_BEFORE must be a number of minutes'), v.transform(Number), v.maxValue(120, 'ROOM_OPENS_MINUTES_BEFORE must be at most 120'))),
  /** The online room's STUN/TURN servers, as RTCIceServer JSON: [{"urls":"turn:turn.example.jp:3478","username":"…","credential":"…"}]. */
  ROOM_ICE_SERVERS: optionalString,
  /** A request not answered within this many ms is answered 503 (docs/operations.md "Deadlines and the watchdog"). */
  REQUEST_DEADLINE_MS: ms('REQUEST_DEADLINE_MS', 100, 600_000),
  /** The same for the calls that wait on purpose: on the payment provider (charge, tdsFinish, Stripe's setup intents) or for a purchase in flight (cancel-account). */
  PAYMENT_DEADLINE_MS: ms('PAYMENT_DEADLINE_MS', 100, 600_000),
  /** PostgreSQL cancels any one statement of the server's pool after this many ms (0: never). */
  STATEMENT_TIMEOUT_MS: ms('STATEMENT_TIMEOUT_MS', 0, 600_000),
  /** An event loop blocked this long makes the process not ready and ends it (0: no watchdog). */
  WATCHDOG_BLOCKED_MS: ms('WATCHDOG_BLOCKED_MS', 0, 600_000),
  /** The outbox (docs/server.md "Outbox"): how often each process offers a delivery run (ms; 0: no delivery here). */
  OUTBOX_POLL_MS: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'OUTBOX_POLL_MS must be a number of milliseconds'), v.transform(Number))),
  /** The first retry of a failed delivery after this many ms, doubling up to OUTBOX_RETRY_MAX_MS. */
  OUTBOX_RETRY_BASE_MS: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'OUTBOX_RETRY_BASE_MS must be a number of milliseconds'), v.transform(Number), v.minValue(1000, 'OUTBOX_RETRY_BASE_MS must be at least 1000'))),
  OUTBOX_RETRY_MAX_MS: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'OUTBOX_RETRY_MAX_MS must be a number of milliseconds'), v.transform(Number), v.minValue(1000, 'OUTBOX_RETRY_MAX_MS must be at least 1000'))),
  /** A message still failing this many hours after it was written (or resent) is dead: the desk shows it with a resend. */
  OUTBOX_GIVE_UP_HOURS: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'OUTBOX_GIVE_UP_HOURS must be a number of hours'), v.transform(Number), v.minValue(1, 'OUTBOX_GIVE_UP_HOURS must be from 1 to 168'), v.maxValue(168, 'OUTBOX_GIVE_UP_HOURS must be from 1 to 168'))),
  /** How long a delivery holds the messages it claimed before another may take them (ms). */
  OUTBOX_LEASE_MS: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'OUTBOX_LEASE_MS must be a number of milliseconds'), v.transform(Number), v.minValue(1000, 'OUTBOX_LEASE_MS must be at least 1000'))),
  /** How long the SMTP client waits to connect, for the greeting, and on a silent socket (ms; nodemailer's timeouts). */
  SMTP_CONNECTION_TIMEOUT_MS: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'SMTP_CONNECTION_TIMEOUT_MS must be a number of milliseconds'), v.transform(Number), v.minValue(100, 'SMTP_CONNECTION_TIMEOUT_MS must be at least 100'))),
  SMTP_GREETING_TIMEOUT_MS: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'SMTP_GREETING_TIMEOUT_MS must be a number of milliseconds'), v.transform(Number), v.minValue(100, 'SMTP_GREETING_TIMEOUT_MS must be at least 100'))),
  SMTP_SOCKET_TIMEOUT_MS: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'SMTP_SOCKET_TIMEOUT_MS must be a number of milliseconds'), v.transform(Number), v.minValue(100, 'SMTP_SOCKET_TIMEOUT_MS must be at least 100'))),
  /** Test stacks only: the sandbox answers a charge this long after it took the money (a replica killed meanwhile). */
  SANDBOX_CHARGE_DELAY_MS: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'SANDBOX_CHARGE_DELAY_MS must be a number of milliseconds'), v.transform(Number))),
})

/** ROOM_ICE_SERVERS: a JSON list of RTCIceServer; none by default (local stacks and tests connect directly). */
function iceServersOf(raw: string | undefined): IceServer[] {
  if (!raw) return []
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    throw new ConfigError('ROOM_ICE_SERVERS must be JSON: [{"urls": "stun:…"}, …]')
  }
  const checked = v.safeParse(v.array(IceServer), parsed)
  if (!checked.success) throw new ConfigError(`ROOM_ICE_SERVERS must be a list of {urls, username?, credential?}: ${v.summarize(checked.issues)}`)
  return checked.output
}

const TelNumber = v.pipe(v.string(), v.trim(), v.regex(/^[0-9][0-9-]{8,14}$/, 'must be a phone number like 0120-000-111'))
const TelBySource = v.record(v.pipe(v.string(), v.nonEmpty()), TelNumber)
/** Local and test numbers (fictional): a default and two landing-page sources, as docs/product.md §9 has. */
const LOCAL_SUPPORT_TEL = { default: '0120-000-111', byLpSource: { 'lp-a': '0120-000-222', 'lp-b': '0120-000-333' } }

function supportTelOf(e: { SUPPORT_TEL?: string; SUPPORT_TEL_BY_LP_SOURCE?: string }, runEnv: RunEnv): Config['supportTel'] {
  if (!e.SUPPORT_TEL) {
    // A fictional number shown to real members would send them nowhere.
    if (runEnv === 'production') throw notConfigured('SUPPORT_TEL')
    return LOCAL_SUPPORT_TEL
  }
  const tel = v.safeParse(TelNumber, e.SUPPORT_TEL)
  if (!tel.success) throw new ConfigError(`Invalid Environment Value: SUPPORT_TEL: ${tel.issues[0].message}`)
  let bySource: unknown = {}
  try {
    bySource = e.SUPPORT_TEL_BY_LP_SOURCE ? JSON.parse(e.SUPPORT_TEL_BY_LP_SOURCE) : {}
  } catch {
    throw new ConfigError('Invalid Environment Value: SUPPORT_TEL_BY_LP_SOURCE: not JSON')
  }
  const parsed = v.safeParse(TelBySource, bySource)
  if (!parsed.success) throw new ConfigError(`Invalid Environment Value: SUPPORT_TEL_BY_LP_SOURCE: ${parsed.issues[0].message}`)
  return { default: tel.output, byLpSource: parsed.output }
}

/**
 * The issuer printed on every receipt. Outside production a fictional company stands in (demo and
 * tests); a production box must name its own, or a member would get a receipt of nobody.
 */
const LOCAL_RECEIPT_ISSUER = { name: 'ITサポート株式会社（デモ）', address: '東京都千代田区千代田1-1（架空の住所）', registrationNumber: 'T1234567890123' }

function receiptIssuerOf(e: { RECEIPT_ISSUER_NAME?: string; RECEIPT_ISSUER_ADDRESS?: string; INVOICE_REGISTRATION_NUMBER?: string }, runEnv: RunEnv): Config['receiptIssuer'] {
  const given = { RECEIPT_ISSUER_NAME: e.RECEIPT_ISSUER_NAME, RECEIPT_ISSUER_ADDRESS: e.RECEIPT_ISSUER_ADDRESS, INVOICE_REGISTRATION_NUMBER: e.INVOICE_REGISTRATION_NUMBER }
  if (runEnv === 'production') for (const [name, value] of Object.entries(given)) if (!value) throw notConfigured(name)
  return {
    name: e.RECEIPT_ISSUER_NAME ?? LOCAL_RECEIPT_ISSUER.name,
    address: e.RECEIPT_ISSUER_ADDRESS ?? LOCAL_RECEIPT_ISSUER.address,
    registrationNumber: e.INVOICE_REGISTRATION_NUMBER ?? LOCAL_RECEIPT_ISSUER.registrationNumber,
  }
}

export type RunEnv = 'local' | 'test' | 'production'

export type Config = {
  env: RunEnv
  port: number
  host: string
  databaseUrl: string | undefined
  pgliteDir: string
  pgliteBackupDir: string
  firebaseProjectId: string
  firebaseAuthEmulatorHost: string | undefined
  smtpUrl: string
  mailFrom: string
  appOrigin: string
  /** undefined: captcha "off" — the server accepts recaptchaToken `off`. */
  recaptchaSecret: string | undefined
  paymentProvider: 'sandbox' | 'stripe'
  stripeSecretKey: string | undefined
  /** Where the built SPA is; undefined: this process serves the API only (the SPA is on a CDN). */
  staticDir: string | undefined
  enableTestRoutes: boolean
  seedDemo: boolean
  /** docs/product.md §9 support phone numbers: the default, and one per landing-page source (`lpSource`). */
  supportTel: { default: string; byLpSource: Record<string, string> }
  /** The issuer on every receipt (docs/decisions.md 87). */
  receiptIssuer: { name: string; address: string; registrationNumber: string }
  /** Purchase attempts (services/purchase/): the owner's lease, and the sweeper's interval (0: off). */
  purchaseLeaseMs: number
  purchaseSweepMs: number
  /** Test stacks only (ENABLE_TEST_ROUTES, never production): delay of the sandbox's charge answer. */
  sandboxChargeDelayMs: number
  /** Reminders (server/jobs/reminders.ts): the evening hour (JST) and the minutes before (0: none). */
  reminders: { eveningHour: number; beforeMinutes: number }
  /**
   * The consultation loop's deadlines (docs/decisions.md 85): hours after the end before an
   * unrecorded outcome is overdue, and business days after 未解決 before its follow-up is due.
   */
  outcomes: { graceHours: number; followUpBusinessDays: number }
  /** The online consultation room (contract/room.ts): opening before the start, and the ICE servers handed to the browsers. */
  room: { opensMinutesBefore: number; iceServers: IceServer[] }
  /**
   * The outbox (server/infra/outbox.ts, docs/server.md "Outbox"): the delivery job's interval
   * (0: none in this process), the back-off (first retry, doubling up to the max), when a
   * message is given up, a delivery's lease, and the SMTP client's timeouts.
   */
  outbox: { pollMs: number; retryBaseMs: number; retryMaxMs: number; giveUpMs: number; leaseMs: number }
  smtpTimeouts: { connectionMs: number; greetingMs: number; socketMs: number }
  /**
   * No request holds a replica (docs/operations.md "Deadlines and the watchdog"): the answer's
   * deadline (ms; the payment calls' own, longer one), PostgreSQL's statement_timeout for the
   * server's pool (ms, 0: none), and how long the event loop may be blocked before the process
   * reports not ready and ends (ms, 0: no watchdog).
   */
  limits: { requestDeadlineMs: number; paymentDeadlineMs: number; statementTimeoutMs: number; watchdogBlockedMs: number }
}

/**
 * Production wins: either variable saying production makes the run production, and then the other
 * may not say anything else (`NODE_ENV=production` with `MYPAGE_ENV=test` is a test box's setting
 * left on a production box, or the reverse; neither may start).
 */
function runEnvOf(nodeEnv: 'development' | 'test' | 'production' | undefined, mypageEnv: RunEnv | undefined): RunEnv {
  if (nodeEnv === 'production' && mypageEnv && mypageEnv !== 'production') throw refused(`MYPAGE_ENV=${mypageEnv}`, 'contradicts NODE_ENV=production')
  if (mypageEnv === 'production' && nodeEnv && nodeEnv !== 'production') throw refused(`NODE_ENV=${nodeEnv}`, 'contradicts MYPAGE_ENV=production')
  if (nodeEnv === 'production' || mypageEnv === 'production') return 'production'
  return mypageEnv ?? 'local'
}

/**
 * The request deadline outlasts a statement (a query cancelled by PostgreSQL is answered as an
 * error of its own before the deadline's 503), and the payment calls' deadline outlasts both.
 */
function limitsOf(e: { REQUEST_DEADLINE_MS?: number; PAYMENT_DEADLINE_MS?: number; STATEMENT_TIMEOUT_MS?: number; WATCHDOG_BLOCKED_MS?: number }): Config['limits'] {
  const requestDeadlineMs = e.REQUEST_DEADLINE_MS ?? 20_000
  const paymentDeadlineMs = e.PAYMENT_DEADLINE_MS ?? Math.max(120_000, requestDeadlineMs)
  if (paymentDeadlineMs < requestDeadlineMs) throw new ConfigError('Invalid Environment Value: PAYMENT_DEADLINE_MS: must not be shorter than REQUEST_DEADLINE_MS')
  return { requestDeadlineMs, paymentDeadlineMs, statementTimeoutMs: e.STATEMENT_TIMEOUT_MS ?? 15_000, watchdogBlockedMs: e.WATCHDOG_BLOCKED_MS ?? 10_000 }
}

const notConfigured = (name: string) => new ConfigError(`Not Configured Environment Value: ${name}`)
const refused = (name: string, why: string) => new ConfigError(`Refused in production: ${name} ${why}`)
const on = (value: string | undefined) => value === '1' || value === 'true'

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
  const runEnv = runEnvOf(e.NODE_ENV, e.MYPAGE_ENV)
  const paymentProvider = e.PAYMENT_PROVIDER ?? (runEnv === 'production' ? undefined : 'sandbox')

  if (runEnv === 'production') {
    // The dangerous test settings first: their refusal is the message an operator must see, even
    // on a box that also lacks a required value.
    if (e.FIREBASE_AUTH_EMULATOR_HOST) throw refused('FIREBASE_AUTH_EMULATOR_HOST', 'is set: the Auth Emulator accepts unsigned tokens')
    if (on(e.SEED_DEMO)) throw refused('SEED_DEMO', 'would create demo members with a published password')
    if (on(e.ENABLE_TEST_ROUTES)) throw refused('ENABLE_TEST_ROUTES', 'would open the test-only routes')
    // Every value that has a local default must be given explicitly in production.
    const required = { DATABASE_URL: e.DATABASE_URL, FIREBASE_PROJECT_ID: e.FIREBASE_PROJECT_ID, SMTP_URL: e.SMTP_URL, APP_ORIGIN: e.APP_ORIGIN, RECAPTCHA_SECRET: e.RECAPTCHA_SECRET, PAYMENT_PROVIDER: paymentProvider }
    for (const [name, value] of Object.entries(required)) if (!value) throw notConfigured(name)
    if (e.FIREBASE_PROJECT_ID?.startsWith('demo-')) throw refused('FIREBASE_PROJECT_ID', `is a demo project (${e.FIREBASE_PROJECT_ID})`)
    if (paymentProvider === 'sandbox' && !on(e.ALLOW_SANDBOX_PAYMENTS)) throw refused('PAYMENT_PROVIDER=sandbox', 'without ALLOW_SANDBOX_PAYMENTS=1')
    if (!/^https:\/\//.test(e.APP_ORIGIN!)) throw refused('APP_ORIGIN', 'is not https')
    if (e.SANDBOX_CHARGE_DELAY_MS !== undefined) throw refused('SANDBOX_CHARGE_DELAY_MS', 'is a test hook')
  }
  // A fault-injection hook lives with the test routes, never without them.
  if (e.SANDBOX_CHARGE_DELAY_MS !== undefined && !on(e.ENABLE_TEST_ROUTES)) throw new ConfigError('SANDBOX_CHARGE_DELAY_MS needs ENABLE_TEST_ROUTES=1')
  if (paymentProvider === 'stripe' && !e.STRIPE_SECRET_KEY) throw notConfigured('STRIPE_SECRET_KEY')
  return {
    env: runEnv,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: e.PGLITE_DIR,
    pgliteBackupDir: e.PGLITE_BACKUP_DIR ?? path.join(path.dirname(path.resolve(e.PGLITE_DIR)), 'pglite-backups'),
    firebaseProjectId: e.FIREBASE_PROJECT_ID ?? 'demo-mypage',
    firebaseAuthEmulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST,
    smtpUrl: e.SMTP_URL ?? 'smtp://127.0.0.1:1025',
    mailFrom: e.MAIL_FROM,
    appOrigin: (e.APP_ORIGIN ?? 'http://127.0.0.1:5173').replace(/\/+$/, ''),
    recaptchaSecret: e.RECAPTCHA_SECRET,
    paymentProvider: paymentProvider ?? 'sandbox',
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    staticDir: e.STATIC_DIR,
    enableTestRoutes: on(e.ENABLE_TEST_ROUTES),
    seedDemo: on(e.SEED_DEMO),
    supportTel: supportTelOf(e, runEnv),
    receiptIssuer: receiptIssuerOf(e, runEnv),
    purchaseLeaseMs: e.PURCHASE_LEASE_MS ?? 15_000,
    // A minute in production (the client's own retry of a key resumes at once); seconds elsewhere.
    purchaseSweepMs: e.PURCHASE_SWEEP_MS ?? (runEnv === 'production' ? 60_000 : 5_000),
    sandboxChargeDelayMs: e.SANDBOX_CHARGE_DELAY_MS ?? 0,
    reminders: { eveningHour: e.REMINDER_EVENING_HOUR ?? 18, beforeMinutes: e.REMINDER_BEFORE_MINUTES ?? 60 },
    outcomes: { graceHours: e.OUTCOME_GRACE_HOURS ?? 24, followUpBusinessDays: e.FOLLOW_UP_BUSINESS_DAYS ?? 3 },
    room: { opensMinutesBefore: e.ROOM_OPENS_MINUTES_BEFORE ?? 10, iceServers: iceServersOf(e.ROOM_ICE_SERVERS) },
    outbox: {
      pollMs: e.OUTBOX_POLL_MS ?? 1000,
      retryBaseMs: e.OUTBOX_RETRY_BASE_MS ?? 30_000,
      retryMaxMs: e.OUTBOX_RETRY_MAX_MS ?? 3_600_000,
      giveUpMs: (e.OUTBOX_GIVE_UP_HOURS ?? 24) * 3_600_000,
      leaseMs: e.OUTBOX_LEASE_MS ?? 120_000,
    },
    smtpTimeouts: { connectionMs: e.SMTP_CONNECTION_TIMEOUT_MS ?? 5000, greetingMs: e.SMTP_GREETING_TIMEOUT_MS ?? 5000, socketMs: e.SMTP_SOCKET_TIMEOUT_MS ?? 10_000 },
    limits: limitsOf(e),
  }
}
