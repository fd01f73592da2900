import * as v from 'valibot'
import { UID_MAX } from '../fields'
import { deskMessages as dm } from '../desk-messages'
import type { StaffRegistry } from '../staff-calls'
import { paged, Paging, strict, YmdQuery } from './common'

// The operator's desk, audit trail (read only: no call edits or deletes a row):
// its schemas and its part of the registry, which contract/desk-calls.ts composes into `deskCalls`.

export const DeskAuditRequest = strict({
  /** Actor's uid or e-mail (exact). */
  actor: v.optional(v.pipe(v.string(dm.filterTooLong), v.maxLength(UID_MAX, dm.filterTooLong))),
  action: v.optional(v.pipe(v.string(dm.filterTooLong), v.maxLength(UID_MAX, dm.filterTooLong))),
  targetType: v.optional(v.pipe(v.string(dm.filterTooLong), v.maxLength(UID_MAX, dm.filterTooLong))),
  targetId: v.optional(v.pipe(v.string(dm.filterTooLong), v.maxLength(UID_MAX, dm.filterTooLong))),
  /** First and last day (JST, YYYYMMDD), both included. */
  from: v.optional(YmdQuery),
  to: v.optional(YmdQuery),
  ...Paging,
})
export const DeskAuditEntry = v.object({
  id: v.number(),
  at: v.number(),
  actorUid: v.string(),
  actorEmail: v.string(),
  actorRole: v.string(),
  action: v.string(),
  targetType: v.string(),
  targetId: v.string(),
  before: v.unknown(),
  after: v.unknown(),
  /** The action in Japanese (contract/audit-names.ts). */
  actionName: v.string(),
  /** The actor's consultant nickname, when their account works as a staff row. */
  actorName: v.nullable(v.string()),
  /** Who or what the target is, in words: a consultant's nickname, the member of a ticket or purchase, an account's address. */
  targetName: v.nullable(v.string()),
  /** Names of the consultants and members the before/after name by id (`STAFF-03` → its nickname). */
  names: v.record(v.string(), v.string()),
})
export const DeskAuditResponse = paged(DeskAuditEntry)

export const auditCalls = {
  'desk-audit': { method: 'GET', role: 'operator', request: DeskAuditRequest, response: DeskAuditResponse },
} as const satisfies StaffRegistry
