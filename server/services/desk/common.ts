import { deskMessages as dm } from '../../../contract/desk-messages'
import type { Tx } from '../../db/client'
import { conflict } from '../../domain/errors'
import type { Deps } from '../deps'
import { writeAudit, type AuditActor, type AuditEntry } from '../../infra/audit'

// What every desk service shares: paging, unix seconds, the optimistic-concurrency check and the
// audited write (docs/server.md "Operator's desk").

export type Page = { page: number; pageSize: number }
export const offsetOf = (p: Page) => (p.page - 1) * p.pageSize
export const pageOf = <T>(items: T[], total: number, p: Page) => ({ items, total, page: p.page, pageSize: p.pageSize })

export const unix = (d: Date) => Math.floor(d.getTime() / 1000)
export const unixOrNull = (d: Date | null | undefined) => (d ? unix(d) : null)
export const fromUnix = (s: number | null | undefined) => (s === null || s === undefined ? null : new Date(s * 1000))

/**
 * Optimistic concurrency: the row was read (under its lock) at `current`; the operator edited
 * what they saw at `sent`. Another operator's write in between answers 409 and nothing is written.
 */
export function checkVersion(current: number, sent: number): void {
  if (current !== sent) throw conflict(dm.changedByOther)
}

/**
 * One desk write: the change and its audit row in one transaction (docs/server.md "Audit trail"),
 * both committed or neither. The commit invalidates what the written tables hold on every replica
 * (server/infra/cache-writes.ts): a member's next request shows the change.
 */
export async function audited<T>(deps: Deps, actor: AuditActor, work: (tx: Tx, audit: (entry: AuditEntry) => Promise<void>) => Promise<T>): Promise<T> {
  const at = deps.clock.now()
  return deps.db.transaction(async (tx) => work(tx, (entry) => writeAudit(tx, actor, entry, at)))
}

/** `%` and `_` typed by the operator match themselves in a LIKE pattern. */
export const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
