import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto'
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Mail } from '../../adapters/mailer'
import type { Tx } from '../../db/client'
import { members, passwordResets } from '../../db/schema'
import { addMinutes, type Clock } from '../../domain/time'
import { invalid, serverErrors } from '../../domain/errors'
import type { Config } from '../../config'
import type { Deps } from '../deps'
import { mails } from '../../mail/member-mails'
import { notify, type OutboxRow } from '../../infra/outbox'

const RESET_CODE_MINUTES = 30
/** Tries one reset code survives: the 5th wrong one leaves it void. */
const RESET_CODE_TRIES = 5

const sameCode = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

const resetLink = (config: Pick<Config, 'appOrigin'>, email: string) => `${config.appOrigin}/password-reset?email=${encodeURIComponent(email)}`

/** A new live code for the member: one live code per member (partial unique index), so an older one is void and the tries start again. */
async function newCode(tx: Tx, memberId: string, now: Date): Promise<string> {
  const code = String(randomInt(100000, 1000000))
  const expiresAt = addMinutes(now, RESET_CODE_MINUTES)
  await tx
    .insert(passwordResets)
    .values({ memberId, code, expiresAt, attempts: 0 })
    .onConflictDoUpdate({ target: passwordResets.memberId, targetWhere: sql`used_at is null`, set: { code, expiresAt, attempts: 0 } })
  return code
}

/**
 * Mails a new 6-digit code to the member of `email` (lower-cased); `Member Not Found.` otherwise.
 * The code and its message are written together; the outbox delivers it (docs/server.md "Outbox").
 */
export async function mailResetCode(deps: Deps, email: string): Promise<void> {
  const [m] = await deps.db.select().from(members).where(eq(members.email, email))
  if (!m) throw invalid(serverErrors.memberNotFound)
  await deps.db.transaction(async (tx) => {
    const code = await newCode(tx, m.memberId, deps.clock.now())
    // Each request is its own message; `ref` lets the delivery build it again (resetCodeMail).
    await notify(tx, deps, { kind: 'reset-code', key: `reset-code:${randomUUID()}`, ref: m.memberId, mail: mails.resetCode(m.email, code, resetLink(deps.config, m.email)) })
  })
}

/**
 * The reset-code message as it goes now (the outbox's renderer of kind `reset-code`): the member's
 * live code, or a new one where it expired or its tries are spent — a mail delayed by a mail
 * server away, or resent from the desk, carries a code that works. Null: the member is gone.
 */
export async function resetCodeMail(tx: Tx, deps: { clock: Clock; config: Pick<Config, 'appOrigin'> }, row: Pick<OutboxRow, 'ref'>): Promise<Mail | null> {
  if (!row.ref) return null
  const [m] = await tx.select().from(members).where(eq(members.memberId, row.ref))
  if (!m || m.deletedAt) return null
  const now = deps.clock.now()
  const [live] = await tx
    .select({ code: passwordResets.code })
    .from(passwordResets)
    .where(and(eq(passwordResets.memberId, m.memberId), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now), lt(passwordResets.attempts, RESET_CODE_TRIES)))
  const code = live?.code ?? (await newCode(tx, m.memberId, now))
  return mails.resetCode(m.email, code, resetLink(deps.config, m.email))
}

/** Sets the new password when `authCode` is the member's live code; each try spends one of its tries. */
export async function resetPassword(deps: Deps, email: string, authCode: string, newPassword: string): Promise<void> {
  const now = deps.clock.now()
  const [m] = await deps.db.select().from(members).where(eq(members.email, email))
  if (!m) throw invalid(serverErrors.authCodeInvalid)
  // Each try takes one of the code's tries in one statement, so parallel guesses cannot share a
  // try: 50 at once compare at most 5, then the code matches nothing.
  const [live] = await deps.db
    .update(passwordResets)
    .set({ attempts: sql`${passwordResets.attempts} + 1` })
    .where(and(eq(passwordResets.memberId, m.memberId), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now), lt(passwordResets.attempts, RESET_CODE_TRIES)))
    .returning({ id: passwordResets.id, code: passwordResets.code })
  if (!live || !sameCode(live.code, authCode)) throw invalid(serverErrors.authCodeInvalid)
  // The right code is spent once: two submissions at once cannot both set a password.
  const [claimed] = await deps.db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.id, live.id), isNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id })
  if (!claimed) throw invalid(serverErrors.authCodeInvalid)
  try {
    await deps.identity.updateUser(m.memberId, { password: newPassword })
  } catch (e) {
    // The password did not change: give the code back (unless a newer one replaced it meanwhile).
    await deps.db.update(passwordResets).set({ usedAt: null }).where(eq(passwordResets.id, live.id)).catch(() => {})
    throw e
  }
  // The security notice after the change (docs/server.md "Security mails"): written to the outbox
  // once the password is set; the identity provider is no transaction of ours.
  await notify(deps.db, deps, { kind: 'password-reset', key: `password-reset:${live.id}`, mail: mails.passwordReset(m.email, now, deps.config.appOrigin) })
}
