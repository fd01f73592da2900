import { readFileSync } from 'node:fs'
import * as v from 'valibot'
import { ConfigError } from '../config'

/*
 * The operator's settings of logs, metrics, error reports and stopping (docs/operations.md). Parsed
 * beside server/config.ts, with its message for a bad value; none of them is required.
 */

const port = (name: string) => v.optional(v.pipe(v.string(), v.trim(), v.regex(/^\d+$/, `${name} must be a port number`), v.transform(Number), v.maxValue(65535, `${name} must be a port number`)))
const ms = (name: string) => v.optional(v.pipe(v.string(), v.trim(), v.regex(/^\d+$/, `${name} must be a number of milliseconds`), v.transform(Number)))
const text = v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty()))

const Env = v.object({
  /** Prometheus metrics on this port (GET /metrics); unset: no metrics server. */
  MYPAGE_METRICS_PORT: port('MYPAGE_METRICS_PORT'),
  /** Where the metrics port listens; default HOST, else 127.0.0.1. */
  MYPAGE_METRICS_HOST: text,
  HOST: text,
  /** Sentry's DSN of the server project; unset: no error reports (the SDK is not even loaded). */
  SENTRY_DSN: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.url('SENTRY_DSN must be a URL'))])),
  SENTRY_RELEASE: text,
  SENTRY_ENVIRONMENT: text,
  /** How long SIGTERM waits for requests in flight before it closes their connections. */
  SHUTDOWN_GRACE_MS: ms('SHUTDOWN_GRACE_MS'),
})

export type ObservabilitySettings = {
  metricsPort: number | undefined
  metricsHost: string
  sentryDsn: string | undefined
  release: string
  environment: string | undefined
  shutdownGraceMs: number
}

/** `mypage@<version>` of package.json; the build sets SENTRY_RELEASE to the commit as well. */
function defaultRelease(): string {
  // From the sources (server/observability/) or from the compiled server (dist-server/main.js).
  for (const candidate of ['../../package.json', '../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(candidate, import.meta.url), 'utf8')) as { name?: string; version?: string }
      if (pkg.name === 'mypage') return `mypage@${pkg.version ?? '0.0.0'}`
    } catch {
      // not this one
    }
  }
  return 'mypage@unknown'
}

export function parseObservabilitySettings(env: Record<string, string | undefined> = process.env): ObservabilitySettings {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([k, value]) => k in Env.entries && value !== undefined && value.trim() !== ''))
  const parsed = v.safeParse(Env, cleaned)
  if (!parsed.success) {
    const issue = parsed.issues[0]
    throw new ConfigError(`Invalid Environment Value: ${String(issue.path?.[0]?.key)}: ${issue.message}`)
  }
  const e = parsed.output
  return {
    metricsPort: e.MYPAGE_METRICS_PORT,
    metricsHost: e.MYPAGE_METRICS_HOST ?? e.HOST ?? '127.0.0.1',
    sentryDsn: e.SENTRY_DSN || undefined,
    release: e.SENTRY_RELEASE ?? defaultRelease(),
    environment: e.SENTRY_ENVIRONMENT,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS ?? 10_000,
  }
}
