import { randomBytes } from 'node:crypto'
import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm'
import type { StaffCallResponse, StaffMeResponse, StaffRole } from '../../../contract/staff-calls'
import { staffMessages as sm } from '../../../contract/staff-messages'
import type { Identity } from '../../adapters/identity'
import type { Db, Tx } from '../../db/client'
import { isUniqueViolation, lockKey } from '../../db/constraints'
import { members, staff, staffAccounts } from '../../db/schema'
import { invalid, conflict, notFound } from '../../domain/errors'
import type { Config } from '../../config'
import { log } from '../../observability/log'
import { writeAudit, type AuditActor } from '../../infra/audit'
import { endCalendarFeeds } from './calendar'
import { staffMails } from '../../mail/staff-mails'
import { notify } from '../../infra/outbox'
import type { Clock } from '../../domain/time'

// Staff accounts and their roles (docs/server.md "Staff roles"). The staff_accounts row decides;
// the custom claims follow it on the account's next token. Writes go row first, claims after the
// commit: a failure in between leaves the row stricter than the claim (a revoke refused at once,
// a grant refused until the claims are set again), never the other way round.

export type StaffAccountRow = typeof staffAccounts.$inferSelect
type AccountDeps = { db: Db; identity: Identity }

const ROLE_ORDER: StaffRole[] = ['consultant', 'operator']
const sortRoles = (roles: Iterable<StaffRole>) => ROLE_ORDER.filter((r) => [...roles].includes(r))

/** The custom claims of an account: `role` (a list) and `staffId` for a consultant. */
export const claimsOf = (row: Pick<StaffAccountRow, 'roles' | 'staffId'>): Record<string, unknown> | null =>
  row.roles.length === 0 ? null : { role: row.roles, ...(row.roles.includes('consultant') && row.staffId ? { staffId: row.staffId } : {}) }

async function setClaims(identity: Identity, row: StaffAccountRow) {
  if (!identity.setCustomClaims) throw new Error('the identity provider cannot set custom claims')
  await identity.setCustomClaims(row.uid, claimsOf(row))
}

const notFoundAccount = () => notFound(sm.accountNotFound)

/** Staff-created sign-in accounts get uids of their own kind (members' are MB…). */
const newStaffUid = () => `ST${randomBytes(9).toString('hex')}`

/**
 * A staff account is never a member account (docs/decisions.md 60): the identity account `uid` is a
 * member's when a live members row has that member id, or has the address `email`.
 */
async function isMemberAccount(db: Tx, uid: string | null, email: string): Promise<boolean> {
  const same = uid === null ? eq(members.email, email) : or(eq(members.memberId, uid), eq(members.email, email))
  const [m] = await db.select({ id: members.memberId }).from(members).where(and(same, isNull(members.deletedAt))).limit(1)
  return m !== undefined
}

/**
 * Gives `role` to the identity account of `email` (created with `initialPassword` when none
 * exists; 404 otherwise). A member's account is refused (409, docs/decisions.md 60). The consultant
 * role links the account to one staff row, held by no other account. Recorded in the audit trail
 * in the same transaction.
 */
export async function grantRole(deps: AccountDeps, actor: AuditActor, input: GrantInput, now: Date): Promise<StaffAccountRow> {
  return (await grant(deps, actor, input, now)).row
}

type GrantInput = { email: string; role: StaffRole; staffId?: string; initialPassword?: string }

/**
 * grantRole, then the invitation when the account did not hold the role before (a repeated grant
 * mails nothing): the desk's アカウント page and `npm run staff -- grant`.
 */
export async function grantAndInvite(
  deps: AccountDeps & { clock: Clock; config: Pick<Config, 'appOrigin'> & { outbox: { giveUpMs: number } } },
  actor: AuditActor,
  input: GrantInput,
  now: Date,
): Promise<{ row: StaffAccountRow; invitationMailed: boolean; outboxId?: number | null }> {
  const { row, added } = await grant(deps, actor, input, now)
  if (!added) return { row, invitationMailed: false }
  const staffNickname = await nicknameOf(deps.db, input.role === 'consultant' ? row.staffId : null)
  const loginUrl = `${deps.config.appOrigin}/staff/login`
  let link: string | null = null
  try {
    link = deps.identity.passwordSetLink ? await deps.identity.passwordSetLink(row.email, loginUrl) : null
  } catch (e) {
    // No link (the provider refused or is away): the invitation still says where to sign in, and
    // to ask an operator for the password; the grant itself stands.
    log().error({ err: { type: e instanceof Error ? e.name : 'unknown error' } }, 'staff invitation: no password link')
  }
  // After the grant and the provider's link (no transaction of ours spans the provider's call).
  const mail = staffMails.invitation(row.email, { role: input.role, staffNickname, loginUrl, passwordLink: link, initialPassword: Boolean(input.initialPassword) })
  const id = await notify(deps.db, deps, { kind: 'staff-invitation', key: `staff-invitation:${row.uid}:${input.role}:${randomBytes(8).toString('hex')}`, mail })
  return { row, invitationMailed: true, outboxId: id }
}

