import { eq } from 'drizzle-orm'
import { deskMessages as dm } from '../../../contract/desk-messages'
import { mailOutbox } from '../../db/schema'
import { invalid, notFound } from '../../domain/errors'
import type { Deps } from '../deps'
import { writeAudit, type AuditActor } from '../../infra/audit'
import { resend } from '../../infra/outbox'
import { outboxOf } from '../delivery'
import { toDeskMail } from './members'

/**
 * An operator sends a stored mail again: a dead one (given up after its retries, docs/server.md
 * "Outbox"), or one the member says never came. It is queued again (due now, a new give-up time)
 * with the audit row in one transaction, then tried at once; the answer shows how that went (a
 * failure stays queued with its back-off). A mail that carried a link was stored without it and
 * cannot be resent (the member asks again); the reset code can: it is built again with a live
 * code. The text itself is not in the audit row.
 */
export async function resendMail(deps: Deps, actor: AuditActor, id: number) {
  const [row] = await deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id))
  if (!row) throw notFound(dm.mailNotFound)
  if (!row.resendable) throw invalid(dm.mailNotResendable)
  const at = deps.clock.now()
  const state = (r: typeof row) => ({ status: r.status, attempts: r.attempts, lastError: r.lastError, sentAt: r.sentAt })
  const after = await resend(outboxOf(deps), id, (tx, before, queued) =>
    writeAudit(tx, actor, { action: 'mail-resend', targetType: 'mail', targetId: String(id), before: state(before), after: state(queued) }, at),
  )
  if (!after) throw notFound(dm.mailNotFound)
  return { mail: toDeskMail(after) }
}
