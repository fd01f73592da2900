import { eq } from 'drizzle-orm'
import { deskMessages as dm } from '../../../contract/desk-messages'
import { mailOutbox } from '../../db/schema'
import { invalid, notFound } from '../../domain/errors'
import type { Deps } from '../deps'
import { writeAudit, type AuditActor } from '../../infra/audit'
import { isOutboxMailer } from '../mail-outbox'
import { toDeskMail } from './members'

/**
 * An operator sends a stored mail again (one that failed, or one the member says never came). A
 * mail that carried a secret was stored without it and cannot be resent: the member asks again.
 * The new status and the audit row are written together; the text itself is not in the audit row.
 */
export async function resendMail(deps: Deps, actor: AuditActor, id: number) {
  const [row] = await deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id))
  if (!row) throw notFound(dm.mailNotFound)
  if (!row.resendable) throw invalid(dm.mailNotResendable)
  if (!isOutboxMailer(deps.mailer)) throw new Error('the mailer is not wrapped by the outbox (server/app.ts)')
  const at = deps.clock.now()
  const state = (r: typeof row) => ({ status: r.status, attempts: r.attempts, lastError: r.lastError, sentAt: r.sentAt })
  const after = await deps.mailer.resend(id, (tx, before, now) =>
    writeAudit(tx, actor, { action: 'mail-resend', targetType: 'mail', targetId: String(id), before: state(before), after: state(now) }, at),
  )
  return { mail: toDeskMail(after) }
}