async function grant(deps: AccountDeps, actor: AuditActor, input: GrantInput, now: Date): Promise<{ row: StaffAccountRow; added: boolean }> {
  if (input.role === 'consultant' && !input.staffId) throw invalid(sm.consultantNeedsStaff)
  // Checked before any sign-in account is created for the address (and again in the transaction).
  if (input.role === 'consultant') {
    const [s] = await deps.db.select({ id: staff.staffId }).from(staff).where(eq(staff.staffId, input.staffId!))
    if (!s) throw notFound(sm.staffNotFound)
  }
  let user = await deps.identity.getUserByEmail(input.email)
  // Checked before any sign-in account is created for the address (and again in the transaction).
  if (await isMemberAccount(deps.db, user?.uid ?? null, input.email)) throw conflict(sm.memberAccount)
  if (!user) {
    if (!input.initialPassword) throw notFoundAccount()
    const uid = newStaffUid()
    await deps.identity.createUser({ uid, email: input.email, password: input.initialPassword })
    user = { uid, disabled: false }
  }
  const uid = user.uid
  const row = await deps.db.transaction(async (tx) => {
    await lockKey(tx, `staff-account:${uid}`)
    if (await isMemberAccount(tx, uid, input.email)) throw conflict(sm.memberAccount)
    if (input.role === 'consultant') {
      const [s] = await tx.select({ id: staff.staffId }).from(staff).where(eq(staff.staffId, input.staffId!))
      if (!s) throw notFound(sm.staffNotFound)
      const [other] = await tx.select({ uid: staffAccounts.uid }).from(staffAccounts).where(and(eq(staffAccounts.staffId, input.staffId!), ne(staffAccounts.uid, uid)))
      if (other) throw conflict(sm.staffAlreadyLinked)
    }
    const [before] = await tx.select().from(staffAccounts).where(eq(staffAccounts.uid, uid))
    const roles = sortRoles(new Set([...(before?.roles ?? []), input.role]))
    const staffId = input.role === 'consultant' ? input.staffId! : (before?.staffId ?? null)
    const values = { uid, email: input.email, roles, staffId, createdAt: before?.createdAt ?? now, updatedAt: now }
    const [after] = await tx
      .insert(staffAccounts)
      .values(values)
      .onConflictDoUpdate({ target: staffAccounts.uid, set: { email: values.email, roles, staffId, updatedAt: now } })
      .returning()
    // The row's feed made by an earlier holder ends with this grant (services/staff/calendar.ts).
    if (input.role === 'consultant') await endCalendarFeeds(tx, { staffId, uid, holder: true })
    await writeAudit(tx, actor, { action: 'role-grant', targetType: 'staff-account', targetId: uid, before: before ?? null, after }, now)
    return { after, added: !(before?.roles ?? []).includes(input.role) }
  })
  await setClaims(deps.identity, row.after)
  return { row: row.after, added: row.added }
}

/**
 * Takes `role` from the account. The last operator's operator role is kept (409): someone must be
 * able to grant roles. Effective on the account's next call (the row is checked on every call).
 */
