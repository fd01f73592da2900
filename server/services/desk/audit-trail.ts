import { and, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { auditActionName, auditMemberFields, auditStaffFields } from '../../../contract/audit-names'
import type { DeskCallInput } from '../../../contract/desk-calls'
import { auditLog, members, purchases, staff, staffAccounts, tickets } from '../../db/schema'
import type { Db } from '../../db/client'
import { atJst, parseYmd } from '../../domain/time'
import { invalid } from '../../domain/errors'
import { deskMessages as dm } from '../../../contract/desk-messages'
import type { Deps } from '../deps'
import { offsetOf, pageOf, unix } from './common'

// The audit trail, read only: filtered by actor (uid or e-mail), action, target and period (Japan
// days), newest first. No call of the product updates or deletes a row (a trigger refuses both).
// Each row is answered with the words an operator reads (docs/server.md "Audit trail"): the action's
// Japanese name, the actor's nickname, the target's name (a consultant, the member of a ticket or a
// purchase, an account's address) — joined in the page's one query — and the names of the
// consultants and members its before/after name by id, looked up once for the whole page.

const CANCELLED_NAME = '（退会済み）'

const day = (ymd: string) => {
  const d = parseYmd(ymd)
  if (!d) throw invalid(dm.dateInvalid)
  return d
}

const actorAccount = alias(staffAccounts, 'actor_account')
const actorStaff = alias(staff, 'actor_staff')
const targetStaff = alias(staff, 'target_staff')
const targetAccount = alias(staffAccounts, 'target_account')

/** Every id a snapshot names under a consultant or member field, at any depth. */
function collectIds(value: unknown, staffIds: Set<string>, memberIds: Set<string>, depth = 0): void {
  if (depth > 6 || value === null || typeof value !== 'object') return
  if (Array.isArray(value)) {
    for (const x of value) collectIds(x, staffIds, memberIds, depth + 1)
    return
  }
  for (const [k, x] of Object.entries(value)) {
    if (typeof x === 'string' && auditStaffFields.has(k)) staffIds.add(x)
    else if (typeof x === 'string' && auditMemberFields.has(k)) memberIds.add(x)
    else collectIds(x, staffIds, memberIds, depth + 1)
  }
}

const memberName = (m: { lastname: string | null; firstname: string | null; deletedAt: Date | null }): string | null =>
  m.lastname === null ? null : m.deletedAt ? CANCELLED_NAME : `${m.lastname} ${m.firstname ?? ''}`.trim()

/** Names of the consultants and members a page of snapshots names: two queries, whatever the page. */
async function namesOf(db: Db, snapshots: unknown[]): Promise<Map<string, string>> {
  const staffIds = new Set<string>()
  const memberIds = new Set<string>()
  for (const s of snapshots) collectIds(s, staffIds, memberIds)
  const names = new Map<string, string>()
  if (staffIds.size > 0) {
    for (const s of await db.select({ id: staff.staffId, name: staff.staffNickname }).from(staff).where(inArray(staff.staffId, [...staffIds]))) names.set(s.id, s.name)
  }
  if (memberIds.size > 0) {
    const rows = await db
      .select({ id: members.memberId, lastname: members.memberLastname, firstname: members.memberFirstname, deletedAt: members.deletedAt })
      .from(members)
      .where(inArray(members.memberId, [...memberIds]))
    for (const m of rows) names.set(m.id, memberName(m) ?? m.id)
  }
  return names
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
  const rows = await deps.db
    .select({
      r: auditLog,
      actorName: actorStaff.staffNickname,
      targetStaffName: targetStaff.staffNickname,
      targetAccountEmail: targetAccount.email,
      member: { lastname: members.memberLastname, firstname: members.memberFirstname, deletedAt: members.deletedAt },
    })
    .from(auditLog)
    .leftJoin(actorAccount, eq(actorAccount.uid, auditLog.actorUid))
    .leftJoin(actorStaff, eq(actorStaff.staffId, actorAccount.staffId))
    .leftJoin(targetStaff, and(eq(auditLog.targetType, 'staff'), eq(targetStaff.staffId, auditLog.targetId)))
    .leftJoin(targetAccount, and(eq(auditLog.targetType, 'staff-account'), eq(targetAccount.uid, auditLog.targetId)))
    .leftJoin(tickets, and(eq(auditLog.targetType, 'ticket'), eq(tickets.ticketNumber, auditLog.targetId)))
    .leftJoin(purchases, and(eq(auditLog.targetType, 'purchase'), eq(purchases.receiptNumber, auditLog.targetId)))
    .leftJoin(members, eq(members.memberId, sql`coalesce(${tickets.memberId}, ${purchases.memberId})`))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(input.pageSize)
    .offset(offsetOf(input))
  const names = await namesOf(deps.db, rows.flatMap(({ r }) => [r.before, r.after]))
  return pageOf(
    rows.map(({ r, actorName, targetStaffName, targetAccountEmail, member }) => {
      const own = new Set<string>()
      collectIds(r.before, own, own)
      collectIds(r.after, own, own)
      return {
        id: r.id,
        at: unix(r.at),
        actorUid: r.actorUid,
        actorEmail: r.actorEmail,
        actorRole: r.actorRole,
        action: r.action,
        targetType: r.targetType,
        targetId: r.targetId,
        before: r.before,
        after: r.after,
        actionName: auditActionName(r.action),
        actorName,
        targetName: targetStaffName ?? targetAccountEmail ?? (member ? memberName(member) : null),
        names: Object.fromEntries([...own].flatMap((id) => (names.has(id) ? [[id, names.get(id)!]] : []))),
      }
    }),
    total,
    input,
  )
}
