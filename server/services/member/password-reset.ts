import { randomInt, timingSafeEqual } from 'node:crypto'
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { members, passwordResets } from '../../db/schema'
import { addMinutes } from '../../domain/time'
import { invalid, serverErrors } from '../../domain/errors'
import type { Deps } from '../deps'
import { mails, sendSecurityMail } from '../../mail/member-mails'

const RESET_CODE_MINUTES = 30
/** Tries one reset code survives: the 5th wrong one leaves it void. */
const RESET_CODE_TRIES = 5

const sameCode = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/** Mails a new 6-digit code to the member of `email` (lower-cased); `Member Not Found.` otherwise. */
export async function mailResetCode(deps: Deps, email: string): Promise<void> {
  const [m] = await deps.db.select().from(members).where(eq(members.email, email))
  if (!m) throw invalid(serverErrors.memberNotFound)
  const code = String(randomInt(100000, 1000000))
  const expiresAt = addMinutes(deps.clock.now(), RESET_CODE_MINUTES)
  // One live code per member (partial unique index): a new request replaces the unused row, so
  // the older code is void and the tries start again.
  await deps.db
    .insert(passwordResets)
    .values({ memberId: m.memberId, code, expiresAt, attempts: 0 })
    .onConflictDoUpdate({ target: passwordResets.memberId, targetWhere: sql`used_at is null`, set: { code, expiresAt, attempts: 0 } })
  await mails.resetCode(deps.mailer, m.email, code, `${deps.config.appOrigin}/password-reset?email=${encodeURIComponent(m.email)}`)
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
  await sendSecurityMail(() => mails.passwordReset(deps.mailer, m.email, now, deps.config.appOrigin))
}
