import type { Context, Hono } from 'hono'
import * as v from 'valibot'
import { eq } from 'drizzle-orm'
import { STAFF_API_PREFIX, type StaffCallRole, type StaffId, type StaffCallSpec, type StaffRegistry, type StaffRole } from '../../contract/staff-calls'
import { NoControlChars } from '../../contract/fields'
import { staffMessages } from '../../contract/staff-messages'
import { issueMessage } from '../../contract/validation-messages'
import { staffAccounts } from '../db/schema'
import type { AuditActor } from '../infra/audit'
import { DEFAULT_BODY_LIMIT, checkQuerySize, readJsonBody } from './body'
import { forbidden, invalid, unauthenticated } from '../domain/errors'
import type { Deps } from './handler'

/** The caller of a staff call, as the staff_accounts row has it (docs/server.md "Staff roles"). */
export type StaffMe = {
  uid: string
  email: string
  roles: StaffRole[]
  /** The consultant's staff row; null without the consultant role. */
  staffId: StaffId | null
}

export type StaffHandlerCtx<I> = {
  input: I
  deps: Deps
  /** The caller (token, claim and row checked before the handler runs). */
  me: () => StaffMe
  /** The caller as the audit trail records them, under the role this call runs as. */
  actor: () => AuditActor
  /** The caller holds the operator role (a 'staff' call then reaches every consultant). */
  isOperator: () => boolean
  /**
   * Whose bookings or shifts a 'staff' call works on: an operator the requested staffId (or their
   * own staff row when none is given; 400 without either), a consultant only their own (403 for
   * another's).
   */
  staffScope: (requested?: StaffId | null) => StaffId
  header: (name: string) => string | undefined
}

export type StaffHandler<S extends StaffCallSpec> = (ctx: StaffHandlerCtx<v.InferOutput<S['request']>>) => Promise<v.InferOutput<S['response']>>
/** Exactly one handler per call of the registry (the type checks it). */
export type StaffHandlers<R extends StaffRegistry> = { [N in keyof R]: StaffHandler<R[N]> }

const ROLES: readonly StaffRole[] = ['consultant', 'operator']

/** The token's `role` claim: a list or a single role; anything else counts as none. */
export function claimRoles(claim: unknown): StaffRole[] {
  const list = Array.isArray(claim) ? claim : [claim]
  return ROLES.filter((r) => list.includes(r))
}

const allows = (needed: StaffCallRole, roles: readonly StaffRole[]) => (needed === 'staff' ? roles.length > 0 : roles.includes(needed))

/**
 * Who is calling a staff call, and may they: the bearer token verified (401 otherwise), then the
 * roles that BOTH the token's custom claims and the caller's staff_accounts row hold (403 when the
 * call's role is not among them). The row is read on every call, uncached: a role revoked there is
 * refused on the next call, although the caller's token keeps its claim until it expires
 * (docs/decisions.md "claims and a row").
 */
export async function authenticateStaff(c: Context, deps: Deps, needed: StaffCallRole): Promise<StaffMe> {
  const m = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')
  if (!m) throw unauthenticated()
  return staffOfToken(deps, m[1].trim(), needed)
}

/** The same check for a token that did not come in a header (the room's signalling socket). */
export async function staffOfToken(deps: Pick<Deps, 'identity' | 'db'>, bearer: string, needed: StaffCallRole): Promise<StaffMe> {
  let token: Awaited<ReturnType<Deps['identity']['verifyIdToken']>>
  try {
    token = await deps.identity.verifyIdToken(bearer)
  } catch {
    throw unauthenticated()
  }
  const [row] = await deps.db.select().from(staffAccounts).where(eq(staffAccounts.uid, token.uid))
  const claimed = claimRoles(token.claims?.role)
  const roles = (row?.roles ?? []).filter((r) => claimed.includes(r))
  // A consultant works as one staff row: the claim must name the row the account is linked to.
  const consultantOk = !roles.includes('consultant') || (row?.staffId != null && token.claims?.staffId === row.staffId)
  const effective = consultantOk ? roles : roles.filter((r) => r !== 'consultant')
  if (!row || !allows(needed, effective)) throw forbidden(staffMessages.forbidden)
  // The row's staff_id is a foreign key to a staff row: a StaffId by the schema, branded here once.
  return { uid: row.uid, email: row.email, roles: effective, staffId: effective.includes('consultant') ? (row.staffId as StaffId | null) : null }
}

/**
 * Mounts a staff registry at `/api/staff/<name>`: token (401), role (403), then the query (GET) or
 * JSON body (POST) validated with the call's schema (400), then the handler; the answer is checked
 * against the call's response schema on the way out (a drift is our 500). Several registries may be
 * mounted (the consultation loop's contract/staff-calls.ts, the operator's desk's own).
 */
export function mountStaffCalls<R extends StaffRegistry>(app: Hono, deps: Deps, registry: R, handlers: StaffHandlers<R>): void {
  for (const name of Object.keys(registry) as (keyof R & string)[]) {
    const call = registry[name]
    // Must stay: a handler takes its own call's input, which the schema above has just parsed; the
    // loop over names cannot carry that link in the type.
    const handler = handlers[name] as unknown as (ctx: StaffHandlerCtx<unknown>) => Promise<unknown>
    const route = `${STAFF_API_PREFIX}${name}`
    // No control character anywhere (contract/fields.ts), then the call's own schema.
    const request = v.pipe(NoControlChars, call.request)
    const run = async (c: Context) => {
      const me = await authenticateStaff(c, deps, call.role)
      let raw: unknown
      if (call.method === 'GET') {
        checkQuerySize(c.req.url)
        raw = c.req.query()
      } else raw = await readJsonBody(c.req.raw, call.bodyLimit ?? DEFAULT_BODY_LIMIT)
      const parsed = v.safeParse(request, raw)
      if (!parsed.success) throw invalid(issueMessage(parsed.issues))
      const operator = me.roles.includes('operator')
      const actingRole = call.role === 'staff' ? (operator ? 'operator' : 'consultant') : call.role
      const out = await handler({
        input: parsed.output,
        deps,
        me: () => me,
        actor: () => ({ uid: me.uid, email: me.email, role: actingRole }),
        isOperator: () => operator,
        staffScope: (requested) => {
          if (operator) {
            const id = requested ?? me.staffId
            if (!id) throw invalid(staffMessages.staffIdNeeded)
            return id
          }
          if (!me.staffId) throw forbidden(staffMessages.forbidden)
          if (requested && requested !== me.staffId) throw forbidden(staffMessages.notOwnStaff)
          return me.staffId
        },
        header: (h) => c.req.header(h),
      })
      const checked = v.safeParse(call.response, out)
      if (!checked.success) throw new Error(`response of staff call ${name} breaks the contract: ${v.summarize(checked.issues)}`)
      return c.json(checked.output as object)
    }
    if (call.method === 'GET') app.get(route, run)
    else app.post(route, run)
  }
}
