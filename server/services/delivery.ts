import type { Outbox } from '../infra/outbox'
import type { Deps } from './deps'
import { resetCodeMail } from './member/password-reset'

/**
 * The outbox as this server delivers it (server/infra/outbox.ts): the deps' database, clock and
 * mail transport, the configured back-off, and the kinds built again at each delivery — the reset
 * code, so a late mail or a resend carries a code that is live then (docs/server.md "Outbox").
 * The delivery job (server/jobs/outbox-delivery.ts) and the desk's resend use it alike.
 */
export const outboxOf = (deps: Pick<Deps, 'db' | 'clock' | 'config' | 'mailer'>): Outbox => ({
  db: deps.db,
  clock: deps.clock,
  transport: deps.mailer,
  policy: deps.config.outbox,
  renderers: { 'reset-code': (tx, row) => resetCodeMail(tx, deps, row) },
})
