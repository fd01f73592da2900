import { deliverDue } from '../infra/outbox'
import { outboxOf } from '../services/delivery'
import type { JobDefinition } from './engine'

/**
 * The outbox's delivery (docs/server.md "Outbox", docs/decisions.md 115): every OUTBOX_POLL_MS
 * each replica offers a run (one per replica per interval, so replicas deliver side by side);
 * a run claims the messages due now under `SKIP LOCKED` and a lease, hands them to the mail
 * server ten at a time, and goes on until none is due. The back-off of a failed message is the
 * message's own (its `next_attempt_at`, by the injectable clock), not pg-boss's: the run itself
 * does not fail for a mail server away, so it is not retried — the next interval's run is.
 */
export const outboxDeliveryJob = {
  name: 'outbox-delivery',
  schedule: (config) => (config.outbox.pollMs > 0 ? { everyMs: config.outbox.pollMs, eachProcess: true } : null),
  retryLimit: 0,
  run: (deps) => deliverDue(outboxOf(deps)),
} satisfies JobDefinition