export async function revokeRole(deps: AccountDeps, actor: AuditActor, input: { uid: string; role: StaffRole }, now: Date): Promise<StaffAccountRow> {
  const row = await deps.db.transaction(async (tx) => {
    // One lock for every revoke of the operator role: two operators removing each other at once
    // must not leave none.
    await lockKey(tx, input.role === 'operator' ? 'staff-account:operators' : `staff-account:${input.uid}`)
    const [before] = await tx.select().from(staffAccounts).where(eq(staffAccounts.uid, input.uid))
    if (!before) throw notFound(sm.noStaffAccount)
    if (!before.roles.includes(input.role)) throw conflict(sm.noSuchRole)
    if (input.role === 'operator') {
      const [{ count }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(staffAccounts)
        .where(and(ne(staffAccounts.uid, input.uid), sql`${staffAccounts.roles} @> '["operator"]'::jsonb`))
      if (count === 0) throw conflict(sm.lastOperator)
    }
    const roles = before.roles.filter((r) => r !== input.role)
    const staffId = input.role === 'consultant' ? null : before.staffId
    const [after] = await tx.update(staffAccounts).set({ roles, staffId, updatedAt: now }).where(eq(staffAccounts.uid, input.uid)).returning()
    if (input.role === 'consultant') await endCalendarFeeds(tx, { staffId: before.staffId, uid: input.uid, holder: false })
    await writeAudit(tx, actor, { action: 'role-revoke', targetType: 'staff-account', targetId: input.uid, before, after }, now)
    return after
  })
  await setClaims(deps.identity, row)
  return row
}

/** Every staff account (roles or none left), with the nickname of its staff row. */
export async function listAccounts(db: Db) {
  return db
    .select({ account: staffAccounts, staffNickname: staff.staffNickname })
    .from(staffAccounts)
    .leftJoin(staff, eq(staff.staffId, staffAccounts.staffId))
    .orderBy(asc(staffAccounts.email))
}

type StaffAccountView = StaffCallResponse<'role-grant'>['account']

const toAccount = (a: StaffAccountRow, staffNickname: string | null): StaffAccountView => ({
  uid: a.uid,
  email: a.email,
  roles: a.roles,
  staffId: a.staffId,
  staffNickname,
  updatedUnixTime: Math.floor(a.updatedAt.getTime() / 1000),
})

async function nicknameOf(db: Db | Tx, staffId: string | null): Promise<string | null> {
  if (!staffId) return null
  const [s] = await db.select({ n: staff.staffNickname }).from(staff).where(eq(staff.staffId, staffId))
  return s?.n ?? null
}

/** The caller as staff-me answers: their account, with the nickname of their staff row. */
export async function staffMe(db: Db, me: Pick<StaffAccountRow, 'uid' | 'email' | 'roles' | 'staffId'>): Promise<StaffMeResponse> {
  return { uid: me.uid, email: me.email, roles: me.roles, staffId: me.staffId, nickname: await nicknameOf(db, me.staffId) }
}

/** An account as role-grant and role-revoke answer it, with the nickname of its staff row. */
export async function accountView(db: Db, row: StaffAccountRow): Promise<StaffAccountView> {
  return toAccount(row, await nicknameOf(db, row.staffId))
}

/** Every staff account, and every consultant row with the account linked to it (staff-accounts). */
export async function accountsOverview(db: Db): Promise<StaffCallResponse<'staff-accounts'>> {
  const rows = await listAccounts(db)
  const staffRows = await db.select({ staffId: staff.staffId, staffNickname: staff.staffNickname }).from(staff).orderBy(staff.sortOrder, staff.staffId)
  const linked = new Map(rows.filter((r) => r.account.staffId).map((r) => [r.account.staffId!, r.account.uid]))
  return {
    accounts: rows.map((r) => toAccount(r.account, r.staffNickname)),
    staff: staffRows.map((s) => ({ ...s, uid: linked.get(s.staffId) ?? null })),
  }
}

/**
 * Local stacks' demo staff (SEED_DEMO=1; refused in production by server/config.ts): the account
 * row, the identity user with its published password and the claims, idempotent on every start.
 */
export async function ensureDemoStaff(
  deps: AccountDeps,
  seeds: readonly { uid: string; email: string; password: string; roles: StaffRole[]; staffId: string | null }[],
  now: Date,
): Promise<void> {
  for (const s of seeds) {
    await deps.identity.ensureUser({ uid: s.uid, email: s.email, password: s.password })
    let rows: StaffAccountRow[]
    try {
      rows = await deps.db
        .insert(staffAccounts)
        .values({ uid: s.uid, email: s.email, roles: s.roles, staffId: s.staffId, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: staffAccounts.uid, set: { email: s.email, roles: s.roles, staffId: s.staffId } })
        .returning()
    } catch (e) {
      // The demo consultant's staff row was linked to another account on this local database:
      // that link stands, and the start goes on without the demo consultant.
      if (isUniqueViolation(e)) continue
      throw e
    }
    await setClaims(deps.identity, rows[0])
  }
}
