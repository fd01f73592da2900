import { and, count, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm'
import type { DeskCallInput } from '../../../contract/desk-calls'
import { auditLog } from '../../db/schema'
import { atJst, parseYmd } from '../../domain/time'
import { badRequest } from '../../http/errors'
import { deskMessages as dm } from '../../../contract/desk-messages'
import type { Deps } from '../../http/handler'
import { offsetOf, pageOf, unix } from './common'

// The audit trail, read only: filtered by actor (uid or e-mail), action, target and period (Japan
// days), newest first. No call of the product updates or deletes a row (a trigger refuses both).

const day = (ymd: string) => {
  const d = parseYmd(ymd)
  if (!d) throw badRequest(dm.dateInvalid)
  return d
}

export async function readAudit(deps: Deps, input: DeskCallInput<'desk-audit'>) {
  const conditions: (SQL | undefined)[] = [
    input.actor ? or(eq(auditLog.actorUid, input.actor), eq(auditLog.actorEmail, input.actor.toLowerCase())) : undefined,
    input.action ? eq(auditLog.action, input.action) : undefined,
    input.targetType ? eq(auditLog.targetType, input.targetType) : undefined,
    input.targetId ? eq(auditLog.targetId, input.targetId) : undefined,
    input.from ? gte(auditLog.at, atJst(day(input.from), 0, 0)) : undefined,
    input.to ? lt(auditLog.at, atJst(day(input.to).plusDays(1), 0, 0)) : undefined,
  ]
  const where = and(...conditions)
  const [{ total }] = await deps.db.select({ total: count() }).from(auditLog).where(where)
  const rows = await deps.db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(input.pageSize).offset(offsetOf(input))
  return pageOf(
    rows.map((r) => ({ id: r.id, at: unix(r.at), actorUid: r.actorUid, actorEmail: r.actorEmail, actorRole: r.actorRole, action: r.action, targetType: r.targetType, targetId: r.targetId, before: r.before, after: r.after })),
    total,
    input,
  )
}
