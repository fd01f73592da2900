import type { Tx } from '../db/client'
import { auditLog } from '../db/schema'

/**
 * Who made a staff write: the caller of a staff call, or `system` for the `npm run staff` command;
 * `member` for the one member write the desk must see in the trail, a "no call came" report
 * (docs/decisions.md 86; the uid is the member id).
 */
export type AuditActor = { uid: string; email: string; role: 'consultant' | 'operator' | 'system' | 'member' }

export type AuditEntry = {
  /** What was done, kebab-case: 'consultation-outcome', 'reassign', 'shift-plan-update', 'role-grant', … */
  action: string
  /** What it was done to: 'ticket', 'staff', 'staff-account', 'business-holiday', … */
  targetType: string
  targetId: string
  /** The row(s) as they were and as they are: plain JSON, no secrets (a calendar token's hash at most). */
  before?: unknown
  after?: unknown
}

/**
 * Appends one row to the audit trail. Call it with the transaction of the write it records, so the
 * trail and the write commit or roll back together (docs/server.md "Audit trail"). The table is
 * append-only: no call changes or deletes a row, and a trigger refuses both.
 */
export async function writeAudit(tx: Tx, actor: AuditActor, entry: AuditEntry, at: Date): Promise<void> {
  await tx.insert(auditLog).values({
    at,
    actorUid: actor.uid,
    actorEmail: actor.email,
    actorRole: actor.role,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before === undefined ? null : toJson(entry.before),
    after: entry.after === undefined ? null : toJson(entry.after),
  })
}

/** Dates become ISO strings, undefined fields disappear: what the jsonb column keeps. */
const toJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value))
