import { AsyncLocalStorage } from 'node:async_hooks'
import pino, { type Logger } from 'pino'
import { scrub } from '../../contract/personal-data'

/*
 * The server's one logger (docs/operations.md "Logs"). pino writes one JSON object a line; on a
 * terminal (`npm start`) pino-pretty renders the same lines for people. Every line of a request
 * carries its request id (`reqId`), taken from an AsyncLocalStorage the request middleware enters
 * (server/observability/request-log.ts), so a service deep in a call logs it without passing it on.
 *
 * No personal data in any line, by two means: pino's redaction of the keys that hold secrets, and a
 * scrub of every finished line (e-mail addresses, tokens, card and phone numbers), which also
 * catches what sits inside a message or an error's text — an SMTP error quoting the recipient, a
 * driver error quoting a value.
 */

export type { Logger }
export { scrub }

type Sink = { write: (line: string) => unknown }

/** The request a line belongs to; entered once per request. */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>()

export const currentRequestId = (): string | undefined => requestContext.getStore()?.requestId

const SECRET_KEYS = ['password', 'newPassword', 'currentPassword', 'authorization', 'cookie', 'token', 'idToken', 'refreshToken', 'oobCode', 'code', 'cardToken', 'number', 'cvc', 'email', 'newEmail', 'phoneNumber', 'memberLastname', 'memberFirstname', 'memberLastnameKana', 'memberFirstnameKana']
const REDACT_PATHS = [...SECRET_KEYS, ...SECRET_KEYS.map((k) => `*.${k}`), 'req.headers.authorization', 'req.headers.cookie']

const scrubbing = (sink: Sink): Sink => ({ write: (line) => sink.write(scrub(line)) })

type LogFormat = 'json' | 'pretty'

export function createLogger(opts: { level?: string; sink?: Sink } = {}): Logger {
  return pino(
    {
      level: opts.level ?? 'info',
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const id = currentRequestId()
        return id ? { reqId: id } : {}
      },
    },
    scrubbing(opts.sink ?? pino.destination({ dest: 1, sync: true })),
  )
}

/** LOG_FORMAT (json | pretty; default: pretty on a terminal) and LOG_LEVEL (default info). */
export async function createProcessLogger(env: Record<string, string | undefined> = process.env): Promise<Logger> {
  const level = env.LOG_LEVEL?.trim() || 'info'
  const format: LogFormat = env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty' ? env.LOG_FORMAT : process.stdout.isTTY ? 'pretty' : 'json'
  if (format === 'pretty') {
    // A development dependency: the production image has none, and writes JSON.
    const pretty = await import('pino-pretty').then((m) => m.default).catch(() => null)
    if (pretty) {
      // One line a request for people: `GET /api/user-data 200 3.1 ms [0ae8292a]`.
      const messageFormat = (line: Record<string, unknown>, key: string) => {
        const id = typeof line.reqId === 'string' ? ` [${line.reqId.slice(0, 8)}]` : ''
        return line[key] === 'request' ? `${line.method} ${line.route} ${line.status} ${line.durationMs} ms${id}` : `${String(line[key])}${id}`
      }
      return createLogger({ level, sink: pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,reqId,method,route,status,durationMs', messageFormat, sync: true }) })
    }
  }
  return createLogger({ level })
}

// Tests run the app in-process by the hundred: their request lines would bury the output.
let current: Logger = createLogger({ level: process.env.LOG_LEVEL || (process.env.VITEST ? 'warn' : 'info') })

/** The process's logger (the server's, once main.ts has set it; a JSON one before). */
export const log = (): Logger => current

/** Replaces the process's logger; returns a function that puts the previous one back. */
export function setLogger(next: Logger): () => void {
  const previous = current
  current = next
  return () => {
    current = previous
  }
}
