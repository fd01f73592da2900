import { randomUUID } from 'node:crypto'
import { asc, eq, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { members, staff, staffAccounts } from '../../db/schema'
import { notify } from '../../infra/outbox'
import { consultantMail, holdsAfter, type ConsultantEvent, type MailedConsultation } from '../../mail/consultant-mails'
import type { Deps } from '../deps'

/**
 * Who a consultant's mail goes to and what it names (docs/server.md "Mails to consultants"); the
 * text is mail/consultant-mails.ts. The address is the consultant row's own, else the one of the
 * staff account linked to it (a consultant's account names its staff row), else null.
 */
// Written with qualified names: drizzle renders a column of a one-table select unqualified, which
// inside the subquery would compare staff_accounts.staff_id with itself (more than one row).
// staff_accounts_staff_id_idx makes the linked account unique.
const addressSql = sql<string | null>`coalesce("staff"."email", (select "sa"."email" from ${staffAccounts} as "sa" where "sa"."staff_id" = "staff"."staff_id"))`

export async function consultantAddress(db: Tx, staffId: string): Promise<{ nickname: string; email: string | null } | null> {
  const [row] = await db.select({ nickname: staff.staffNickname, email: addressSql }).from(staff).where(eq(staff.staffId, staffId))
  return row ?? null
}

/** Every consultant's address (or null): the reassignment dialog tells who will be mailed. */
export async function consultantAddresses(db: Tx): Promise<Map<string, string | null>> {
  const rows = await db.select({ staffId: staff.staffId, email: addressSql }).from(staff).orderBy(asc(staff.staffId))
  return new Map(rows.map((r) => [r.staffId, r.email]))
}

async function memberName(db: Tx, memberId: string): Promise<string | null> {
  const [m] = await db.select({ last: members.memberLastname, first: members.memberFirstname, deletedAt: members.deletedAt }).from(members).where(eq(members.memberId, memberId))
  return m && !m.deletedAt ? `${m.last} ${m.first}`.trim() || null : null
}

/**
 * Writes the mail to consultant `staffId` about consultation `c` to the outbox, in `tx` (the
 * change's own transaction where the caller has one). Answers whether there is a mail: false for
 * a consultant with no address.
 */
export async function notifyConsultant(deps: Pick<Deps, 'clock' | 'config'>, tx: Tx, staffId: string, c: MailedConsultation, event: ConsultantEvent): Promise<boolean> {
  const to = await consultantAddress(tx, staffId)
  if (!to?.email) return false
  const name = holdsAfter(event) ? await memberName(tx, c.memberId) : null
  // Booked, refunded, ended by a cancellation: once per consultation and consultant. Moved or
  // reassigned: as often as it happens (each change is a cause of its own).
  const once = event.kind === 'booked' || event.kind === 'refunded' || event.kind === 'accountCancelled'
  const key = `consultant:${event.kind}:${c.ticketNumber}:${staffId}${once ? '' : `:${randomUUID()}`}`
  await notify(tx, deps, { kind: `consultant-${event.kind}`, key, mail: consultantMail({ nickname: to.nickname, email: to.email }, c, event, name, deps.config.appOrigin) })
  return true
}
